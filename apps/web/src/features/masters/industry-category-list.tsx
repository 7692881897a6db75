import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { IndustryCategory } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { formatNumber } from '../../i18n';
import { useDeleteIndustry } from './api/delete-industry';
import { useIndustries } from './api/get-industries';
import { IndustryCategoriesEditDialog } from './industry-categories-edit-dialog';

type DialogState = { category: IndustryCategory | null } | null;

/** `/industry-category` (site users): the industry category master: add, edit, delete. */
export function IndustryCategoryList() {
  const { t } = useTranslation();
  const industries = useIndustries();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('q') ?? '';
  const [dialog, setDialog] = useState<DialogState>(null);
  useDocumentTitle(`${t('pages.industryCategories')} · ${t('common.appName')}`);

  // The master is small (tens of rows), so it is filtered here rather than on the server.
  const needle = filter.trim().toLowerCase();
  const rows = industries.data?.filter((item) => !needle || item.name.toLowerCase().includes(needle));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.industryCategories')}</Title>
        <Button onClick={() => setDialog({ category: null })}>{t('masters.categories.add')}</Button>
      </Group>
      <TextInput
        type="search"
        label={t('masters.categories.filter')}
        placeholder={t('masters.categories.filterPlaceholder')}
        value={filter}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setSearchParams(
            (params) => {
              const next = new URLSearchParams(params);
              if (value) next.set('q', value);
              else next.delete('q');
              return next;
            },
            { replace: true },
          );
        }}
        w={300}
      />

      <ListResult
        query={industries}
        rows={rows}
        errorTitle={t('masters.categories.loadError')}
        empty={needle ? t('masters.categories.noMatch') : t('masters.categories.empty')}
      >
        <CategoryTable rows={rows} onEdit={(category) => setDialog({ category })} />
      </ListResult>

      <IndustryCategoriesEditDialog
        opened={dialog !== null}
        category={dialog?.category ?? null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function CategoryTable({
  rows,
  onEdit,
}: {
  rows: IndustryCategory[] | undefined;
  onEdit: (category: IndustryCategory) => void;
}) {
  const { t } = useTranslation();

  const columns: DataTableColumn<IndustryCategory>[] = [
    {
      key: 'name',
      header: t('masters.categories.name'),
      cellProps: { fw: 500 },
      render: (category) => category.name,
    },
    {
      key: 'industries',
      header: t('masters.categories.industries'),
      align: 'right',
      render: (category) => formatNumber(category.tenantCount),
    },
    {
      key: 'actions',
      header: t('masters.actions'),
      render: (category) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onEdit(category)}
            aria-label={t('masters.categories.editCategory', { name: category.name })}
          >
            {t('masters.edit')}
          </Button>
          <DeleteCategoryButton category={category} />
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowKey={(category) => category.id}
      caption={t('masters.categories.caption', { count: rows?.length ?? 0 })}
      minWidth={560}
    />
  );
}

function DeleteCategoryButton({ category }: { category: IndustryCategory }) {
  const { t } = useTranslation();
  const deleteIndustry = useDeleteIndustry();
  return (
    <ConfirmDeleteButton
      label={t('masters.delete')}
      accessibleName={t('masters.categories.deleteCategory', { name: category.name })}
      confirmMessage={t('masters.categories.confirmDelete', { name: category.name })}
      onDelete={() => deleteIndustry.mutateAsync(category.id)}
      successMessage={t('masters.categories.deleted')}
      failureMessage={t('masters.categories.deleteError')}
    />
  );
}
