import { Button, Group, Title } from '@mantine/core';
import { findEntityType, type MonitoringPoint } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { MonitoringPointFreshness } from '../device-readings';
import { useDeleteMonitoringPoint, useMonitoringPoints } from './api';
import { entityPropName, entityTypeLabel } from './entity-type-text';
import { MonitoringPointDialog } from './monitoring-point-dialog';

type Editing = { point: MonitoringPoint | null } | null;

/** "Stack height: 72 m · Fuel: Coal": the properties entered for the point, in its type's order. */
function detailsOf(t: TFunction, point: MonitoringPoint): string {
  const type = findEntityType(point.entityType);
  return (type?.properties ?? [])
    .filter((prop) => point.properties[prop.key] !== null && point.properties[prop.key] !== undefined)
    .map((prop) => {
      const value = String(point.properties[prop.key]);
      return `${entityPropName(t, prop)}: ${prop.unit ? `${value} ${prop.unit}` : value}`;
    })
    .join(' · ');
}

const locationOf = (point: MonitoringPoint) =>
  point.latitude === null || point.longitude === null ? null : `${point.latitude}, ${point.longitude}`;

/**
 * An industry's monitoring points on its detail view: the list by type and
 * name, and for those who may change the industry, add, edit and delete.
 */
export function MonitoringPointsSection({ tenantId, canManage }: { tenantId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const points = useMonitoringPoints(tenantId);
  const remove = useDeleteMonitoringPoint(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const items = points.data?.items;
  const limit = points.data?.limit ?? 0;
  const isFull = items !== undefined && items.length >= limit;

  const columns: DataTableColumn<MonitoringPoint>[] = [
    {
      key: 'name',
      header: t('devices.points.name'),
      cellProps: { fw: 500 },
      render: (point) => point.name,
    },
    {
      key: 'type',
      header: t('devices.points.type'),
      render: (point) => entityTypeLabel(t, point.entityType),
    },
    {
      key: 'details',
      header: t('devices.points.details'),
      render: (point) => detailsOf(t, point) || t('common.notSet'),
    },
    {
      key: 'location',
      header: t('devices.points.location'),
      render: (point) => locationOf(point) ?? t('devices.points.noLocation'),
    },
    {
      key: 'devices',
      header: t('devices.points.devices'),
      render: (point) => point.deviceCount,
    },
    {
      key: 'freshness',
      header: t('readings.freshness.column'),
      render: (point) => <MonitoringPointFreshness tenantId={tenantId} entityId={point.id} />,
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: t('devices.points.actions'),
            render: (point: MonitoringPoint) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing({ point })}
                  aria-label={t('devices.points.editNamed', { name: point.name })}
                >
                  {t('devices.points.edit')}
                </Button>
                <ConfirmDeleteButton
                  label={t('devices.points.delete')}
                  accessibleName={t('devices.points.deleteNamed', { name: point.name })}
                  confirmMessage={t('devices.points.deleteConfirm', { name: point.name })}
                  onDelete={() => remove.mutateAsync(point)}
                  successMessage={t('devices.points.deleted')}
                  failureMessage={t('devices.points.deleteError')}
                />
              </Group>
            ),
          },
        ]
      : []),
  ];

  const reload = async (id: number | undefined) => {
    const latest = await points.refetch();
    return latest.data?.items.find((item) => item.id === id) ?? null;
  };

  return (
    <section aria-labelledby="tenant-monitoring-points">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="tenant-monitoring-points">
          {t('devices.points.title')}
        </Title>
        {canManage && (
          <Button
            onClick={() => setEditing({ point: null })}
            disabled={items === undefined || isFull}
            title={isFull ? t('devices.points.limitReached', { limit }) : undefined}
          >
            {t('devices.points.add')}
          </Button>
        )}
      </Group>
      <ListResult
        query={points}
        rows={items}
        errorTitle={t('devices.points.loadError')}
        empty={t('devices.points.empty')}
      >
        <DataTable
          columns={columns}
          rows={items}
          getRowKey={(point) => point.id}
          caption={t('devices.points.caption', { count: items?.length ?? 0, limit })}
          minWidth={820}
          skeletonRows={2}
        />
      </ListResult>
      <MonitoringPointDialog
        opened={editing !== null}
        tenantId={tenantId}
        point={editing?.point ?? null}
        onClose={() => setEditing(null)}
        onReload={() => reload(editing?.point?.id)}
      />
    </section>
  );
}
