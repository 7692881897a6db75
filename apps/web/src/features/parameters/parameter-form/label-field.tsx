import { Checkbox, Stack, TextInput } from '@mantine/core';
import {
  CAAQMS_LABEL_MESSAGE,
  generateParameterIdentifiers,
  getStoredParameterLabel,
  type ParameterInput,
} from '@vayu/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GeneratedIdentifiers } from '../../../components/form';
import { translateParameterMessage } from './form-values';

/** The label, the CAAQMS prefix and the name, key and metric generated from them. */
export function LabelField({ control, disabled }: { control: Control<ParameterInput>; disabled: boolean }) {
  const { t } = useTranslation();
  const [label, caaqmsPrefix, type] = useWatch({ control, name: ['label', 'caaqmsPrefix', 'type'] });
  const storedLabel = getStoredParameterLabel({
    label: label ?? '',
    caaqmsPrefix: caaqmsPrefix ?? false,
    type: type ?? 'NORMAL',
  });
  const identifiers = generateParameterIdentifiers(storedLabel);
  const notSet = t('common.notSet');

  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="label"
        render={({ field, fieldState }) => {
          // The schema's "required" check runs before the CAAQMS rule, but for a CAAQMS
          // parameter an empty label is exactly what the CAAQMS message is about.
          const message =
            fieldState.error && type === 'CAAQMS' && !(field.value ?? '').trim()
              ? CAAQMS_LABEL_MESSAGE
              : fieldState.error?.message;
          const error = translateParameterMessage(t, message);
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('parameters.fields.label')}
              placeholder={t('parameters.form.labelPlaceholder')}
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
      <Controller
        control={control}
        name="caaqmsPrefix"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label={t('parameters.fields.caaqmsPrefix')}
            description={type === 'CAAQMS' ? t('parameters.form.caaqmsImplied') : undefined}
            checked={Boolean(field.value) || type === 'CAAQMS'}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={disabled || type === 'CAAQMS'}
          />
        )}
      />
      <GeneratedIdentifiers
        id="parameter-generated"
        title={t('parameters.form.generated')}
        items={[
          { term: t('parameters.form.storedLabel'), value: storedLabel || notSet },
          { term: t('parameters.fields.name'), value: identifiers.name || notSet, testId: 'generated-name' },
          {
            term: t('parameters.fields.paramKey'),
            value: identifiers.paramKey || notSet,
            testId: 'generated-key',
          },
          {
            term: t('parameters.fields.paramMetric'),
            value: identifiers.paramMetric || notSet,
            testId: 'generated-metric',
          },
        ]}
      />
    </Stack>
  );
}
