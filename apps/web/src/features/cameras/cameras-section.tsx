import { Badge, Button, Group, Text, Title } from '@mantine/core';
import type { Camera } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useCameraPoints, useCameras, useDeleteCamera } from './api';
import { CameraDialog } from './camera-dialog';

type Editing = { camera: Camera | null } | null;

/**
 * An industry's cameras on its detail view, beside its monitoring points: the
 * list by name with the token's last characters only, and for those who may
 * change the industry, add, edit and delete.
 */
export function CamerasSection({ tenantId, canManage }: { tenantId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const cameras = useCameras(tenantId);
  const points = useCameraPoints(tenantId);
  const remove = useDeleteCamera(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const items = cameras.data?.items;
  const limit = cameras.data?.limit ?? 0;
  const isFull = items !== undefined && items.length >= limit;
  const hasNoPoints = points.data !== undefined && points.data.items.length === 0;
  const notSet = t('common.notSet');

  const columns: DataTableColumn<Camera>[] = [
    {
      key: 'name',
      header: t('cameras.cameras.name'),
      cellProps: { fw: 500 },
      render: (camera) => camera.name,
    },
    {
      key: 'point',
      header: t('cameras.cameras.monitoringPoint'),
      render: (camera) => camera.monitoringPoint.name,
    },
    {
      key: 'provisionId',
      header: t('cameras.cameras.provisionId'),
      render: (camera) => (
        <Text ff="monospace" size="sm">
          {camera.provisionId}
        </Text>
      ),
    },
    {
      key: 'viewerId',
      header: t('cameras.cameras.viewerId'),
      render: (camera) =>
        camera.viewerId ? (
          <Text ff="monospace" size="sm">
            {camera.viewerId}
          </Text>
        ) : (
          notSet
        ),
    },
    {
      key: 'token',
      header: t('cameras.cameras.tokenHint'),
      render: (camera) => (
        <Text ff="monospace" size="sm">
          {camera.authTokenHint}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('cameras.cameras.status'),
      render: (camera) =>
        camera.status === 'ENABLED' ? (
          <Badge variant="light" color="teal">
            {t('cameras.cameras.enabled')}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t('cameras.cameras.disabled')}
          </Badge>
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: t('cameras.cameras.actions'),
            render: (camera: Camera) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing({ camera })}
                  aria-label={t('cameras.cameras.editNamed', { name: camera.name })}
                >
                  {t('cameras.cameras.edit')}
                </Button>
                <ConfirmDeleteButton
                  label={t('cameras.cameras.delete')}
                  accessibleName={t('cameras.cameras.deleteNamed', { name: camera.name })}
                  confirmMessage={t('cameras.cameras.deleteConfirm', { name: camera.name })}
                  onDelete={() => remove.mutateAsync(camera)}
                  successMessage={t('cameras.cameras.deleted')}
                  failureMessage={t('cameras.cameras.deleteError')}
                />
              </Group>
            ),
          },
        ]
      : []),
  ];

  const reload = async (id: number | undefined) => {
    const latest = await cameras.refetch();
    return latest.data?.items.find((item) => item.id === id) ?? null;
  };

  const addTitle = isFull
    ? t('cameras.cameras.limitReached', { limit })
    : hasNoPoints
      ? t('cameras.cameras.needsPoint')
      : undefined;

  return (
    <section aria-labelledby="tenant-cameras">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="tenant-cameras">
          {t('cameras.cameras.title')}
        </Title>
        {canManage && (
          <Button
            onClick={() => setEditing({ camera: null })}
            disabled={items === undefined || points.data === undefined || isFull || hasNoPoints}
            title={addTitle}
          >
            {t('cameras.cameras.add')}
          </Button>
        )}
      </Group>
      <ListResult
        query={cameras}
        rows={items}
        errorTitle={t('cameras.cameras.loadError')}
        empty={canManage && hasNoPoints ? t('cameras.cameras.needsPoint') : t('cameras.cameras.empty')}
      >
        <DataTable
          columns={columns}
          rows={items}
          getRowKey={(camera) => camera.id}
          caption={t('cameras.cameras.caption', { count: items?.length ?? 0, limit })}
          minWidth={820}
          skeletonRows={2}
        />
      </ListResult>
      <CameraDialog
        opened={editing !== null}
        tenantId={tenantId}
        camera={editing?.camera ?? null}
        onClose={() => setEditing(null)}
        onReload={() => reload(editing?.camera?.id)}
      />
    </section>
  );
}
