import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '@mantine/core';
import { modelTypeBodySchema, type ModelType, type ModelTypeBody, type ModelTypeInput } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { handleSaveError, TextField, RecordFormFrame } from '../../components/form';
import { useModelTypes, useSaveModelType } from './api';

const FIELDS = ['type', 'description'] as const satisfies readonly FieldPath<ModelTypeInput>[];

interface ModelTypeDialogProps {
  opened: boolean;
  /** null adds a model type. */
  modelType: ModelType | null;
  onClose: () => void;
}

/** Add or edit a model type (type, description). */
export function ModelTypeDialog({ opened, modelType, onClose }: ModelTypeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={modelType ? t('devices.modelTypes.editTitle') : t('devices.modelTypes.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <ModelTypeForm key={modelType?.id ?? 'new'} modelType={modelType} onClose={onClose} />}
    </Modal>
  );
}

function ModelTypeForm({ modelType, onClose }: { modelType: ModelType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const modelTypes = useModelTypes();
  const save = useSaveModelType();
  const [version, setVersion] = useState(modelType?.version);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<ModelTypeInput, unknown, ModelTypeBody>({
    resolver: zodResolver(modelTypeBodySchema),
    defaultValues: { type: modelType?.type ?? '', description: modelType?.description ?? '' },
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await modelTypes.refetch()).data?.find((item) => item.id === modelType?.id);
    if (!latest) return;
    reset({ type: latest.type, description: latest.description ?? '' });
    setVersion(latest.version);
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: modelType?.id ?? null, body: { ...body, version } },
      {
        onSuccess: () => {
          notifySuccess(modelType ? t('devices.modelTypes.updated') : t('devices.modelTypes.created'));
          onClose();
        },
        onError: (error) =>
          handleSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { MODEL_TYPE_EXISTS: 'type' },
            onConflict: () => setConflict(true),
            failureMessage: t('devices.modelTypes.saveError'),
          }),
      },
    ),
  );

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={modelTypes.isFetching}
      saving={save.isPending}
      submitLabel={modelType ? t('devices.save') : t('devices.modelTypes.add')}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="type"
        label={t('devices.modelTypes.type')}
        placeholder={t('devices.modelTypes.typePlaceholder')}
        required
        maxLength={60}
        data-autofocus
      />
      <TextField
        control={control}
        name="description"
        label={t('devices.modelTypes.description')}
        maxLength={300}
      />
    </RecordFormFrame>
  );
}
