import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import {
  ALERT_TYPES,
  alertsEndpoints,
  exportAlarmsEndpoint,
  isAccessAllowed,
  type Alert,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../app/api-client';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { formatDataTime } from '../../components/freshness-badge';
import {
  ExportCsvButton,
  type ListStateChange,
  useLastPageWhenPastEnd,
  ListResult,
} from '../../components/list';
import { Pagination } from '../../components/pagination';
import { SegmentedChoice } from '../../components/segmented-choice';
import { formatTotal } from '../../i18n';
import { useAcknowledgeAlert } from './api/acknowledge-alert';
import { useAlerts } from './api/get-alerts';
import { AlertCounts } from './alert-counts';
import { alertSubject, formatAlertValue } from './alert-text';
import { ALL_TYPES, alertTypeOf, type alertsScreenQuerySchema, type TypeChoice } from './alerts-query';

type ScreenQuery = z.output<typeof alertsScreenQuerySchema>;

const TYPE_COLORS: Record<Alert['type'], string> = { EXCEEDANCE: 'red', OFFLINE: 'orange' };

export interface AlertListProps {
  /** One industry's alerts and counts; undefined: every industry the user sees. */
  tenantId: number | undefined;
  /** Whether the industry is the user's own (an industry's own users see nothing else). */
  isOwnIndustry: boolean;
  /** The chosen industry's name, once known. */
  industryName: string | undefined;
  query: ScreenQuery;
  onChange: (change: ListStateChange<typeof alertsScreenQuerySchema>) => void;
  onPage: (page: number) => void;
}

/**
 * The alerts, newest first, 20 a page on the server, by type and open only,
 * asked again each minute; for one industry with its counts above. Who looks
 * after an industry (site, partner and its own users) acknowledges an alert
 * after confirming; the row then shows who did and when.
 */
export function AlertList({
  tenantId,
  isOwnIndustry,
  industryName,
  query,
  onChange,
  onPage,
}: AlertListProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { alertType, open, page } = query;
  const alerts = useAlerts(tenantId, { alertType, open, page });
  const acknowledge = useAcknowledgeAlert();
  const canAcknowledge = user !== null && isAccessAllowed(alertsEndpoints.acknowledgeAlert.access, user);
  const isFiltered = alertType !== undefined || open === true;
  const { data } = alerts;

  useLastPageWhenPastEnd(alerts, page, onPage);

  const askAcknowledge = async (alert: Alert) => {
    const confirmed = await dialogs.confirm({
      title: t('alerts.acknowledgeTitle'),
      message: t('alerts.acknowledgeConfirm', {
        type: t(`alerts.types.${alert.type}`),
        subject: alertSubject(t, alert),
        started: formatDataTime(alert.startedAt),
      }),
      confirmLabel: t('alerts.acknowledge'),
    });
    if (!confirmed) return;
    acknowledge.mutate(alert.id, {
      onSuccess: () => notifySuccess(t('alerts.acknowledged')),
      onError: (error) =>
        notifyFailure(
          // The one rule acknowledging can break: the alert was acknowledged already.
          hasErrorCode(error, 'BUSINESS_RULE')
            ? t('alerts.messages.alreadyAcknowledged')
            : isApiError(error) && error.status < 500
              ? getErrorMessage(t, error)
              : t('alerts.acknowledgeError'),
        ),
    });
  };

  const notSet = t('common.notSet');
  const columns: DataTableColumn<Alert>[] = [
    {
      key: 'type',
      header: t('alerts.columns.type'),
      render: (alert) => (
        <Badge color={TYPE_COLORS[alert.type]} variant="light" title={t(`alerts.typeHelp.${alert.type}`)}>
          {t(`alerts.types.${alert.type}`)}
        </Badge>
      ),
    },
    ...(tenantId === undefined
      ? [
          {
            key: 'industry',
            header: t('alerts.columns.industry'),
            render: (alert: Alert) => alert.tenantName,
          },
        ]
      : []),
    {
      key: 'point',
      header: t('alerts.columns.monitoringPoint'),
      render: (alert) => alert.monitoringPointName ?? notSet,
    },
    {
      key: 'device',
      header: t('alerts.columns.device'),
      cellProps: { fw: 500 },
      render: (alert) => alert.deviceName,
    },
    {
      key: 'parameter',
      header: t('alerts.columns.parameter'),
      render: (alert) => alert.parameterLabel ?? notSet,
    },
    {
      key: 'limit',
      header: t('alerts.columns.limit'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (alert) => (alert.limit === null ? notSet : formatAlertValue(alert.limit, alert.unit)),
    },
    {
      key: 'values',
      header: t('alerts.columns.values'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (alert) =>
        alert.peakValue === null ? (
          notSet
        ) : (
          <Stack gap={0}>
            <AlertValue label={t('alerts.values.first')} value={alert.firstValue} unit={alert.unit} />
            <AlertValue label={t('alerts.values.peak')} value={alert.peakValue} unit={alert.unit} strong />
            <AlertValue label={t('alerts.values.last')} value={alert.lastValue} unit={alert.unit} />
          </Stack>
        ),
    },
    {
      key: 'provenance',
      header: t('alerts.columns.provenance'),
      render: (alert) =>
        alert.provenance.length === 0 ? (
          notSet
        ) : (
          <Group gap={4}>
            {alert.provenance.map((provenance) => (
              <Badge
                key={provenance}
                size="sm"
                variant="light"
                color={provenance === 'measured' ? 'gray' : 'orange'}
              >
                {t(`alerts.provenance.${provenance}`)}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'started',
      header: t('alerts.columns.started'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (alert) => formatDataTime(alert.startedAt),
    },
    {
      key: 'ended',
      header: t('alerts.columns.ended'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (alert) =>
        alert.endedAt === null ? (
          <Badge color="red" variant="outline">
            {t('alerts.open')}
          </Badge>
        ) : (
          formatDataTime(alert.endedAt)
        ),
    },
    {
      key: 'acknowledged',
      header: t('alerts.columns.acknowledged'),
      render: (alert) =>
        alert.acknowledgedAt !== null ? (
          <Stack gap={0}>
            <Text size="sm">
              {t('alerts.acknowledgedBy', { name: alert.acknowledgedBy ?? t('alerts.someone') })}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('alerts.acknowledgedAt', { time: formatDataTime(alert.acknowledgedAt) })}
            </Text>
          </Stack>
        ) : canAcknowledge ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void askAcknowledge(alert)}
            loading={acknowledge.isPending && acknowledge.variables === alert.id}
            aria-label={t('alerts.acknowledgeNamed', { subject: alertSubject(t, alert) })}
          >
            {t('alerts.acknowledge')}
          </Button>
        ) : (
          notSet
        ),
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (page - 1) * (data?.pageSize ?? 20) + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;
  const types: { value: TypeChoice; label: string }[] = [
    { value: ALL_TYPES, label: t('alerts.filters.allTypes') },
    ...ALERT_TYPES.map((type) => ({ value: type, label: t(`alerts.types.${type}`) })),
  ];

  return (
    <Stack gap="lg">
      {tenantId !== undefined && (
        <AlertCounts
          tenantId={tenantId}
          title={
            isOwnIndustry
              ? t('alerts.counts.labelOwn')
              : industryName
                ? t('alerts.counts.label', { industry: industryName })
                : t('alerts.counts.labelChosen')
          }
        />
      )}

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Stack gap={4}>
            <Text id="alert-type-filter" size="sm" fw={500}>
              {t('alerts.filters.type')}
            </Text>
            <SegmentedChoice
              aria-labelledby="alert-type-filter"
              value={alertType ?? ALL_TYPES}
              onChange={(choice) => onChange({ alertType: alertTypeOf(choice) })}
              data={types}
            />
          </Stack>
          <Checkbox
            label={t('alerts.filters.openOnly')}
            checked={open === true}
            onChange={(event) => onChange({ open: event.currentTarget.checked ? true : undefined })}
            mb={8}
          />
          {isFiltered && (
            <Button variant="subtle" onClick={() => onChange({ alertType: undefined, open: undefined })}>
              {t('alerts.filters.clear')}
            </Button>
          )}
          {/* The export is of every industry the user sees (an industry's own users: theirs), with these filters. */}
          {(tenantId === undefined || isOwnIndustry) && (
            <ExportCsvButton
              endpoint={exportAlarmsEndpoint}
              query={{ alertType, ...(open === true && { open: 'true' as const }) }}
            />
          )}
        </Group>
      </Paper>

      <ListResult
        query={alerts}
        rows={rows}
        errorTitle={t('alerts.loadError')}
        empty={isFiltered ? t('alerts.noMatch') : t('alerts.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(alert) => alert.id}
          caption={t('alerts.caption', { from, to, total: formatTotal(data) })}
          minWidth={tenantId === undefined ? 1320 : 1200}
          isRefreshing={alerts.isPlaceholderData}
        />
      </ListResult>

      {data && (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          total={data}
          disabled={alerts.isFetching}
          onChange={onPage}
        />
      )}
    </Stack>
  );
}

function AlertValue({
  label,
  value,
  unit,
  strong = false,
}: {
  label: string;
  value: number | null;
  unit: string | null;
  strong?: boolean;
}) {
  if (value === null) return null;
  return (
    <Text size="sm" fw={strong ? 600 : undefined}>
      <Text span size="xs" c="dimmed">
        {label}
      </Text>{' '}
      {formatAlertValue(value, unit)}
    </Text>
  );
}
