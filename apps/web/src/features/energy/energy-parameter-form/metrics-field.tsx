import { MultiSelect, Stack, Text } from '@mantine/core';
import type { EnergyParameter, EnergyParameterInput } from '@vayu/domain';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { METRIC_PICKER_QUERY, useMetrics } from '../api/get-metrics';
import { aggregationLabel } from '../energy-labels';
import { translateEnergyMessage } from '../energy-messages';

type MetricOption = Pick<EnergyParameter['metrics'][number], 'key' | 'label' | 'value'>;

/** The metrics computed for the parameter: at least one. */
export function MetricsField({
  control,
  current,
  disabled,
}: {
  control: Control<EnergyParameterInput>;
  current: EnergyParameter['metrics'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const metrics = useMetrics(METRIC_PICKER_QUERY);
  const known = new Map<string, MetricOption>();
  for (const metric of current) known.set(String(metric.id), metric);
  for (const metric of metrics.data?.items ?? []) known.set(String(metric.id), metric);
  const options = [...known.entries()].map(([value, metric]) => ({ value, label: metric.label }));

  return (
    <Controller
      control={control}
      name="metricIds"
      render={({ field, fieldState }) => {
        const error =
          translateEnergyMessage(t, fieldState.error?.message) ??
          (metrics.isError ? t('energy.params.form.metricsLoadError') : undefined);
        return (
          <MultiSelect
            ref={field.ref}
            name={field.name}
            label={t('energy.fields.metrics')}
            description={t('energy.params.form.metricsHint')}
            placeholder={metrics.isLoading ? t('common.loading') : t('energy.params.form.chooseMetrics')}
            data={options}
            value={(field.value ?? []).map(String)}
            onChange={(next) => field.onChange(next.map(Number))}
            onBlur={field.onBlur}
            renderOption={({ option }) => {
              const metric = known.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {metric && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {metric.key} · {aggregationLabel(t, metric.value)}
                    </Text>
                  )}
                </Stack>
              );
            }}
            searchable
            required
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('energy.params.form.noMetricFound')}
          />
        );
      }}
    />
  );
}
