import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '@mantine/core';
import { MAKE_TYPES, makeBodySchema, type Make, type MakeBody, type MakeInput } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { handleSaveError, SelectField, TextField, RecordFormFrame } from '../../components/form';
import { useAllMakes, useSaveMake } from './api';

const FIELDS = ['name', 'type'] as const satisfies readonly FieldPath<MakeInput>[];

interface MakeDialogProps {
  opened: boolean;
  /** null adds a make. */
  make: Make | null;
  onClose: () => void;
}

/** Add or edit a make: its name and whether it makes analysers, calibrators or cameras. */
export function MakeDialog({ opened, make, onClose }: MakeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={make ? t('devices.makes.editTitle') : t('devices.makes.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <MakeForm key={make?.id ?? 'new'} make={make} onClose={onClose} />}
    </Modal>
  );
}

function MakeForm({ make, onClose }: { make: Make | null; onClose: () => void }) {
  const { t } = useTranslation();
  const makes = useAllMakes();
  const save = useSaveMake();
  const [version, setVersion] = useState(make?.version);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<MakeInput, unknown, MakeBody>({
    resolver: zodResolver(makeBodySchema),
    defaultValues: { name: make?.name ?? '', type: make?.type ?? 'Analyser' },
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await makes.refetch()).data?.find((item) => item.id === make?.id);
    if (!latest) return;
    reset({ name: latest.name, type: latest.type });
    setVersion(latest.version);
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: make?.id ?? null, body: { ...body, version } },
      {
        onSuccess: () => {
          notifySuccess(make ? t('devices.makes.updated') : t('devices.makes.created'));
          onClose();
        },
        onError: (error) =>
          handleSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { MAKE_EXISTS: 'name' },
            onConflict: () => setConflict(true),
            failureMessage: t('devices.makes.saveError'),
          }),
      },
    ),
  );

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={makes.isFetching}
      saving={save.isPending}
      submitLabel={make ? t('devices.save') : t('devices.makes.add')}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="name"
        label={t('devices.makes.name')}
        placeholder={t('devices.makes.namePlaceholder')}
        required
        maxLength={100}
        data-autofocus
      />
      <SelectField
        control={control}
        name="type"
        label={t('devices.makes.type')}
        data={MAKE_TYPES.map((type) => ({ value: type, label: t(`devices.makeTypes.${type}`) }))}
        required
      />
    </RecordFormFrame>
  );
}
