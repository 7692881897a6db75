import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { masterCategoryBodySchema, type MasterCategory, type MasterCategoryInput } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField, StaleVersionAlert } from '../../components/form';
import { useMasterCategories, useSaveMasterCategory } from './api/master-categories';

const FORM_FIELDS = ['type', 'description'] as const satisfies readonly FieldPath<MasterCategoryInput>[];

interface MasterCategoriesEditDialogProps {
  opened: boolean;
  /** null adds a category. */
  category: MasterCategory | null;
  onClose: () => void;
}

/** Add or edit a master category (type, description). */
export function MasterCategoriesEditDialog({ opened, category, onClose }: MasterCategoriesEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? t('masters.masterCategories.editTitle') : t('masters.masterCategories.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening, so the form starts from the chosen row. */}
      <MasterCategoryForm key={category?.id ?? 'new'} category={category} onClose={onClose} />
    </Modal>
  );
}

function MasterCategoryForm({ category, onClose }: { category: MasterCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useMasterCategories();
  const save = useSaveMasterCategory();
  const [version, setVersion] = useState(category?.version ?? 1);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<MasterCategoryInput>({
    resolver: zodResolver(masterCategoryBodySchema),
    defaultValues: { type: category?.type ?? '', description: category?.description ?? '' },
    mode: 'onTouched',
  });

  const reload = async () => {
    if (!category) return;
    const latest = (await categories.refetch()).data?.find((item) => item.id === category.id);
    if (latest) {
      reset({ type: latest.type, description: latest.description ?? '' });
      setVersion(latest.version);
      setConflict(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const body = masterCategoryBodySchema.parse(values);
    try {
      await save.mutateAsync(category ? { id: category.id, body: { ...body, version } } : { id: null, body });
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      // A type another category has is shown under the type, by its code.
      const outcome = applyServerError(error, setError, t, {
        fields: FORM_FIELDS,
        codeFields: { MASTER_CATEGORY_EXISTS: 'type' },
      });
      if (outcome.code === 'MASTER_CATEGORY_EXISTS') return;
      notifyFailure(t('masters.masterCategories.updateError'));
      return;
    }
    notifySuccess(t('masters.masterCategories.updated'));
    onClose();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('masters.conflictTitle')}
            message={t('masters.conflict')}
            reloadLabel={t('masters.reload')}
            onReload={() => void reload()}
            reloading={categories.isFetching}
          />
        )}
        <TextField
          control={control}
          name="type"
          label={t('masters.masterCategories.type')}
          placeholder={t('masters.masterCategories.typePlaceholder')}
          required
          maxLength={60}
          disabled={save.isPending}
          data-autofocus
        />
        <TextField
          control={control}
          name="description"
          label={t('masters.masterCategories.description')}
          placeholder={t('masters.masterCategories.descriptionPlaceholder')}
          maxLength={300}
          disabled={save.isPending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('masters.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {category ? t('masters.save') : t('masters.masterCategories.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
