import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  APP_VENDOR_PAGE_SIZE,
  appVendorTenantListQuerySchema,
  parsePageNumber,
  type AppVendorTenant,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatTotal } from '../../i18n';
import { useAppVendorTenants, useRemoveAppVendorTenant } from './api';
import { AppTenantsAddDialog } from './app-tenants-add-dialog';
import { formatMoment } from './app-vendor-text';
import { useMetaSheetDownload } from './use-meta-sheet-download';

const FIXED = { pageSize: APP_VENDOR_PAGE_SIZE } as const;

/** The app the URL names (`?appId=&appName=`); null when the id is not one. */
function useAppFromUrl() {
  const [params] = useSearchParams();
  const id = parsePageNumber(params.get('appId'));
  return id === null ? null : { id, appName: params.get('appName')?.trim() || `#${id}` };
}

/**
 * `/appTenant?appId=&appName=`: the industries a push-data app may send
 * readings for. Add industries (searchable multi-select), remove one after
 * confirming, and download an industry's meta sheet for the app's developers.
 */
export function AppTenantList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const app = useAppFromUrl();
  const backPath = user?.userType === 'partner' ? '/partner/appVendor' : '/appVendor';
  useDocumentTitle(`${t('pages.appTenants')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={backPath} size="sm">
          {t('appVendors.tenants.back')}
        </Anchor>
        <Title order={1}>{t('pages.appTenants')}</Title>
        {app && (
          <Text c="dimmed" size="sm">
            {t('appVendors.tenants.intro', { name: app.appName })}
          </Text>
        )}
      </Stack>
      {app ? (
        <AppTenants app={app} showPartner={user?.userType === 'site'} />
      ) : (
        <Alert color="orange" variant="light">
          {t('appVendors.tenants.noApp')}
        </Alert>
      )}
    </Stack>
  );
}

function AppTenants({ app, showPartner }: { app: { id: number; appName: string }; showPartner: boolean }) {
  const { t } = useTranslation();
  const { query, change, setPage } = useListState(appVendorTenantListQuerySchema, { fixed: FIXED });
  const tenants = useAppVendorTenants(app.id, query);
  const remove = useRemoveAppVendorTenant(app.id);
  const sheet = useMetaSheetDownload();
  const [isAdding, setIsAdding] = useState(false);
  const notSet = t('common.notSet');

  const columns: DataTableColumn<AppVendorTenant>[] = [
    {
      key: 'name',
      header: t('appVendors.tenants.columns.industry'),
      cellProps: { fw: 500 },
      render: (tenant) => tenant.name,
    },
    {
      key: 'place',
      header: t('appVendors.tenants.columns.place'),
      render: (tenant) => [tenant.city, tenant.stateCode].filter((part) => part).join(', ') || notSet,
    },
    ...(showPartner
      ? [
          {
            key: 'partner',
            header: t('appVendors.tenants.columns.partner'),
            render: (tenant: AppVendorTenant) => tenant.partnerName ?? notSet,
          },
        ]
      : []),
    {
      key: 'added',
      header: t('appVendors.tenants.columns.added'),
      render: (tenant) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoment(tenant.addedAt)}
          </Text>
          {tenant.addedBy && (
            <Text size="xs" c="dimmed">
              {t('appVendors.tenants.addedBy', { name: tenant.addedBy })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('appVendors.columns.actions'),
      render: (tenant) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void sheet.download({ id: tenant.tenantId, name: tenant.name })}
            loading={sheet.pendingTenantId === tenant.tenantId}
            aria-label={t('appVendors.metaSheet.downloadNamed', { name: tenant.name })}
          >
            {t('appVendors.metaSheet.download')}
          </Button>
          <ConfirmDeleteButton
            label={t('appVendors.tenants.remove')}
            accessibleName={t('appVendors.tenants.removeNamed', { name: tenant.name })}
            confirmMessage={t('appVendors.tenants.removeConfirm', { name: tenant.name, app: app.appName })}
            onDelete={() => remove.mutateAsync(tenant.tenantId)}
            successMessage={t('appVendors.tenants.removed')}
            failureMessage={t('appVendors.tenants.removeError')}
          />
        </Group>
      ),
    },
  ];

  const rows = tenants.data?.items;
  const from = rows && rows.length > 0 ? (query.page - 1) * query.pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <UrlSearchInput
            value={query.search}
            onSearch={(search) => change({ search })}
            label={t('appVendors.tenants.search')}
            placeholder={t('appVendors.tenants.searchPlaceholder')}
          />
          <Button onClick={() => setIsAdding(true)} disabled={tenants.isError}>
            {t('appVendors.tenants.add')}
          </Button>
        </Group>
      </Paper>

      <ListResult
        query={tenants}
        rows={rows}
        errorTitle={t('appVendors.tenants.loadError')}
        empty={query.search ? t('appVendors.tenants.noMatch') : t('appVendors.tenants.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(tenant) => tenant.tenantId}
          caption={t('appVendors.tenants.caption', {
            name: app.appName,
            from,
            to,
            total: formatTotal(tenants.data),
          })}
          minWidth={showPartner ? 980 : 820}
          isRefreshing={tenants.isPlaceholderData}
        />
      </ListResult>

      {tenants.data && (
        <Pagination
          page={query.page}
          pageCount={tenants.data.pageCount}
          total={tenants.data}
          disabled={tenants.isFetching}
          onChange={setPage}
        />
      )}

      <AppTenantsAddDialog opened={isAdding} app={app} onClose={() => setIsAdding(false)} />
    </>
  );
}
