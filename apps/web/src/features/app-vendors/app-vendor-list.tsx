import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  APP_VENDOR_PAGE_SIZE,
  appVendorListQuerySchema,
  type AppVendor,
  type AppVendorWithToken,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatNumber, formatTotal } from '../../i18n';
import { useAppVendors, useRegenerateToken } from './api';
import { AppVendorAddDialog } from './app-vendor-add-dialog';
import { formatMoment } from './app-vendor-text';
import { AppVendorTokenDialog, type IssuedAppToken } from './app-vendor-token-dialog';

const FIXED = { pageSize: APP_VENDOR_PAGE_SIZE } as const;

/** `/appTenant?appId=&appName=`: the industries of one app (spec §2). */
export function appTenantsPath(app: Pick<AppVendor, 'id' | 'appName'>): string {
  return `/appTenant?${new URLSearchParams({ appId: String(app.id), appName: app.appName }).toString()}`;
}

/**
 * `/appVendor` (the platform's admins: every app) and `/partner/appVendor`
 * (a partner's admins: the apps they added). Add an app (its first token is
 * shown once), regenerate a token after confirming, and go to an app's
 * industries. Paged and searched on the server; the URL holds page and search.
 */
export function AppVendorList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isPlatform = user?.userType === 'site';
  const { query, change, setPage } = useListState(appVendorListQuerySchema, { fixed: FIXED });
  const apps = useAppVendors(query);
  const regenerate = useRegenerateToken();
  const [isAdding, setIsAdding] = useState(false);
  const [issued, setIssued] = useState<IssuedAppToken | null>(null);
  useDocumentTitle(`${t('pages.appVendors')} · ${t('common.appName')}`);

  const showToken = (app: AppVendorWithToken) => setIssued({ token: app.token, appName: app.appName });

  const regenerateToken = async (app: AppVendor) => {
    const confirmed = await dialogs.confirm({
      title: t('appVendors.regenerateTitle'),
      message: t('appVendors.regenerateConfirm', { name: app.appName }),
      confirmLabel: t('appVendors.regenerate'),
      destructive: true,
    });
    if (!confirmed) return;
    regenerate.mutate(app.id, {
      onSuccess: (renewed) => {
        notifySuccess(t('appVendors.notices.tokenRegenerated'));
        showToken(renewed);
      },
      onError: () => notifyFailure(t('appVendors.notices.tokenFailed')),
    });
  };

  const notSet = t('common.notSet');
  const columns: DataTableColumn<AppVendor>[] = [
    {
      key: 'name',
      header: t('appVendors.columns.appName'),
      cellProps: { fw: 500 },
      render: (app) => app.appName,
    },
    {
      key: 'appId',
      header: t('appVendors.columns.appId'),
      render: (app) => (
        <Text ff="monospace" size="sm">
          {app.appId}
        </Text>
      ),
    },
    ...(isPlatform
      ? [
          {
            key: 'partner',
            header: t('appVendors.columns.partner'),
            render: (app: AppVendor) => app.partner?.name ?? t('appVendors.platform'),
          },
        ]
      : []),
    {
      key: 'token',
      header: t('appVendors.columns.token'),
      render: (app) =>
        app.tokenHint ? (
          <Stack gap={0}>
            <Text ff="monospace" size="sm">
              {app.tokenHint}
            </Text>
            {app.tokenIssuedAt && (
              <Text size="xs" c="dimmed">
                {t('appVendors.issuedOn', { when: formatMoment(app.tokenIssuedAt) })}
              </Text>
            )}
          </Stack>
        ) : (
          notSet
        ),
    },
    {
      key: 'lastUsed',
      header: t('appVendors.columns.lastUsed'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (app) => (app.tokenLastUsedAt ? formatMoment(app.tokenLastUsedAt) : t('appVendors.neverUsed')),
    },
    {
      key: 'tenants',
      header: t('appVendors.columns.tenants'),
      align: 'right',
      render: (app) => formatNumber(app.tenantCount),
    },
    {
      key: 'actions',
      header: t('appVendors.columns.actions'),
      render: (app) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={appTenantsPath(app)}
            aria-label={t('appVendors.tenantsNamed', { name: app.appName })}
          >
            {t('appVendors.tenantsAction')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void regenerateToken(app)}
            loading={regenerate.isPending && regenerate.variables === app.id}
            aria-label={t('appVendors.regenerateNamed', { name: app.appName })}
          >
            {t('appVendors.regenerate')}
          </Button>
        </Group>
      ),
    },
  ];

  const rows = apps.data?.items;
  const from = rows && rows.length > 0 ? (query.page - 1) * query.pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.appVendors')}</Title>
          <Text c="dimmed" size="sm" maw={720}>
            {isPlatform ? t('appVendors.intro') : t('appVendors.introPartner')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm" underline="always">
              {t('appVendors.docsLink')}
            </Anchor>
          </Text>
        </Stack>
        <Button onClick={() => setIsAdding(true)}>{t('appVendors.add')}</Button>
      </Group>

      <Paper withBorder radius="md" p="md">
        <UrlSearchInput
          value={query.search}
          onSearch={(search) => change({ search })}
          label={t('appVendors.search')}
          placeholder={t('appVendors.searchPlaceholder')}
        />
      </Paper>

      <ListResult
        query={apps}
        rows={rows}
        errorTitle={t('appVendors.loadError')}
        empty={query.search ? t('appVendors.noMatch') : t('appVendors.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(app) => app.id}
          caption={t('appVendors.caption', { from, to, total: formatTotal(apps.data) })}
          minWidth={isPlatform ? 1080 : 920}
          isRefreshing={apps.isPlaceholderData}
        />
      </ListResult>

      {apps.data && (
        <Pagination
          page={query.page}
          pageCount={apps.data.pageCount}
          total={apps.data}
          disabled={apps.isFetching}
          onChange={setPage}
        />
      )}

      <AppVendorAddDialog
        opened={isAdding}
        onClose={() => setIsAdding(false)}
        onCreated={(app) => {
          setIsAdding(false);
          showToken(app);
        }}
      />
      <AppVendorTokenDialog issued={issued} onClose={() => setIssued(null)} />
    </Stack>
  );
}
