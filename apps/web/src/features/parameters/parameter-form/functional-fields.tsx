import { ColorInput, Paper, Select, Stack } from '@mantine/core';
import type { ParameterInput } from '@vayu/domain';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/form';
import { BASE_PARAMETER_QUERY, useParameters } from '../api/get-parameters';
import { translateParameterMessage } from './form-values';

interface FunctionalFieldsProps {
  control: Control<ParameterInput>;
  disabled: boolean;
  colour: string;
  onColour: (colour: string) => void;
}

/** Base parameter, linearity and the display colour (kept in the browser only) of a functional parameter. */
export function FunctionalFields({ control, disabled, colour, onColour }: FunctionalFieldsProps) {
  const { t } = useTranslation();
  const baseParameters = useParameters(BASE_PARAMETER_QUERY);
  const options = (baseParameters.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: item.label,
  }));

  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="sm">
        <Controller
          control={control}
          name="baseParamId"
          render={({ field, fieldState }) => {
            const error = translateParameterMessage(t, fieldState.error?.message);
            const value = field.value ? String(field.value) : null;
            const data =
              value && !options.some((option) => option.value === value)
                ? [...options, { value, label: `#${value}` }]
                : options;
            return (
              <Select
                ref={field.ref}
                name={field.name}
                label={t('parameters.fields.baseParamId')}
                placeholder={baseParameters.isLoading ? t('common.loading') : t('parameters.form.choose')}
                data={data}
                value={value}
                onChange={(next) => field.onChange(next ? Number(next) : null)}
                onBlur={field.onBlur}
                searchable
                required
                disabled={disabled}
                error={error ?? (baseParameters.isError ? t('parameters.form.baseLoadError') : undefined)}
                aria-invalid={error ? true : undefined}
                nothingFoundMessage={t('parameters.form.noBase')}
              />
            );
          }}
        />
        <SwitchField
          control={control}
          name="isLinear"
          label={t('parameters.fields.isLinear')}
          disabled={disabled}
        />
        <ColorInput
          label={t('parameters.fields.colour')}
          description={t('parameters.form.colourHint')}
          value={colour}
          onChange={onColour}
          format="hex"
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
