import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  exportTenantsEndpoint,
  tenantListQuerySchema,
  type TenantListItem,
  type TenantListQuery,
  type TotalKind,
} from '@vayu/domain';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session';
import { FreshnessBadge } from '../../components/freshness-badge';
import { SegmentedChoice } from '../../components/segmented-choice';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  ExportCsvButton,
  type ListStateChange,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { LoadingOverlay } from '../../components/loading-overlay';
import { formatNumber, formatTotal } from '../../i18n';
import { AccountStatusBadge } from '../accounts';
import { usePartnerOptions } from './api/get-lookups';
import { useTenants } from './api/get-tenants';
import { stateName } from './tenant-constants';
import { TENANT_LIST_OPTIONS as LIST_OPTIONS, TENANT_PAGE_SIZE as PAGE_SIZE } from './tenant-list-query';
import { useTenantStatusToggle } from './use-tenant-status-toggle';
import { WorkingStatusText } from './working-status-text';
import { UrlSearchInput } from '../../components/url-search-input';

const ALL = 'all';
type TenantListChange = ListStateChange<typeof tenantListQuerySchema>;
type StatusFilter = TenantListQuery['status'];

type DialogKind = 'subscription' | 'migrate';
type OpenDialog = { kind: DialogKind; tenant: TenantListItem } | null;

/*
 * The row actions' dialogs come with their own code (the subscription's brings
 * the billing screens' parts and schemas), asked for when a pointer or the
 * keyboard reaches an action and drawn once first opened: the list itself
 * starts without them.
 */
const loadSubscriptionDialog = () => import('./tenants-subscription-dialog');
const loadMigrateDialog = () => import('./tenants-migrate-partner-dialog');
const DIALOG_LOADERS: Record<DialogKind, () => Promise<unknown>> = {
  subscription: loadSubscriptionDialog,
  migrate: loadMigrateDialog,
};
const TenantsSubscriptionDialog = lazy(async () => ({
  default: (await loadSubscriptionDialog()).TenantsSubscriptionDialog,
}));
const TenantsMigratePartnerDialog = lazy(async () => ({
  default: (await loadMigrateDialog()).TenantsMigratePartnerDialog,
}));
/** Starts loading a dialog's code before it is needed (a failed load is tried again when it opens). */
function preloadDialog(kind: DialogKind) {
  DIALOG_LOADERS[kind]().catch(() => undefined);
}

/**
 * `/tenants`: one page of industries at a time, searched, filtered and paged on
 * the server (spec §2, issue: must stay fast at 100,000 tenants). Every filter
 * lives in the URL.
 */
export function TenantList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isSite = user?.userType === 'site';
  // Matches the access of /new/tenants/… and POST /create/{type}: site and partner admins.
  const canAdd = (isSite || user?.userType === 'partner') && user?.role === 'admin';
  const list = useListState(tenantListQuerySchema, LIST_OPTIONS);
  const filters = list.query;
  const tenants = useTenants(filters);
  const { toggle, pendingIds } = useTenantStatusToggle();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // A dialog stays drawn once opened, so that it closes with its transition.
  const [drawn, setDrawn] = useState<ReadonlySet<DialogKind>>(() => new Set());
  // Stable, so the table is drawn again only when what it shows changes.
  const onToggle = useCallback((tenant: TenantListItem) => void toggle(tenant), [toggle]);
  const onOpen = useCallback((kind: DialogKind, tenant: TenantListItem) => {
    setDialog({ kind, tenant });
    setDrawn((kinds) => (kinds.has(kind) ? kinds : new Set(kinds).add(kind)));
  }, []);
  useDocumentTitle(`${t('pages.tenants')} · ${t('common.appName')}`);

  const { change, setPage } = list;
  const data = tenants.data;
  useLastPageWhenPastEnd(tenants, filters.page, setPage);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('pages.tenants')}</Title>
        <Group gap="sm">
          <ExportCsvButton endpoint={exportTenantsEndpoint} query={filters} />
          {canAdd && (
            <>
              <Button component={Link} to="/new/tenants/partner/0">
                {t('tenants.list.addIndustry')}
              </Button>
              {isSite && (
                <Button component={Link} to="/new/tenants/statutory/0" variant="default">
                  {t('tenants.list.addStatutory')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Group>

      <TenantFilters
        filters={filters}
        showPartner={isSite}
        onChange={change}
        hasFilters={list.isFiltered}
        onClear={list.clear}
      />

      <ListResult
        query={tenants}
        rows={data?.items}
        errorTitle={t('tenants.list.loadError')}
        empty={t('tenants.list.empty')}
      >
        <TenantTable
          page={data}
          isRefreshing={tenants.isPlaceholderData}
          canToggle={isSite}
          canMigrate={isSite}
          canSeeSubscription={isSite || user?.userType === 'partner'}
          pendingIds={pendingIds}
          onToggle={onToggle}
          onOpen={onOpen}
        />
        <ListPager query={tenants} onChange={(page) => change({ page })} />
      </ListResult>

      <Suspense fallback={<LoadingOverlay visible />}>
        {drawn.has('subscription') && (
          <TenantsSubscriptionDialog
            tenant={dialog?.kind === 'subscription' ? dialog.tenant : null}
            onClose={() => setDialog(null)}
          />
        )}
        {drawn.has('migrate') && (
          <TenantsMigratePartnerDialog
            tenant={dialog?.kind === 'migrate' ? dialog.tenant : null}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}

interface TenantFiltersProps {
  filters: TenantListQuery;
  showPartner: boolean;
  hasFilters: boolean;
  onChange: (change: TenantListChange) => void;
  onClear: () => void;
}

/**
 * Drawn again only when its own props or the partner choices change, not with
 * every answer of the list: each draw of a select positions its list of choices.
 */
const TenantFilters = memo(function TenantFilters({
  filters,
  showPartner,
  hasFilters,
  onChange,
  onClear,
}: TenantFiltersProps) {
  const { t } = useTranslation();
  const partners = usePartnerOptions(showPartner);
  const partnerData = [
    { value: ALL, label: t('tenants.list.allPartners') },
    { value: '-1', label: t('tenants.list.noPartner') },
    ...(partners.data ?? []).map((partner) => ({ value: String(partner.id), label: partner.name })),
  ];
  // A partner id from the URL shows even before (or without) the list of partners.
  if (
    filters.partnerId !== undefined &&
    !partnerData.some((option) => option.value === String(filters.partnerId))
  ) {
    partnerData.push({ value: String(filters.partnerId), label: `#${filters.partnerId}` });
  }
  const remoteValue =
    filters.remoteCalibration === undefined ? ALL : filters.remoteCalibration ? 'true' : 'false';

  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UrlSearchInput
          value={filters.search}
          onSearch={(search) => onChange({ search })}
          label={t('tenants.list.search')}
          placeholder={t('tenants.list.searchPlaceholder')}
        />
        {showPartner && (
          <Select
            label={t('tenants.list.partnerFilter')}
            data={partnerData}
            value={filters.partnerId === undefined ? ALL : String(filters.partnerId)}
            onChange={(value) =>
              onChange({ partnerId: value === null || value === ALL ? undefined : Number(value) })
            }
            allowDeselect={false}
            searchable
            w={220}
          />
        )}
        <Stack gap={4}>
          <Text id="tenant-status-filter" size="sm" fw={500}>
            {t('tenants.list.statusFilter')}
          </Text>
          <SegmentedChoice
            aria-labelledby="tenant-status-filter"
            value={filters.status}
            onChange={(value) => onChange({ status: value as StatusFilter })}
            data={[
              { value: 'all', label: t('tenants.list.all') },
              { value: 'ENABLED', label: t('tenants.list.enabled') },
              { value: 'DISABLED', label: t('tenants.list.disabled') },
            ]}
          />
        </Stack>
        <Select
          label={t('tenants.list.remoteFilter')}
          data={[
            { value: ALL, label: t('tenants.list.remoteAny') },
            { value: 'true', label: t('tenants.list.remoteYes') },
            { value: 'false', label: t('tenants.list.remoteNo') },
          ]}
          value={remoteValue}
          onChange={(value) =>
            onChange({ remoteCalibration: value === 'true' ? true : value === 'false' ? false : undefined })
          }
          allowDeselect={false}
          w={220}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={onClear}>
            {t('tenants.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
});

interface TenantTableProps {
  page: { items: TenantListItem[]; page: number; total: number; totalKind: TotalKind } | undefined;
  isRefreshing: boolean;
  canToggle: boolean;
  canMigrate: boolean;
  canSeeSubscription: boolean;
  pendingIds: ReadonlySet<number>;
  onToggle: (tenant: TenantListItem) => void;
  onOpen: (kind: DialogKind, tenant: TenantListItem) => void;
}

/** Drawn again only when its props change, not with every answer of the other queries of the screen. */
const TenantTable = memo(function TenantTable({
  page,
  isRefreshing,
  canToggle,
  canMigrate,
  canSeeSubscription,
  pendingIds,
  onToggle,
  onOpen,
}: TenantTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const from = page ? (page.page - 1) * PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<TenantListItem>[] = [
    {
      key: 'name',
      header: t('tenants.list.name'),
      cellProps: { fw: 500 },
      render: (tenant) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/accounts/${tenant.type}/${tenant.id}/view`}>
            {tenant.name}
          </Anchor>
          {tenant.isBlocked && (
            <Badge color="red" size="xs" variant="outline">
              {t('tenants.list.blocked')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'category',
      header: t('tenants.list.category'),
      render: (tenant) => tenant.industryName || notSet,
    },
    { key: 'partner', header: t('tenants.list.partner'), render: (tenant) => tenant.partnerName || notSet },
    {
      key: 'location',
      header: t('tenants.list.location'),
      render: (tenant) => [tenant.city, stateName(tenant.stateCode)].filter(Boolean).join(', ') || notSet,
    },
    {
      key: 'workingStatus',
      header: t('tenants.list.workingStatus'),
      render: (tenant) => <WorkingStatusText value={tenant.workingStatus} />,
    },
    {
      // Industries only: partners and boards send no data (their freshness is null).
      key: 'freshness',
      header: t('readings.freshness.column'),
      render: (tenant) =>
        tenant.freshness === null ? (
          notSet
        ) : (
          <FreshnessBadge freshness={tenant.freshness} lastDataAt={tenant.lastDataAt} size="sm" />
        ),
    },
    { key: 'plan', header: t('tenants.list.plan'), render: (tenant) => tenant.planCode || notSet },
    {
      key: 'status',
      header: t('tenants.list.status'),
      render: (tenant) =>
        canToggle && tenant.status !== 'DELETED' ? (
          <Group gap="xs" wrap="nowrap">
            <Switch
              checked={tenant.status === 'ENABLED'}
              onChange={() => onToggle(tenant)}
              disabled={pendingIds.has(tenant.id)}
              aria-label={t('tenants.list.toggleStatus', { name: tenant.name })}
            />
            <AccountStatusBadge status={tenant.status} />
          </Group>
        ) : (
          <AccountStatusBadge status={tenant.status} />
        ),
    },
  ];
  if (canMigrate || canSeeSubscription) {
    columns.push({
      key: 'actions',
      header: t('tenants.list.actions'),
      render: (tenant) => (
        <Group gap={4} wrap="nowrap">
          {canSeeSubscription && (
            <Tooltip label={t('tenants.list.subscription')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('tenants.list.subscriptionOf', { name: tenant.name })}
                onPointerEnter={() => preloadDialog('subscription')}
                onFocus={() => preloadDialog('subscription')}
                onClick={() => onOpen('subscription', tenant)}
              >
                <span aria-hidden>₹</span>
              </ActionIcon>
            </Tooltip>
          )}
          {canMigrate && (
            <Tooltip label={t('tenants.list.migrate')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('tenants.list.migrateOf', { name: tenant.name })}
                onPointerEnter={() => preloadDialog('migrate')}
                onFocus={() => preloadDialog('migrate')}
                onClick={() => onOpen('migrate', tenant)}
              >
                <span aria-hidden>⇄</span>
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(tenant) => tenant.id}
      caption={t('tenants.list.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={1040}
      isRefreshing={isRefreshing}
      skeletonRows={PAGE_SIZE}
    />
  );
});
