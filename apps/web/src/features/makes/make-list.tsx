import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Make } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { useAllMakes } from './api';
import { MakeDialog } from './make-dialog';

/**
 * `/makes` (site users): the makers of analysers, calibrators and cameras,
 * with how many models each has. A few dozen makes: listed whole, by name;
 * each name leads to the make's models.
 */
export function MakeList() {
  const { t } = useTranslation();
  const makes = useAllMakes();
  const [dialog, setDialog] = useState<{ make: Make | null } | null>(null);
  useDocumentTitle(`${t('pages.makes')} · ${t('common.appName')}`);

  const columns: DataTableColumn<Make>[] = [
    {
      key: 'name',
      header: t('devices.makes.name'),
      cellProps: { fw: 500 },
      // The make's models are on a screen of their own.
      render: (make) => (
        <Anchor component={Link} to={`/makes/${make.id}/models`} inherit>
          {make.name}
        </Anchor>
      ),
    },
    { key: 'type', header: t('devices.makes.type'), render: (make) => t(`devices.makeTypes.${make.type}`) },
    {
      key: 'models',
      header: t('devices.makes.models'),
      align: 'right',
      render: (make) => make.modelCount,
    },
    {
      key: 'actions',
      header: t('devices.actions'),
      render: (make) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setDialog({ make })}
          aria-label={t('devices.makes.editNamed', { name: make.name })}
        >
          {t('devices.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.makes')}</Title>
        <Button onClick={() => setDialog({ make: null })}>{t('devices.makes.add')}</Button>
      </Group>
      <ListResult
        query={makes}
        rows={makes.data}
        errorTitle={t('devices.makes.loadError')}
        empty={t('devices.makes.empty')}
      >
        <DataTable
          columns={columns}
          rows={makes.data}
          getRowKey={(make) => make.id}
          caption={t('devices.makes.caption', { count: makes.data?.length ?? 0 })}
          minWidth={560}
        />
      </ListResult>
      <MakeDialog opened={dialog !== null} make={dialog?.make ?? null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
