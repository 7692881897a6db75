import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  METRIC_KEY_MAX_LENGTH,
  energyMetricBodySchema,
  type EnergyMetric,
  type EnergyMetricBody,
  type EnergyMetricInput,
} from '@vayu/domain';
import { useState } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, StaleVersionAlert } from '../../components/form';
import { getMetric } from './api/get-metrics';
import { useCreateMetric, useUpdateMetric } from './api/save-metric';
import { aggregationOptions } from './energy-labels';
import { translateEnergyMessage } from './energy-messages';

const FORM_FIELDS = ['key', 'label', 'value'] as const satisfies readonly FieldPath<EnergyMetricInput>[];

function toFormValues(metric: EnergyMetric | null): EnergyMetricInput {
  if (!metric) return { key: '', label: '', value: undefined as unknown as EnergyMetricInput['value'] };
  return { key: metric.key, label: metric.label, value: metric.value, version: metric.version };
}

interface MetricFormProps {
  /** null adds a metric. */
  metric: EnergyMetric | null;
  onSaved: (metric: EnergyMetric) => void;
  onCancel: () => void;
}

/**
 * A metric's key, label and the aggregation it is computed with. Used by the
 * add page (`/addMetric`) and the edit dialog of `/metric`.
 */
export function MetricForm({ metric, onSaved, onCancel }: MetricFormProps) {
  const { t } = useTranslation();
  const createMetric = useCreateMetric();
  const updateMetric = useUpdateMetric();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const { control, handleSubmit, reset, setError, getValues } = useForm<
    EnergyMetricInput,
    unknown,
    EnergyMetricBody
  >({
    resolver: zodResolver(energyMetricBodySchema),
    defaultValues: toFormValues(metric),
    mode: 'onTouched',
  });
  const isPending = createMetric.isPending || updateMetric.isPending;

  const reload = async () => {
    if (!metric) return;
    setIsReloading(true);
    try {
      reset(toFormValues(await getMetric(metric.id)));
      setConflict(false);
    } catch {
      notifyFailure(t('energy.metrics.form.updateFailed'));
    } finally {
      setIsReloading(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const body: EnergyMetricInput = {
      ...values,
      version: metric ? (getValues('version') ?? metric.version) : undefined,
    };
    let saved: EnergyMetric;
    try {
      saved = metric
        ? await updateMetric.mutateAsync({ id: metric.id, body })
        : await createMetric.mutateAsync(body);
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      // A key another metric has is shown under the key, by its code.
      const outcome = applyServerError(error, setError, t, {
        fields: FORM_FIELDS,
        codeFields: { METRIC_EXISTS: 'key' },
      });
      if (outcome.code === 'METRIC_EXISTS') return;
      notifyFailure(metric ? t('energy.metrics.form.updateFailed') : t('energy.metrics.form.addFailed'));
      return;
    }
    notifySuccess(metric ? t('energy.metrics.form.updated') : t('energy.metrics.form.added'));
    onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('energy.conflictTitle')}
            message={t('energy.conflict')}
            reloadLabel={t('energy.reload')}
            onReload={() => void reload()}
            reloading={isReloading}
          />
        )}
        <MetricTextField
          control={control}
          name="key"
          label={t('energy.fields.key')}
          description={t('energy.metrics.form.keyHint')}
          placeholder="daily_consumption"
          maxLength={METRIC_KEY_MAX_LENGTH}
          disabled={isPending}
          autoFocus
        />
        <MetricTextField
          control={control}
          name="label"
          label={t('energy.fields.label')}
          placeholder={t('energy.metrics.form.labelPlaceholder')}
          maxLength={100}
          disabled={isPending}
        />
        <Controller
          control={control}
          name="value"
          render={({ field, fieldState }) => {
            const error = translateEnergyMessage(t, fieldState.error?.message);
            return (
              <Select
                ref={field.ref}
                name={field.name}
                label={t('energy.fields.aggregation')}
                description={t('energy.metrics.form.aggregationHint')}
                placeholder={t('energy.form.choose')}
                data={aggregationOptions(t)}
                value={field.value ?? null}
                onChange={(next) => field.onChange(next)}
                onBlur={field.onBlur}
                allowDeselect={false}
                required
                disabled={isPending}
                error={error}
                aria-invalid={error ? true : undefined}
              />
            );
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {t('energy.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {metric ? t('energy.form.save') : t('energy.metrics.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface MetricTextFieldProps {
  control: Control<EnergyMetricInput>;
  name: 'key' | 'label';
  label: string;
  description?: string;
  placeholder: string;
  maxLength: number;
  disabled: boolean;
  autoFocus?: boolean;
}

function MetricTextField({ control, name, autoFocus, ...props }: MetricTextFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateEnergyMessage(t, fieldState.error?.message);
        return (
          <TextInput
            {...props}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            required
            error={error}
            aria-invalid={error ? true : undefined}
            data-autofocus={autoFocus || undefined}
            styles={
              name === 'key' ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
            }
          />
        );
      }}
    />
  );
}
