import { Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  DERIVED_DOWNSAMPLE_AGGREGATIONS,
  METRIC_AGGREGATIONS,
  generateParameterIdentifiers,
} from '@vayu/domain';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form';
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
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
        <Text size="xs" c="dimmed" id="derived-parameter-generated">
          {t('derivedParameters.form.generated')}
        </Text>
        <dl aria-labelledby="derived-parameter-generated" aria-live="polite" style={{ margin: 0 }}>
          <Identifier
            term={t('derivedParameters.fields.name')}
            value={identifiers.name || notSet}
            testId="generated-name"
          />
          <Identifier
            term={t('derivedParameters.fields.paramKey')}
            value={identifiers.paramKey || notSet}
            testId="generated-key"
          />
          <Identifier
            term={t('derivedParameters.fields.paramMetric')}
            value={identifiers.paramMetric || notSet}
            testId="generated-metric"
          />
        </dl>
      </Paper>
    </Stack>
  );
}

function Identifier({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="dt" size="sm" fw={500}>
        {term}:
      </Text>
      <Text component="dd" size="sm" ff="monospace" m={0} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
