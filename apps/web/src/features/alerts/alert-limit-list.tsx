import { Badge, Button, Stack, Text } from '@mantine/core';
import { alertsEndpoints, isAccessAllowed, type AlertLimit } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { formatNumber } from '../../i18n';
import { useAlertLimits } from './api/alert-limits';
import { AlertLimitEditDialog } from './alert-limit-edit-dialog';
import { unitLabel } from './alert-text';

/**
 * An industry's limit of each parameter at each monitoring point: the
 * board's standard, the industry's own, the one in force, and whether it
 * alerts. Account administrators change the industry's own limit and switch.
 */
export function AlertLimitList({ tenantId }: { tenantId: number | undefined }) {
  const { t } = useTranslation();
  if (tenantId === undefined) return <DataTableEmpty>{t('alerts.limits.chooseIndustry')}</DataTableEmpty>;
  return <IndustryLimits tenantId={tenantId} />;
}

function IndustryLimits({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const limits = useAlertLimits(tenantId);
  const canEdit = user !== null && isAccessAllowed(alertsEndpoints.saveAlertLimit.access, user);
  const [editing, setEditing] = useState<AlertLimit | null>(null);
  const notSet = t('common.notSet');
  const number = (value: number | null) => (value === null ? notSet : formatNumber(value));

  const columns: DataTableColumn<AlertLimit>[] = [
    {
      key: 'point',
      header: t('alerts.limits.columns.monitoringPoint'),
      render: (limit) => limit.monitoringPointName,
    },
    {
      key: 'parameter',
      header: t('alerts.limits.columns.parameter'),
      cellProps: { fw: 500 },
      render: (limit) => limit.parameterLabel,
    },
    {
      key: 'standard',
      header: t('alerts.limits.columns.standard'),
      align: 'right',
      render: (limit) =>
        limit.standardLimit === null ? t('alerts.limits.none') : number(limit.standardLimit),
    },
    {
      key: 'own',
      header: t('alerts.limits.columns.own'),
      align: 'right',
      render: (limit) => number(limit.customLimit),
    },
    {
      key: 'inForce',
      header: t('alerts.limits.columns.inForce'),
      align: 'right',
      cellProps: { fw: 600 },
      render: (limit) => number(limit.limit),
    },
    {
      key: 'unit',
      header: t('alerts.limits.columns.unit'),
      render: (limit) => unitLabel(limit.unit) || notSet,
    },
    {
      key: 'alert',
      header: t('alerts.limits.columns.alert'),
      render: (limit) => (
        <Badge variant="light" color={limit.enabled && limit.limit !== null ? 'teal' : 'gray'}>
          {limit.enabled ? t('alerts.limits.on') : t('alerts.limits.off')}
        </Badge>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: t('alerts.limits.columns.actions'),
            render: (limit: AlertLimit) => (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setEditing(limit)}
                aria-label={t('alerts.limits.editNamed', {
                  parameter: limit.parameterLabel,
                  point: limit.monitoringPointName,
                })}
              >
                {t('alerts.limits.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const rows = limits.data;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('alerts.limits.intro')}
      </Text>
      <ListResult
        query={limits}
        rows={rows}
        errorTitle={t('alerts.limits.loadError')}
        empty={t('alerts.limits.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(limit) => `${limit.monitoringPointId}-${limit.parameterId}`}
          caption={t('alerts.limits.caption', { total: formatNumber(rows?.length ?? 0) })}
          minWidth={canEdit ? 860 : 760}
        />
      </ListResult>
      <AlertLimitEditDialog limit={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
