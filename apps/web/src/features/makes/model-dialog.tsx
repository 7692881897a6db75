import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '@mantine/core';
import {
  MAX_MODEL_PARAMETERS,
  modelBodySchema,
  type Make,
  type Model,
  type ModelBody,
  type ModelInput,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { handleSaveError, SelectField, TextField, RecordFormFrame } from '../../components/form';
import { ParameterPicker } from '../../components/parameter-picker';
import { useModelParameters, useModelsOfMake, useModelTypes, useSaveModel } from './api';

const FIELDS = ['name', 'modelType', 'parameterIds'] as const satisfies readonly FieldPath<ModelInput>[];

interface ModelDialogProps {
  opened: boolean;
  /** The make the model belongs to. */
  make: Pick<Make, 'id' | 'name'>;
  /** null adds a model. */
  model: Model | null;
  onClose: () => void;
}

/** Add or edit a model of a make: its name, its model type and the catalogue parameters it measures. */
export function ModelDialog({ opened, make, model, onClose }: ModelDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={model ? t('devices.models.editTitle') : t('devices.models.addTitle', { make: make.name })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <ModelForm key={model?.id ?? 'new'} makeId={make.id} model={model} onClose={onClose} />}
    </Modal>
  );
}

function toFormValues(makeId: number, model: Model | null): ModelInput {
  return {
    name: model?.name ?? '',
    makeId,
    modelType: model?.modelType ?? null,
    parameterIds: model?.parameterIds ?? [],
  };
}

function ModelForm({ makeId, model, onClose }: { makeId: number; model: Model | null; onClose: () => void }) {
  const { t } = useTranslation();
  const models = useModelsOfMake(makeId);
  const modelTypes = useModelTypes();
  // The labels of the parameters the model lists already.
  const chosen = useModelParameters(model?.id ?? null);
  const save = useSaveModel();
  const [version, setVersion] = useState(model?.version);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<ModelInput, unknown, ModelBody>({
    resolver: zodResolver(modelBodySchema),
    defaultValues: toFormValues(makeId, model),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await models.refetch()).data?.find((item) => item.id === model?.id);
    if (!latest) return;
    void chosen.refetch();
    reset(toFormValues(makeId, latest));
    setVersion(latest.version);
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: model?.id ?? null, body: { ...body, version } },
      {
        onSuccess: () => {
          notifySuccess(model ? t('devices.models.updated') : t('devices.models.created'));
          onClose();
        },
        onError: (error) =>
          handleSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { MODEL_EXISTS: 'name' },
            onConflict: () => setConflict(true),
            failureMessage: t('devices.models.saveError'),
          }),
      },
    ),
  );

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      conflict={conflict}
      onReload={() => void reload()}
      reloading={models.isFetching}
      saving={save.isPending}
      submitLabel={model ? t('devices.save') : t('devices.models.add')}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="name"
        label={t('devices.models.name')}
        placeholder={t('devices.models.namePlaceholder')}
        required
        maxLength={100}
        data-autofocus
      />
      <SelectField
        control={control}
        name="modelType"
        label={t('devices.models.modelType')}
        placeholder={modelTypes.isLoading ? t('common.loading') : t('devices.models.modelTypePlaceholder')}
        data={(modelTypes.data ?? []).map((modelType) => ({ value: modelType.type, label: modelType.type }))}
        loadError={modelTypes.isError ? t('devices.models.modelTypesLoadError') : undefined}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <ParameterPicker
        control={control}
        name="parameterIds"
        current={chosen.data ?? []}
        loadingCurrent={chosen.isLoading}
        label={t('devices.models.parameters')}
        description={t('devices.models.parametersHint')}
        placeholder={t('devices.models.parametersPlaceholder')}
        nothingFoundMessage={t('devices.models.noParameterFound')}
        loadError={t('devices.models.parametersLoadError')}
        maxValues={MAX_MODEL_PARAMETERS}
      />
    </RecordFormFrame>
  );
}
