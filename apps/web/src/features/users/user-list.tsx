import { Badge, Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  exportUsersEndpoint,
  PAGE_SIZES,
  USER_STATUSES,
  userListQuerySchema,
  type UserSummary,
} from '@vayu/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { ExportCsvButton, useListState, type ListStateChange, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatPhoneNumber } from '../../components/phone';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatNumber, formatTotal } from '../../i18n';
import { AccountSelect } from '../accounts';
import { useCorporates } from '../masters';
import { useUsers } from './api/get-users';
import type { UserListQuery } from './api/user-keys';
import { useResetUserPassword } from './api/reset-user-password';
import { UserAddDialog } from './users-add-dialog';
import { UserEditDialog } from './users-edit-dialog';
import { UserStatusSwitch } from './user-status-switch';

export const USER_PAGE_SIZE = PAGE_SIZES.default;
const LIST_OPTIONS = { fixed: { pageSize: USER_PAGE_SIZE } };
const ALL = 'ALL';
type UserListChange = ListStateChange<typeof userListQuerySchema>;

/** `/users` ('List of Users'): paged and filtered on the server, every filter in the URL. */
export function UserList() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const isSite = sessionUser?.userType === 'site';
  // Other users see only their own account's users, so there is no account to choose.
  const canPickAccount = isSite || sessionUser?.userType === 'partner';
  const list = useListState(userListQuerySchema, LIST_OPTIONS);
  // Only site users filter by corporate; a corporate id in anyone else's URL is ignored.
  const query = isSite ? list.query : { ...list.query, corporateId: undefined };
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  useDocumentTitle(`${t('pages.users')} · ${t('common.appName')}`);

  const users = useUsers(query);
  const { data } = users;
  const { setPage } = list;
  // A page past the end (an old link, or rows that went away) shows the last page instead.
  useEffect(() => {
    if (data && query.page > data.pageCount && !users.isPlaceholderData) setPage(data.pageCount);
  }, [data, query.page, setPage, users.isPlaceholderData]);

  const accountLabel =
    query.accountId !== undefined
      ? data?.items.find((u) => u.accountId === query.accountId)?.accountName
      : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.users')}</Title>
        <Group gap="sm">
          <ExportCsvButton endpoint={exportUsersEndpoint} query={query} />
          <Button onClick={() => setAdding(true)}>{t('people.users.add')}</Button>
        </Group>
      </Group>

      <UserFilters
        query={query}
        accountLabel={accountLabel}
        canPickAccount={canPickAccount}
        canPickCorporate={isSite}
        onChange={list.change}
      />

      <ListResult
        query={users}
        rows={data?.items}
        errorTitle={t('people.users.loadError')}
        empty={t('people.users.empty')}
      >
        <UserTable
          users={data?.items}
          total={data ? formatTotal(data) : undefined}
          isRefreshing={users.isPlaceholderData}
          currentUserId={sessionUser?.id}
          onEdit={setEditing}
        />
        <Pagination
          page={data?.page ?? query.page}
          pageCount={data?.pageCount ?? 1}
          total={data}
          onChange={setPage}
          disabled={users.isFetching}
        />
      </ListResult>

      <UserAddDialog opened={adding} accountId={query.accountId ?? 0} onClose={() => setAdding(false)} />
      {editing && <UserEditDialog opened user={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

interface UserFiltersProps {
  query: UserListQuery;
  accountLabel: string | undefined;
  canPickAccount: boolean;
  canPickCorporate: boolean;
  onChange: (change: UserListChange) => void;
}

function UserFilters({ query, accountLabel, canPickAccount, canPickCorporate, onChange }: UserFiltersProps) {
  const { t } = useTranslation();
  const corporates = useCorporates({}, canPickCorporate);
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UrlSearchInput
          value={query.search}
          onSearch={(search) => onChange({ search })}
          label={t('people.users.search')}
          placeholder={t('people.users.searchPlaceholder')}
        />
        <Select
          label={t('people.users.statusFilter')}
          data={[
            { value: ALL, label: t('people.users.all') },
            ...USER_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
          value={query.status ?? ALL}
          onChange={(value) => onChange({ status: USER_STATUSES.find((status) => status === value) })}
          allowDeselect={false}
          w={160}
        />
        {canPickAccount && (
          <AccountSelect
            label={t('people.users.accountFilter')}
            placeholder={t('people.users.allAccounts')}
            value={query.accountId ?? null}
            valueLabel={accountLabel}
            onChange={(account) => onChange({ accountId: account?.id })}
          />
        )}
        {canPickCorporate && (
          <Select
            label={t('people.users.corporateFilter')}
            placeholder={
              corporates.isError ? t('people.users.corporatesError') : t('people.users.allCorporates')
            }
            data={(corporates.data ?? []).map((corporate) => ({
              value: String(corporate.id),
              label: corporate.name,
            }))}
            value={query.corporateId !== undefined ? String(query.corporateId) : null}
            onChange={(value) => onChange({ corporateId: value ? Number(value) : undefined })}
            searchable
            clearable
            disabled={corporates.isLoading}
            w={220}
          />
        )}
      </Group>
    </Paper>
  );
}

interface UserTableProps {
  users: UserSummary[] | undefined;
  /** The total as worded ("about 98,000", "more than 1,000"). */
  total: string | undefined;
  isRefreshing: boolean;
  currentUserId: number | undefined;
  onEdit: (user: UserSummary) => void;
}

function UserTable({ users, total, isRefreshing, currentUserId, onEdit }: UserTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');

  const columns: DataTableColumn<UserSummary>[] = [
    {
      key: 'name',
      header: t('people.users.name'),
      cellProps: { fw: 500 },
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <span>{user.name}</span>
          {user.isPrimary && (
            <Badge size="xs" variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
              {t('people.users.primary')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', header: t('people.users.email'), render: (user) => user.userName },
    {
      key: 'phone',
      header: t('people.users.phone'),
      render: (user) => formatPhoneNumber(user.phone) ?? notSet,
    },
    { key: 'role', header: t('people.users.role'), render: (user) => t(`roles.${user.role}`) },
    { key: 'account', header: t('people.users.account'), render: (user) => user.accountName },
    {
      key: 'status',
      header: t('people.users.status'),
      render: (user) => (
        <Stack gap={4} align="flex-start">
          <UserStatusSwitch user={user} disabled={user.id === currentUserId} />
          {user.activationAwaited && (
            <Badge size="sm" color="yellow" variant="light">
              {t('people.users.activationAwaited')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('people.users.actions'),
      render: (user) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onEdit(user)}
            aria-label={t('people.users.editUser', { name: user.name })}
          >
            {t('people.users.edit')}
          </Button>
          <ResetPasswordButton user={user} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={users}
      getRowKey={(user) => user.id}
      caption={t('people.users.caption', { total: total ?? formatNumber(users?.length ?? 0) })}
      minWidth={960}
      isRefreshing={isRefreshing}
    />
  );
}

function ResetPasswordButton({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  const resetPassword = useResetUserPassword();

  const onClick = async () => {
    const confirmed = await dialogs.confirm({
      message: t('people.users.resetConfirm', { name: user.name, email: user.userName }),
      confirmLabel: t('people.users.resetSend'),
    });
    if (!confirmed) return;
    try {
      await resetPassword.mutateAsync({ accountId: user.accountId, userId: user.id });
      notifySuccess(t('people.users.resetSent', { email: user.userName }), t('people.users.resetDone'));
    } catch (error) {
      notifyFailure(getErrorMessage(t, error), t('people.users.resetError'));
    }
  };

  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={() => void onClick()}
      loading={resetPassword.isPending}
      aria-label={t('people.users.resetUser', { name: user.name })}
    >
      {t('people.users.reset')}
    </Button>
  );
}
