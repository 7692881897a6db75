import { Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import {
  DERIVED_DOWNSAMPLE_AGGREGATIONS,
  METRIC_AGGREGATIONS,
  generateParameterIdentifiers,
} from '@vayu/domain';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, GeneratedIdentifiers } from '../../../components/form';
import type { useUnits } from '../../parameters';
import { mtypeOptions } from '../../parameters';
import type { FormControl } from './form-model';

interface ParameterSectionProps {
  control: FormControl;
  units: ReturnType<typeof useUnits>;
  disabled: boolean;
}

/**
 * Label with the identifiers generated from it, what it measures, its unit,
 * alerts and aggregations. Messages under the fields are already worded (by
 * the form's resolver, or from the server's code).
 */
export function ParameterSection({ control, units, disabled }: ParameterSectionProps) {
  const { t } = useTranslation();
  const unitOptions = (units.data ?? []).map((unit) => ({ value: unit.code, label: unit.label }));
  const aggregationOptions = METRIC_AGGREGATIONS.map((value) => ({
    value,
    label: t(`derivedParameters.aggregations.${value}`),
  }));
  const downsampleOptions = DERIVED_DOWNSAMPLE_AGGREGATIONS.map((value) => ({
    value,
    label: t(`derivedParameters.aggregations.${value}`),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="derived-parameter-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="derived-parameter-heading">
          {t('derivedParameters.form.sectionParameter')}
        </Title>
        <LabelField control={control} disabled={disabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="mtype"
            label={t('derivedParameters.fields.mtype')}
            placeholder={t('derivedParameters.form.choose')}
            data={mtypeOptions(t)}
            required
            disabled={disabled}
          />
          <SelectField
            control={control}
            name="stdUnit"
            label={t('derivedParameters.fields.stdUnit')}
            placeholder={units.isLoading ? t('common.loading') : t('derivedParameters.form.noUnit')}
            data={unitOptions}
            clearable
            searchable
            disabled={disabled}
            loadError={units.isError ? t('derivedParameters.form.unitsLoadError') : undefined}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="alertLabel"
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.alertLabel')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              maxLength={100}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="metricAgg"
            label={t('derivedParameters.fields.metricAgg')}
            data={aggregationOptions}
            required
            disabled={disabled}
          />
          <SelectField
            control={control}
            name="metricDownsampleAgg"
            label={t('derivedParameters.fields.metricDownsampleAgg')}
            data={downsampleOptions}
            required
            disabled={disabled}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="isAlertEnabled"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.isAlertEnabled')}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          )}
        />
      </Stack>
    </Paper>
  );
}

function LabelField({ control, disabled }: { control: FormControl; disabled: boolean }) {
  const { t } = useTranslation();
  const label = useWatch({ control, name: 'label' });
  const identifiers = generateParameterIdentifiers(label ?? '');
  const notSet = t('common.notSet');

  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="label"
        render={({ field, fieldState }) => {
          const error = fieldState.error?.message;
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.label')}
              placeholder={t('derivedParameters.form.labelPlaceholder')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              required
              maxLength={100}
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
              data-autofocus
            />
          );
        }}
      />
      <GeneratedIdentifiers
        id="derived-parameter-generated"
        title={t('derivedParameters.form.generated')}
        items={[
          {
            term: t('derivedParameters.fields.name'),
            value: identifiers.name || notSet,
            testId: 'generated-name',
          },
          {
            term: t('derivedParameters.fields.paramKey'),
            value: identifiers.paramKey || notSet,
            testId: 'generated-key',
          },
          {
            term: t('derivedParameters.fields.paramMetric'),
            value: identifiers.paramMetric || notSet,
            testId: 'generated-metric',
          },
        ]}
      />
    </Stack>
  );
}
