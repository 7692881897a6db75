import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { IndustryCategory } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import { formatNumber } from '../../i18n';
import { useDeleteIndustry } from './api/delete-industry';
import { useIndustries } from './api/get-industries';
import { IndustryCategoriesEditDialog } from './industry-categories-edit-dialog';

const COLUMN_COUNT = 3;

type DialogState = { category: IndustryCategory | null } | null;

/** `/industry-category` (site users): the industry category master: add, edit, delete. */
export function IndustryCategoryList() {
  const { t } = useTranslation();
  const industries = useIndustries();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('q') ?? '';
  const [dialog, setDialog] = useState<DialogState>(null);
  useDocumentTitle(`${t('masters.categories.title')} · ${t('common.appName')}`);

  // The master is small (tens of rows), so it is filtered here rather than on the server.
  const needle = filter.trim().toLowerCase();
  const rows = industries.data?.filter((item) => !needle || item.name.toLowerCase().includes(needle));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('masters.categories.title')}</Title>
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

      {industries.isError ? (
        <Alert color="red" variant="light" title={t('masters.categories.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, industries.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void industries.refetch()}
              loading={industries.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {needle ? t('masters.categories.noMatch') : t('masters.categories.empty')}
          </Text>
        </Paper>
      ) : (
        <CategoryTable rows={rows} onEdit={(category) => setDialog({ category })} />
      )}

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
  const isLoading = rows === undefined;

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isLoading}>
          <Table.Caption>
            {isLoading ? t('common.loading') : t('masters.categories.caption', { count: rows.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('masters.categories.name')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('masters.categories.industries')}
              </Table.Th>
              <Table.Th scope="col">{t('masters.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading
              ? Array.from({ length: 5 }, (_, row) => (
                  <Table.Tr key={row} aria-hidden>
                    {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((category) => (
                  <Table.Tr key={category.id}>
                    <Table.Td fw={500}>{category.name}</Table.Td>
                    <Table.Td ta="right">{formatNumber(category.tenantCount)}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function DeleteCategoryButton({ category }: { category: IndustryCategory }) {
  const { t } = useTranslation();
  const deleteIndustry = useDeleteIndustry();

  const onClick = async () => {
    const confirmed = await dialogs.confirm({
      message: t('masters.categories.confirmDelete', { name: category.name }),
      confirmLabel: t('masters.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await deleteIndustry.mutateAsync(category.id);
      notifySuccess(t('masters.categories.updated'));
    } catch {
      notifyFailure(t('masters.categories.updateError'));
    }
  };

  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      onClick={() => void onClick()}
      loading={deleteIndustry.isPending}
      aria-label={t('masters.categories.deleteCategory', { name: category.name })}
    >
      {t('masters.delete')}
    </Button>
  );
}
