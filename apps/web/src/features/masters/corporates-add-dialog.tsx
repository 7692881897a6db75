import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { corporateBodySchema, CORPORATE_TYPES } from '@vayu/domain';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, EmailField, TextField } from '../../components/form';
import { useCreateCorporate } from './api/create-corporate';
import type { CorporateType } from './api/master-keys';

interface CorporateFormValues {
  name: string;
  type: CorporateType;
  contactEmail: string;
}
type CorporateBody = z.infer<typeof corporateBodySchema>;

interface CorporatesAddDialogProps {
  opened: boolean;
  /** The tab the list shows: the new corporate starts with that type. */
  defaultType: CorporateType;
  onClose: () => void;
}

/** 'Add Corporate': creates the corporate and its corporate account (`POST /api/corporate`). */
export function CorporatesAddDialog({ opened, defaultType, onClose }: CorporatesAddDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('masters.corporates.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening: an empty form with the type of the current tab. */}
      <CorporateForm defaultType={defaultType} onClose={onClose} />
    </Modal>
  );
}

function CorporateForm({ defaultType, onClose }: Omit<CorporatesAddDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const createCorporate = useCreateCorporate();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<CorporateFormValues>({
    // The form holds text; submit receives the schema's parsed output (null for no e-mail).
    resolver: zodResolver(corporateBodySchema) as unknown as Resolver<CorporateFormValues>,
    defaultValues: { name: '', type: defaultType, contactEmail: '' },
    mode: 'onTouched',
  });

  const close = onClose;

  const onSubmit = handleSubmit(async (formValues) => {
    const body = formValues as unknown as CorporateBody;
    setFormError(null);
    try {
      await createCorporate.mutateAsync(body);
    } catch (error) {
      // A name already used is said under the name.
      const outcome = applyServerError(error, setError, t, {
        fields: ['name', 'type', 'contactEmail'],
        codeFields: { CORPORATE_EXISTS: 'name' },
      });
      if (outcome.isShownOnField) return;
      setFormError(outcome.message);
      notifyFailure(t('masters.corporates.createError'));
      return;
    }
    notifySuccess(t('masters.corporates.created'));
    close();
  });

  const isPending = createCorporate.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextField
          control={control}
          name="name"
          label={t('masters.corporates.name')}
          placeholder={t('masters.corporates.namePlaceholder')}
          required
          maxLength={150}
          disabled={isPending}
          data-autofocus
        />
        <Controller
          control={control}
          name="type"
          render={({ field, fieldState }) => (
            <Select
              label={t('masters.corporates.type')}
              data={CORPORATE_TYPES.map((type) => ({
                value: type,
                label: t(`masters.corporateTypes.${type}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? defaultType)}
              onBlur={field.onBlur}
              ref={field.ref}
              allowDeselect={false}
              required
              disabled={isPending}
              error={fieldState.error?.message}
            />
          )}
        />
        <EmailField
          control={control}
          name="contactEmail"
          label={t('masters.corporates.email')}
          placeholder={t('masters.corporates.emailPlaceholder')}
          disabled={isPending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={isPending}>
            {t('masters.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('masters.corporates.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
