import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ACCOUNT_ADMINS,
  EDGE_CLIENT_PAGE_SIZE,
  edgeClientListQuerySchema,
  isAccessAllowed,
  type EdgeClient,
  type EdgeClientDetail,
  type EdgeClientSort,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { ConfirmDeleteButton, useLastPageWhenPastEnd, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatNumber, formatTotal } from '../../i18n';
import { useDeleteEdgeClient, useEdgeClients, useIndustryName } from './api';
import { EdgeClientAddDialog } from './edge-client-add-dialog';
import { EdgeClientEditDialog } from './edge-client-edit-dialog';
import { formatMoment } from './edge-client-text';
import { EdgeClientViewDialog } from './edge-client-view-dialog';

export const EDGE_CLIENTS_PATH = '/edgeClientKey';
export const EDGE_CLIENT_VIEW_PATTERN = '/edgeClientKey/:clientId';

/** The client id of a view address, or null when it is not one. */
function parseClientId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * `/edgeClientKey`: the edge clients of the industries the user sees, newest
 * first or by e-mail, searched by e-mail and paged on the server, with the
 * industry, search, order and page in the URL. `/edgeClientKey/{id}` is the
 * same screen with the client's keys open. Account admins add, edit and delete
 * clients and generate and revoke keys; everyone else looks.
 */
export function EdgeClientList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  // An industry's own users see their industry's clients; the others choose an industry (or see all theirs).
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const ownIndustry = user && ownTenantId !== undefined ? { id: ownTenantId, name: user.account.name } : null;
  const listOptions = useMemo(
    () => ({
      fixed:
        ownTenantId === undefined
          ? { pageSize: EDGE_CLIENT_PAGE_SIZE }
          : { pageSize: EDGE_CLIENT_PAGE_SIZE, tenantId: ownTenantId },
    }),
    [ownTenantId],
  );
  const list = useListState(edgeClientListQuerySchema, listOptions);
  const clients = useEdgeClients(list.query);
  const remove = useDeleteEdgeClient();
  const canWrite = user !== null && isAccessAllowed(ACCOUNT_ADMINS, user);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<EdgeClient | null>(null);
  useDocumentTitle(`${t('pages.edgeClients')} · ${t('common.appName')}`);

  const { data } = clients;
  const { setPage } = list;
  useLastPageWhenPastEnd(clients, list.query.page, setPage);

  const tenantId = list.query.tenantId;
  const industryName = useIndustryName(ownIndustry === null ? tenantId : undefined);
  const viewMatch = useMatch(EDGE_CLIENT_VIEW_PATTERN);
  const viewedId = parseClientId(viewMatch?.params.clientId);
  const openView = (id: number) =>
    void navigate({ pathname: `${EDGE_CLIENTS_PATH}/${id}`, search: location.search });
  const closeView = () => void navigate({ pathname: EDGE_CLIENTS_PATH, search: location.search });
  const onCreated = (client: EdgeClientDetail) => {
    setIsAdding(false);
    openView(client.id);
  };

  const columns: DataTableColumn<EdgeClient>[] = [
    {
      key: 'email',
      header: t('edgeClients.email'),
      cellProps: { fw: 500, style: { overflowWrap: 'anywhere' } },
      render: (client) => client.emailId,
    },
    ...(ownIndustry === null && tenantId === undefined
      ? [
          {
            key: 'industry',
            header: t('edgeClients.industry'),
            render: (client: EdgeClient) => client.tenant.name,
          },
        ]
      : []),
    {
      key: 'keys',
      header: t('edgeClients.keysColumn'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (client) => `${formatNumber(client.keyUsed)} / ${formatNumber(client.keyAllowed)}`,
    },
    {
      key: 'added',
      header: t('edgeClients.addedOn'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (client) => formatMoment(client.createdAt),
    },
    {
      key: 'actions',
      header: t('edgeClients.actions'),
      render: (client) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => openView(client.id)}
            aria-label={t('edgeClients.viewNamed', { email: client.emailId })}
          >
            {t('edgeClients.view')}
          </Button>
          {canWrite && (
            <>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setEditing(client)}
                aria-label={t('edgeClients.editNamed', { email: client.emailId })}
              >
                {t('edgeClients.edit')}
              </Button>
              <ConfirmDeleteButton
                label={t('edgeClients.delete')}
                accessibleName={t('edgeClients.deleteNamed', { email: client.emailId })}
                confirmMessage={t('edgeClients.deleteConfirm', { email: client.emailId })}
                onDelete={() => remove.mutateAsync(client)}
                successMessage={t('edgeClients.deleted')}
                failureMessage={t('edgeClients.deleteError')}
              />
            </>
          )}
        </Group>
      ),
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (list.query.page - 1) * list.query.pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;
  const sorts: { value: EdgeClientSort; label: string }[] = [
    { value: 'newest', label: t('edgeClients.sortNewest') },
    { value: 'email', label: t('edgeClients.sortEmail') },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.edgeClients')}</Title>
          <Text c="dimmed" size="sm">
            {t('edgeClients.intro')}
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setIsAdding(true)}>{t('edgeClients.add')}</Button>}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          {ownIndustry === null && (
            <IndustrySearchSelect
              value={tenantId}
              onChange={(next) => list.change({ tenantId: next })}
              valueLabel={industryName.data}
              width={340}
              texts={{
                label: t('edgeClients.industry'),
                placeholder: t('edgeClients.allIndustries'),
                hint: t('edgeClients.industrySearchHint'),
                nothingFound: t('edgeClients.industryNothingFound'),
                searchError: t('edgeClients.industrySearchError'),
              }}
            />
          )}
          <UrlSearchInput
            value={list.query.search}
            onSearch={(search) => list.change({ search })}
            label={t('edgeClients.search')}
            placeholder={t('edgeClients.searchPlaceholder')}
          />
          <Select
            label={t('edgeClients.sort')}
            data={sorts}
            value={list.query.sort}
            onChange={(value) => list.change({ sort: sorts.find((sort) => sort.value === value)?.value })}
            allowDeselect={false}
            w={170}
          />
          {list.isFiltered && (
            <Button variant="subtle" onClick={list.clear}>
              {t('edgeClients.clearFilters')}
            </Button>
          )}
        </Group>
      </Paper>

      <ListResult
        query={clients}
        rows={rows}
        errorTitle={t('edgeClients.loadError')}
        empty={list.isFiltered ? t('edgeClients.noMatch') : t('edgeClients.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(client) => client.id}
          caption={t('edgeClients.caption', { from, to, total: formatTotal(data) })}
          minWidth={760}
          isRefreshing={clients.isPlaceholderData}
        />
      </ListResult>

      {data && (
        <Pagination
          page={list.query.page}
          pageCount={data.pageCount}
          total={data}
          disabled={clients.isFetching}
          onChange={setPage}
        />
      )}

      <EdgeClientAddDialog
        opened={isAdding}
        ownIndustry={ownIndustry}
        suggestedIndustry={tenantId === undefined ? null : { id: tenantId, name: industryName.data }}
        onClose={() => setIsAdding(false)}
        onCreated={onCreated}
      />
      <EdgeClientEditDialog client={editing} onClose={() => setEditing(null)} />
      <EdgeClientViewDialog clientId={viewedId} canWrite={canWrite} onClose={closeView} />
    </Stack>
  );
}
