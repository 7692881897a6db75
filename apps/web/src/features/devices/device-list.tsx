import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ACCOUNT_ADMINS,
  deviceListQuerySchema,
  exportDevicesEndpoint,
  isAccessAllowed,
  PAGE_SIZES,
  type Device,
  type DeviceSummary,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import {
  ExportCsvButton,
  type ListStateChange,
  useLastPageWhenPastEnd,
  useListState,
  ListResult,
  ListPager,
} from '../../components/list';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatNumber, formatTotal } from '../../i18n';
import { AccountSelect } from '../accounts';
import { useDevices, type DevicePage } from './api/get-devices';
import { DeviceDialog, type DeviceDialogTarget } from './device-form/device-dialog';
import {
  DEVICE_ADD_PATH,
  DEVICE_EDIT_PATTERN,
  DEVICES_PATH,
  parseDeviceId,
  type DeviceListState,
} from './device-paths';
import { DeviceRecordsDialogs, type DeviceRecordsTarget } from './device-records-dialogs';
import { DeviceRowActions, type DeviceRecordsKind } from './device-row-actions';

export const DEVICE_PAGE_SIZE = PAGE_SIZES.default;
const ALL = 'ALL';
const STATUSES = ['ENABLED', 'DISABLED'] as const;
type DeviceListChange = ListStateChange<typeof deviceListQuerySchema>;

/**
 * `/devices`: the devices (analysers) of the industries the user sees, paged
 * and searched on the server by name, serial number or tag, with the
 * industry, page and search in the URL. `/devices/add` and
 * `/devices/{id}/edit` are the same screen with the device dialog open.
 */
export function DeviceList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  // An industry's own users see their industry's devices; the others choose an industry (or see all theirs).
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const listOptions = useMemo(
    () => ({
      fixed:
        ownTenantId === undefined
          ? { pageSize: DEVICE_PAGE_SIZE }
          : { pageSize: DEVICE_PAGE_SIZE, tenantId: ownTenantId },
    }),
    [ownTenantId],
  );
  const list = useListState(deviceListQuerySchema, listOptions);
  const devices = useDevices(list.query);
  const canEdit = user !== null && isAccessAllowed(ACCOUNT_ADMINS, user);
  const [records, setRecords] = useState<DeviceRecordsTarget | null>(null);
  useDocumentTitle(`${t('deviceRegistry.title')} · ${t('common.appName')}`);

  const { data } = devices;
  const { setPage } = list;
  useLastPageWhenPastEnd(devices, list.query.page, setPage);

  const tenantId = list.query.tenantId;
  const tenantName =
    tenantId === undefined ? undefined : data?.items.find((item) => item.tenant.id === tenantId)?.tenant.name;

  const isAdding = useMatch(DEVICE_ADD_PATH) !== null;
  const editMatch = useMatch(DEVICE_EDIT_PATTERN);
  const dialog: DeviceDialogTarget | null = !canEdit
    ? null
    : isAdding
      ? { kind: 'add', tenantId: tenantId ?? null, tenantName }
      : editMatch
        ? { kind: 'edit', id: parseDeviceId(editMatch.params.deviceId) }
        : null;
  const closeDialog = () => {
    // Opened from the list: back to it, as the browser's Back does. Opened by its address: the list replaces it.
    if ((location.state as DeviceListState | null)?.fromList) void navigate(-1);
    else void navigate({ pathname: DEVICES_PATH, search: location.search }, { replace: true });
  };
  const onSaved = (device: Device) => {
    if (isAdding) {
      // Spec §2: the list is where a new device leads, with its industry chosen.
      const search = ownTenantId === undefined ? `?tenantId=${device.tenant.id}` : '';
      void navigate(`${DEVICES_PATH}${search}`, { replace: true });
    } else closeDialog();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('deviceRegistry.title')}</Title>
        <Group gap="sm">
          <ExportCsvButton endpoint={exportDevicesEndpoint} query={list.query} />
          {canEdit && (
            <Button
              component={Link}
              to={{ pathname: DEVICE_ADD_PATH, search: location.search }}
              state={{ fromList: true } satisfies DeviceListState}
            >
              {t('deviceRegistry.list.add')}
            </Button>
          )}
        </Group>
      </Group>

      <DeviceFilters
        query={list.query}
        tenantName={tenantName}
        canPickIndustry={ownTenantId === undefined}
        isFiltered={list.isFiltered}
        onChange={list.change}
        onClear={list.clear}
      />

      <ListResult
        query={devices}
        rows={data?.items}
        errorTitle={t('deviceRegistry.messages.loadError')}
        empty={list.isFiltered ? t('deviceRegistry.list.noMatch') : t('deviceRegistry.list.empty')}
      >
        <DeviceTable
          page={data}
          isRefreshing={devices.isPlaceholderData}
          showIndustry={ownTenantId === undefined && tenantId === undefined}
          search={location.search}
          canEdit={canEdit}
          onOpenRecords={(device, kind) => setRecords({ device, kind })}
        />
        <ListPager query={devices} onChange={setPage} />
      </ListResult>

      <DeviceDialog
        target={dialog}
        canPickIndustry={ownTenantId === undefined}
        canAddVendor={canEdit}
        onSaved={onSaved}
        onClose={closeDialog}
      />
      <DeviceRecordsDialogs target={records} canEdit={canEdit} onClose={() => setRecords(null)} />
    </Stack>
  );
}

interface DeviceFiltersProps {
  query: {
    search?: string | undefined;
    status?: 'ENABLED' | 'DISABLED' | undefined;
    tenantId?: number | undefined;
  };
  tenantName: string | undefined;
  canPickIndustry: boolean;
  isFiltered: boolean;
  onChange: (change: DeviceListChange) => void;
  onClear: () => void;
}

function DeviceFilters({
  query,
  tenantName,
  canPickIndustry,
  isFiltered,
  onChange,
  onClear,
}: DeviceFiltersProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        {canPickIndustry && (
          <AccountSelect
            label={t('deviceRegistry.fields.industry')}
            placeholder={t('deviceRegistry.list.allIndustries')}
            value={query.tenantId ?? null}
            {...(tenantName !== undefined && { valueLabel: tenantName })}
            types={['tenant']}
            onChange={(account) => onChange({ tenantId: account?.id })}
          />
        )}
        <UrlSearchInput
          value={query.search}
          onSearch={(search) => onChange({ search })}
          label={t('deviceRegistry.list.search')}
          placeholder={t('deviceRegistry.list.searchPlaceholder')}
        />
        <Select
          label={t('deviceRegistry.fields.status')}
          data={[
            { value: ALL, label: t('deviceRegistry.list.allStatuses') },
            ...STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
          value={query.status ?? ALL}
          onChange={(value) => onChange({ status: STATUSES.find((status) => status === value) })}
          allowDeselect={false}
          w={160}
        />
        {isFiltered && (
          <Button variant="subtle" onClick={onClear}>
            {t('deviceRegistry.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

interface DeviceTableProps {
  page: DevicePage | undefined;
  isRefreshing: boolean;
  showIndustry: boolean;
  search: string;
  canEdit: boolean;
  onOpenRecords?: (device: DeviceSummary, kind: DeviceRecordsKind) => void;
}

function DeviceTable({ page, isRefreshing, showIndustry, search, canEdit, onOpenRecords }: DeviceTableProps) {
  const { t } = useTranslation();
  const from = page && page.items.length > 0 ? (page.page - 1) * DEVICE_PAGE_SIZE + 1 : 0;
  const to = page ? from + page.items.length - 1 : 0;

  const columns: DataTableColumn<DeviceSummary>[] = [
    { key: 'name', header: t('deviceRegistry.fields.name'), cellProps: { fw: 500 }, render: (d) => d.name },
    {
      key: 'serialNumber',
      header: t('deviceRegistry.fields.serialNumber'),
      render: (device) => (
        <Text span ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {device.serialNumber}
        </Text>
      ),
    },
    ...(showIndustry
      ? [
          {
            key: 'industry',
            header: t('deviceRegistry.fields.industry'),
            render: (device: DeviceSummary) => device.tenant.name,
          },
        ]
      : []),
    {
      key: 'monitoringPoint',
      header: t('deviceRegistry.fields.monitoringPoint'),
      render: (device) => device.monitoringPoint.name,
    },
    {
      key: 'model',
      header: t('deviceRegistry.list.makeModel'),
      render: (device) => `${device.model.make.name} ${device.model.name}`,
    },
    {
      key: 'upload',
      header: t('deviceRegistry.fields.dataUploadMethod'),
      render: (device) => device.dataUploadMethod,
    },
    {
      key: 'parameters',
      header: t('deviceRegistry.list.parameters'),
      align: 'right',
      render: (device) => formatNumber(device.parameterCount),
    },
    {
      key: 'status',
      header: t('deviceRegistry.fields.status'),
      render: (device) => (
        <Badge variant="light" color={device.status === 'ENABLED' ? 'teal' : 'gray'}>
          {t(`statuses.${device.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('deviceRegistry.list.actions'),
      render: (device) => (
        <DeviceRowActions device={device} search={search} canEdit={canEdit} onOpenRecords={onOpenRecords} />
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={page?.items}
      getRowKey={(device) => device.id}
      caption={t('deviceRegistry.list.caption', {
        from: formatNumber(from),
        to: formatNumber(to),
        total: formatTotal(page),
      })}
      minWidth={showIndustry ? 1280 : 1140}
      isRefreshing={isRefreshing}
      skeletonRows={8}
    />
  );
}
