import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { MasterCategory } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useDeleteMasterCategory, useMasterCategories } from './api/master-categories';
import { MasterCategoriesEditDialog } from './master-categories-edit-dialog';

type DialogState = { category: MasterCategory | null } | null;

/**
 * `/master-category` (site users): the master category list — type and
 * description, e.g. the CPCB Red/Orange/Green/White categories — with add,
 * edit and delete. The master is a handful of rows and is listed whole.
 */
export function MasterCategoryList() {
  const { t } = useTranslation();
  const categories = useMasterCategories();
  const [dialog, setDialog] = useState<DialogState>(null);
  useDocumentTitle(`${t('pages.masterCategories')} · ${t('common.appName')}`);

  const columns: DataTableColumn<MasterCategory>[] = [
    {
      key: 'type',
      header: t('masters.masterCategories.type'),
      cellProps: { fw: 500 },
      render: (category) => category.type,
    },
    {
      key: 'description',
      header: t('masters.masterCategories.description'),
      render: (category) =>
        category.description ?? (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'actions',
      header: t('masters.actions'),
      render: (category) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setDialog({ category })}
            aria-label={t('masters.masterCategories.editCategory', { type: category.type })}
          >
            {t('masters.edit')}
          </Button>
          <DeleteMasterCategoryButton category={category} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.masterCategories')}</Title>
        <Button onClick={() => setDialog({ category: null })}>{t('masters.masterCategories.add')}</Button>
      </Group>

      <ListResult
        query={categories}
        rows={categories.data}
        errorTitle={t('masters.masterCategories.loadError')}
        empty={t('masters.masterCategories.empty')}
      >
        <DataTable
          columns={columns}
          rows={categories.data}
          getRowKey={(category) => category.id}
          caption={t('masters.masterCategories.caption', { count: categories.data?.length ?? 0 })}
          minWidth={560}
        />
      </ListResult>

      <MasterCategoriesEditDialog
        opened={dialog !== null}
        category={dialog?.category ?? null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function DeleteMasterCategoryButton({ category }: { category: MasterCategory }) {
  const { t } = useTranslation();
  const remove = useDeleteMasterCategory();
  return (
    <ConfirmDeleteButton
      label={t('masters.delete')}
      accessibleName={t('masters.masterCategories.deleteCategory', { type: category.type })}
      confirmMessage={t('masters.masterCategories.confirmDelete', { type: category.type })}
      onDelete={() => remove.mutateAsync(category.id)}
      successMessage={t('masters.masterCategories.deleted')}
      failureMessage={t('masters.masterCategories.deleteError')}
    />
  );
}
