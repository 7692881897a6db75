import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { industryCategoryBodySchema, type IndustryCategory } from '@vayu/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField, StaleVersionAlert } from '../../components/form';
import { useIndustries } from './api/get-industries';
import { useCreateIndustry, useUpdateIndustry } from './api/save-industry';

interface IndustryCategoriesEditDialogProps {
  opened: boolean;
  /** null adds a category. */
  category: IndustryCategory | null;
  onClose: () => void;
}

type CategoryFormValues = { name: string };

/**
 * Add or rename an industry category. The name is trimmed; a duplicate shows
 * 'Category already exists.' on the field, anything else 'Problem in
 * updating Category.'.
 */
export function IndustryCategoriesEditDialog({
  opened,
  category,
  onClose,
}: IndustryCategoriesEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? t('masters.categories.editTitle') : t('masters.categories.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening, so the form starts from the chosen row. */}
      <CategoryForm key={category?.id ?? 'new'} category={category} onClose={onClose} />
    </Modal>
  );
}

function CategoryForm({ category, onClose }: { category: IndustryCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const industries = useIndustries();
  const createIndustry = useCreateIndustry();
  const updateIndustry = useUpdateIndustry();
  const [version, setVersion] = useState(category?.version ?? 1);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<CategoryFormValues>({
    resolver: zodResolver(industryCategoryBodySchema),
    defaultValues: { name: category?.name ?? '' },
    mode: 'onTouched',
  });

  const reload = async () => {
    if (!category) return;
    const result = await industries.refetch();
    const latest = result.data?.find((item) => item.id === category.id);
    if (latest) {
      reset({ name: latest.name });
      setVersion(latest.version);
      setConflict(false);
    }
  };

  const onSubmit = handleSubmit(async ({ name }) => {
    setConflict(false);
    try {
      if (category) await updateIndustry.mutateAsync({ id: category.id, body: { name, version } });
      else await createIndustry.mutateAsync({ name });
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      applyServerError(error, setError, t, { fields: ['name'], codeFields: { CATEGORY_EXISTS: 'name' } });
      // A name already used is said under the name; anything else also in a notification.
      if (!hasErrorCode(error, 'CATEGORY_EXISTS')) notifyFailure(t('masters.categories.updateError'));
      return;
    }
    notifySuccess(t('masters.categories.updated'));
    onClose();
  });

  const isPending = createIndustry.isPending || updateIndustry.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('masters.conflictTitle')}
            message={t('masters.conflict')}
            reloadLabel={t('masters.reload')}
            onReload={() => void reload()}
            reloading={industries.isFetching}
          />
        )}
        <TextField
          control={control}
          name="name"
          label={t('masters.categories.name')}
          placeholder={t('masters.categories.namePlaceholder')}
          required
          maxLength={100}
          disabled={isPending}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {t('masters.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {category ? t('masters.save') : t('masters.categories.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
