import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ModelType } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { useModelTypes } from './api';
import { ModelTypeDialog } from './model-type-dialog';

/** `/model/types` (site users): what models measure — CEMS, CAAQMS, Water Quality, … — with their models counted. */
export function ModelTypeList() {
  const { t } = useTranslation();
  const modelTypes = useModelTypes();
  const [dialog, setDialog] = useState<{ modelType: ModelType | null } | null>(null);
  useDocumentTitle(`${t('pages.modelTypes')} · ${t('common.appName')}`);

  const columns: DataTableColumn<ModelType>[] = [
    { key: 'type', header: t('devices.modelTypes.type'), cellProps: { fw: 500 }, render: (row) => row.type },
    {
      key: 'description',
      header: t('devices.modelTypes.description'),
      render: (row) =>
        row.description ?? (
          <Text span c="dimmed">
            {t('common.notSet')}
          </Text>
        ),
    },
    {
      key: 'models',
      header: t('devices.modelTypes.models'),
      align: 'right',
      render: (row) => row.modelCount,
    },
    {
      key: 'actions',
      header: t('devices.actions'),
      render: (row) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setDialog({ modelType: row })}
          aria-label={t('devices.modelTypes.editNamed', { type: row.type })}
        >
          {t('devices.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.modelTypes')}</Title>
        <Button onClick={() => setDialog({ modelType: null })}>{t('devices.modelTypes.add')}</Button>
      </Group>
      <ListResult
        query={modelTypes}
        rows={modelTypes.data}
        errorTitle={t('devices.modelTypes.loadError')}
        empty={t('devices.modelTypes.empty')}
      >
        <DataTable
          columns={columns}
          rows={modelTypes.data}
          getRowKey={(row) => row.id}
          caption={t('devices.modelTypes.caption', { count: modelTypes.data?.length ?? 0 })}
          minWidth={560}
        />
      </ListResult>
      <ModelTypeDialog
        opened={dialog !== null}
        modelType={dialog?.modelType ?? null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
