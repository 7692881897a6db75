import { Badge, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { USER_STATUSES, type UserStatus, type UserSummary } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { Pagination } from '../../components/pagination';
import { AccountSelect } from '../accounts/account-select';
import { useCorporates } from '../masters/api/get-corporates';
import { useUsers } from './api/get-users';
import { useResetUserPassword } from './api/reset-user-password';
import { UserAddDialog } from './users-add-dialog';
import { UserEditDialog } from './users-edit-dialog';
import { UserStatusSwitch } from './user-status-switch';

export const USER_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'ALL';

function readPositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function readStatus(value: string | null): UserStatus | undefined {
  return USER_STATUSES.find((status) => status === value);
}

/** `/users` ('List of Users'): paged and filtered on the server, every filter in the URL. */
export function UserList() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const isSite = sessionUser?.userType === 'site';
  // Other users see only their own account's users, so there is no account to choose.
  const canPickAccount = isSite || sessionUser?.userType === 'partner';
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPositiveInt(searchParams.get('page')) ?? 1;
  const status = readStatus(searchParams.get('status'));
  const accountId = readPositiveInt(searchParams.get('accountId'));
  const corporateId = isSite ? readPositiveInt(searchParams.get('corporateId')) : undefined;
  const search = searchParams.get('search')?.trim() || undefined;
  const [searchText, setSearchText] = useState(search ?? '');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  useDocumentTitle(`${t('people.users.title')} · ${t('common.appName')}`);

  const users = useUsers({ page, pageSize: USER_PAGE_SIZE, status, accountId, corporateId, search });
  const corporates = useCorporates({}, isSite);

  /** Changes filters; any filter change goes back to page 1. */
  const updateParams = (changes: Record<string, string | undefined>, { keepPage = false } = {}) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: !keepPage },
    );

  const applySearch = useDebouncedCallback((text: string) => {
    updateParams({ search: text.trim() || undefined });
  }, SEARCH_DEBOUNCE_MS);

  const accountLabel =
    accountId !== undefined
      ? users.data?.items.find((u) => u.accountId === accountId)?.accountName
      : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('people.users.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('people.users.add')}</Button>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            type="search"
            label={t('people.users.search')}
            placeholder={t('people.users.searchPlaceholder')}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            // Leaving the box (e.g. to click a row) sends a pending search now, on this page.
            onBlur={() => applySearch.flush()}
            w={260}
          />
          <Select
            label={t('people.users.statusFilter')}
            data={[
              { value: ALL, label: t('people.users.all') },
              ...USER_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
            ]}
            value={status ?? ALL}
            onChange={(value) => updateParams({ status: value === ALL ? undefined : (value ?? undefined) })}
            allowDeselect={false}
            w={160}
          />
          {canPickAccount && (
            <AccountSelect
              label={t('people.users.accountFilter')}
              placeholder={t('people.users.allAccounts')}
              value={accountId ?? null}
              valueLabel={accountLabel}
              onChange={(account) => updateParams({ accountId: account ? String(account.id) : undefined })}
            />
          )}
          {isSite && (
            <Select
              label={t('people.users.corporateFilter')}
              placeholder={
                corporates.isError ? t('people.users.corporatesError') : t('people.users.allCorporates')
              }
              data={(corporates.data ?? []).map((corporate) => ({
                value: String(corporate.id),
                label: corporate.name,
              }))}
              value={corporateId !== undefined ? String(corporateId) : null}
              onChange={(value) => updateParams({ corporateId: value ?? undefined })}
              searchable
              clearable
              disabled={corporates.isLoading}
              w={220}
            />
          )}
        </Group>
      </Paper>

      {users.isError ? (
        <DataTableError title={t('people.users.loadError')} query={users} />
      ) : users.data && users.data.items.length === 0 ? (
        <DataTableEmpty>{t('people.users.empty')}</DataTableEmpty>
      ) : (
        <>
          <UserTable
            users={users.data?.items}
            total={users.data?.total}
            isRefreshing={users.isPlaceholderData}
            currentUserId={sessionUser?.id}
            onEdit={setEditing}
          />
          <Pagination
            page={users.data?.page ?? page}
            pageCount={users.data?.pageCount ?? 1}
            onChange={(next) => updateParams({ page: String(next) }, { keepPage: true })}
            disabled={users.isFetching}
          />
        </>
      )}

      <UserAddDialog opened={adding} accountId={accountId ?? 0} onClose={() => setAdding(false)} />
      {editing && <UserEditDialog opened user={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

interface UserTableProps {
  users: UserSummary[] | undefined;
  total: number | undefined;
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
    { key: 'phone', header: t('people.users.phone'), render: (user) => user.phone || notSet },
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
      caption={t('people.users.caption', { count: total ?? users?.length ?? 0 })}
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
