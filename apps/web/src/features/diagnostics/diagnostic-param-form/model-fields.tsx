import { Select, SimpleGrid } from '@mantine/core';
import type { DiagnosticParam } from '@vayu/domain';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMakes, useModelsOfMake } from '../../makes';
import { translateDiagnosticMessage } from '../diagnostic-messages';
import type { FormInput } from './form-values';

interface ModelFieldsProps {
  control: Control<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  current: DiagnosticParam['model'];
  disabled: boolean;
}

/** The make, then one of its models. A new make clears the model. */
export function ModelFields({ control, setValue, current, disabled }: ModelFieldsProps) {
  const { t } = useTranslation();
  const makeId = useWatch({ control, name: 'makeId' });
  const makes = useMakes('Analyser');
  const models = useModelsOfMake(makeId);
  const makeOptions = (makes.data ?? []).map((make) => ({ value: String(make.id), label: make.name }));
  // The current make still shows when it is not an analyser make.
  if (current && !makeOptions.some((option) => option.value === String(current.make.id))) {
    makeOptions.push({ value: String(current.make.id), label: current.make.name });
  }
  const modelOptions = (models.data ?? []).map((model) => ({
    value: String(model.id),
    label: model.modelType ? `${model.name} (${model.modelType})` : model.name,
  }));
  if (current && current.make.id === makeId && !modelOptions.some((o) => o.value === String(current.id))) {
    modelOptions.push({ value: String(current.id), label: current.name });
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Controller
        control={control}
        name="makeId"
        render={({ field, fieldState }) => {
          const error =
            translateDiagnosticMessage(t, fieldState.error?.message) ??
            (makes.isError ? t('diagnostics.list.makesLoadError') : undefined);
          return (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('diagnostics.fields.make')}
              placeholder={makes.isLoading ? t('common.loading') : t('diagnostics.form.chooseMake')}
              data={makeOptions}
              value={field.value ? String(field.value) : null}
              onChange={(next) => {
                const nextId = next ? Number(next) : null;
                if (nextId !== field.value) setValue('modelId', null);
                field.onChange(nextId);
              }}
              onBlur={field.onBlur}
              searchable
              required
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
              nothingFoundMessage={t('diagnostics.form.noMake')}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="modelId"
        render={({ field, fieldState }) => {
          const error =
            translateDiagnosticMessage(t, fieldState.error?.message) ??
            (models.isError ? t('diagnostics.list.modelsLoadError') : undefined);
          const placeholder =
            makeId === null || makeId === undefined
              ? t('diagnostics.form.chooseMakeFirst')
              : models.isLoading
                ? t('common.loading')
                : t('diagnostics.form.chooseModel');
          return (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('diagnostics.fields.model')}
              placeholder={placeholder}
              data={modelOptions}
              value={field.value ? String(field.value) : null}
              onChange={(next) => field.onChange(next ? Number(next) : null)}
              onBlur={field.onBlur}
              searchable
              required
              disabled={disabled || makeId === null || makeId === undefined}
              error={error}
              aria-invalid={error ? true : undefined}
              nothingFoundMessage={t('diagnostics.form.noModels')}
            />
          );
        }}
      />
    </SimpleGrid>
  );
}
