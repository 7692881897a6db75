import { Stack, TextInput } from '@mantine/core';
import { generateParameterIdentifiers, type EnergyParameterInput } from '@vayu/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateEnergyMessage } from '../energy-messages';
import { GeneratedIdentifiers } from '../../../components/form';

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
      <GeneratedIdentifiers
        id="energy-parameter-generated"
        title={t('energy.params.form.generated')}
        items={[
          { term: t('energy.fields.name'), value: identifiers.name || notSet, testId: 'generated-name' },
          {
            term: t('energy.fields.paramKey'),
            value: identifiers.paramKey || notSet,
            testId: 'generated-key',
          },
        ]}
      />
    </Stack>
  );
}
