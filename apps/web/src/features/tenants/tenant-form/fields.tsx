import { Select } from '@mantine/core';
import { INDIAN_STATES } from '@vayu/domain';
import type { ComponentProps, Ref } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, useFieldErrorMessage } from '../../../components/form';
import { ORDERED_COUNTRIES } from '../tenant-constants';
import type { FormValues } from './form-values';

interface IdSelectProps {
  control: Control<FormValues>;
  name: 'industryId' | 'partnerId' | 'corporateId';
  label: string;
  placeholder: string;
  options: { id: number; name: string }[];
  /** The saved choice, shown even when it is no longer among the options. */
  current: { id: number; name: string } | null;
  loading: boolean;
  required?: boolean;
  clearable?: boolean;
}

/** A searchable choice of a category, partner or corporate, by id. */
export function IdSelect({
  control,
  name,
  label,
  placeholder,
  options,
  current,
  loading,
  required,
  clearable,
}: IdSelectProps) {
  const data = options.map((item) => ({ value: String(item.id), label: item.name }));
  if (current && !data.some((item) => item.value === String(current.id))) {
    data.unshift({ value: String(current.id), label: current.name });
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectWithError
          label={label}
          placeholder={placeholder}
          data={data}
          value={
            field.value === '' || field.value === null || field.value === undefined
              ? null
              : String(field.value)
          }
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          clearable={clearable}
          disabled={loading && data.length === 0}
          error={fieldState.error}
        />
      )}
    />
  );
}

function SelectWithError({
  error,
  inputRef,
  ...props
}: Omit<ComponentProps<typeof Select>, 'error'> & {
  error: Parameters<typeof useFieldErrorMessage>[0];
  inputRef: Ref<HTMLInputElement>;
}) {
  const message = useFieldErrorMessage(error);
  return (
    <Select {...props} ref={inputRef} searchable error={message} aria-invalid={message ? true : undefined} />
  );
}

export function CountrySelect({
  control,
  onCountryChange,
}: {
  control: Control<FormValues>;
  onCountryChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="countryCode"
      render={({ field, fieldState }) => (
        <SelectWithError
          label={t('tenants.form.country')}
          placeholder={t('tenants.form.countryPlaceholder')}
          data={ORDERED_COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => {
            if (value && value !== field.value) {
              field.onChange(value);
              onCountryChange();
            }
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          allowDeselect={false}
          required
          error={fieldState.error}
        />
      )}
    />
  );
}

/** Indian states from the list (spec §9: the state lookup defaults to IN); free text elsewhere. */
export function StateField({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation();
  const country = useWatch({ control, name: 'countryCode' });
  if (country !== 'IN') {
    return <TextField control={control} name="stateCode" label={t('tenants.form.stateCode')} maxLength={5} />;
  }
  return (
    <Controller
      control={control}
      name="stateCode"
      render={({ field, fieldState }) => (
        <SelectWithError
          label={t('tenants.form.state')}
          placeholder={t('tenants.form.statePlaceholder')}
          data={INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }))}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          clearable
          error={fieldState.error}
        />
      )}
    />
  );
}
