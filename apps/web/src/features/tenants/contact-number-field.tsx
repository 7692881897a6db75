import { Group, Select, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorMessage } from '../../components/form';
import { DEFAULT_COUNTRY, DIAL_CODES, ORDERED_COUNTRIES, type CountryCode } from './tenant-constants';

const BY_LONGEST_CODE = (Object.entries(DIAL_CODES) as [CountryCode, string][]).sort(
  (a, b) => b[1].length - a[1].length,
);

/** The country whose dialling code a stored number starts with (India when unsure). */
export function countryOfNumber(value: string): CountryCode {
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith(DIAL_CODES[DEFAULT_COUNTRY])) return DEFAULT_COUNTRY;
  return BY_LONGEST_CODE.find(([, code]) => digits.startsWith(code))?.[0] ?? DEFAULT_COUNTRY;
}

interface ContactNumberFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * A phone number with its country (spec §9: us, in, jp first, India by default).
 * The form value is the number with its dialling code, digits only, as the
 * server stores it (e.g. 919820012345).
 */
export function ContactNumberField<TValues extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  required,
}: ContactNumberFieldProps<TValues>) {
  const { t } = useTranslation();
  const {
    field: { ref, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const raw: unknown = fieldValue;
  const value = typeof raw === 'string' ? raw : '';
  const [chosenCountry, setChosenCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  // A stored number (or one a form reset brings) shows with the country its code belongs to.
  const country =
    value && !value.startsWith(DIAL_CODES[chosenCountry]) ? countryOfNumber(value) : chosenCountry;
  const dialCode = DIAL_CODES[country];
  const error = useFieldErrorMessage(fieldState.error);
  const inputId = useId();

  const national = value.startsWith(dialCode) ? value.slice(dialCode.length) : value;
  const write = (code: string, number: string) => onChange(number.trim() ? `${code}${number}` : '');

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('tenants.form.dialCode')}
        data={ORDERED_COUNTRIES.map((item) => ({
          value: item.code,
          label: `${item.name} (+${DIAL_CODES[item.code]})`,
        }))}
        value={country}
        onChange={(next) => {
          if (!next) return;
          const code = next as CountryCode;
          setChosenCountry(code);
          write(DIAL_CODES[code], national);
        }}
        allowDeselect={false}
        searchable
        w={220}
      />
      <TextInput
        id={inputId}
        ref={ref}
        label={label}
        placeholder={placeholder}
        required={required}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        leftSection={<span aria-hidden>+{dialCode}</span>}
        leftSectionWidth={dialCode.length * 9 + 20}
        value={national}
        onChange={(event) => write(dialCode, event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        aria-invalid={error ? true : undefined}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
