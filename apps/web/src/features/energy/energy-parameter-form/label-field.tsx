import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { generateParameterIdentifiers, type EnergyParameterInput } from '@vayu/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateEnergyMessage } from '../energy-messages';

/** The label and the name and key generated from it. */
export function LabelField({
  control,
  disabled,
}: {
  control: Control<EnergyParameterInput>;
  disabled: boolean;
}) {
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
          const error = translateEnergyMessage(t, fieldState.error?.message);
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('energy.fields.label')}
              placeholder={t('energy.params.form.labelPlaceholder')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              required
              maxLength={100}
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
            />
          );
        }}
      />
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
        <Text size="xs" c="dimmed" id="energy-parameter-generated">
          {t('energy.params.form.generated')}
        </Text>
        <dl aria-labelledby="energy-parameter-generated" aria-live="polite" style={{ margin: 0 }}>
          <Identifier
            term={t('energy.fields.name')}
            value={identifiers.name || notSet}
            testId="generated-name"
          />
          <Identifier
            term={t('energy.fields.paramKey')}
            value={identifiers.paramKey || notSet}
            testId="generated-key"
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
