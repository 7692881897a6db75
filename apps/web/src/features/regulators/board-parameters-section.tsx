import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { BoardParameter, BoardUnit } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useBoardParameters, useBoardUnits, useDeleteBoardParameter, useDeleteBoardUnit } from './api';
import { BoardParameterDialog, BoardUnitDialog } from './board-id-dialogs';
import { explainInUse } from './in-use';

/** The board's ids of catalogue parameters and its names of the console's units. */
export function BoardParametersSection({ statId, canWrite }: { statId: number; canWrite: boolean }) {
  return (
    <Stack gap="xl">
      <ParametersPart statId={statId} canWrite={canWrite} />
      <UnitsPart statId={statId} canWrite={canWrite} />
    </Stack>
  );
}

function ParametersPart({ statId, canWrite }: { statId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const parameters = useBoardParameters(statId);
  const remove = useDeleteBoardParameter(statId);
  const [adding, setAdding] = useState(false);
  const rows = parameters.data?.items;

  const columns: DataTableColumn<BoardParameter>[] = [
    {
      key: 'parameter',
      header: t('regulators.parameters.parameter'),
      cellProps: { fw: 500 },
      render: (row) => row.parameterLabel,
    },
    {
      key: 'stdUnit',
      header: t('regulators.parameters.stdUnit'),
      render: (row) => row.stdUnit ?? t('common.notSet'),
    },
    {
      key: 'spcbParameterId',
      header: t('regulators.parameters.spcbParameterId'),
      cellProps: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
      render: (row) => row.spcbParameterId,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('regulators.actions'),
            render: (row: BoardParameter) => (
              <ConfirmDeleteButton
                label={t('regulators.delete')}
                accessibleName={t('regulators.parameters.deleteNamed', { name: row.parameterLabel })}
                confirmMessage={t('regulators.parameters.deleteConfirm', { name: row.parameterLabel })}
                onDelete={() => explainInUse(remove.mutateAsync(row.id), t('regulators.parameters.inUse'))}
                successMessage={t('regulators.parameters.deleted')}
                failureMessage={t('regulators.parameters.deleteError')}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="board-parameters-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="board-parameters-title">
            {t('regulators.parameters.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.parameters.intro')}
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setAdding(true)}>{t('regulators.parameters.add')}</Button>}
      </Group>
      <ListResult
        query={parameters}
        rows={rows}
        errorTitle={t('regulators.parameters.loadError')}
        empty={t('regulators.parameters.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('regulators.parameters.caption', { count: rows?.length ?? 0 })}
          minWidth={560}
          skeletonRows={3}
        />
      </ListResult>
      {canWrite && (
        <BoardParameterDialog
          opened={adding}
          statId={statId}
          mapped={rows ?? []}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}

function UnitsPart({ statId, canWrite }: { statId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const units = useBoardUnits(statId);
  const remove = useDeleteBoardUnit(statId);
  const [adding, setAdding] = useState(false);
  const rows = units.data?.items;

  const columns: DataTableColumn<BoardUnit>[] = [
    {
      key: 'unit',
      header: t('regulators.units.unit'),
      cellProps: { fw: 500, ff: 'monospace' },
      render: (row) => row.unit,
    },
    {
      key: 'spcbUnit',
      header: t('regulators.units.spcbUnit'),
      cellProps: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
      render: (row) => row.spcbUnit,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('regulators.actions'),
            render: (row: BoardUnit) => (
              <ConfirmDeleteButton
                label={t('regulators.delete')}
                accessibleName={t('regulators.units.deleteNamed', { name: row.unit })}
                confirmMessage={t('regulators.units.deleteConfirm', { name: row.unit })}
                onDelete={() => explainInUse(remove.mutateAsync(row.id), t('regulators.units.inUse'))}
                successMessage={t('regulators.units.deleted')}
                failureMessage={t('regulators.units.deleteError')}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="board-units-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="board-units-title">
            {t('regulators.units.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.units.intro')}
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setAdding(true)}>{t('regulators.units.add')}</Button>}
      </Group>
      <ListResult
        query={units}
        rows={rows}
        errorTitle={t('regulators.units.loadError')}
        empty={t('regulators.units.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('regulators.units.caption', { count: rows?.length ?? 0 })}
          minWidth={420}
          skeletonRows={2}
        />
      </ListResult>
      {canWrite && (
        <BoardUnitDialog
          opened={adding}
          statId={statId}
          mapped={rows ?? []}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
