import { Group, Select, TextInput } from '@mantine/core';
import { PHONE_MESSAGES } from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorMessage } from '../form/use-field-error';
import {
  callingCodeOf,
  countryOfPhone,
  DEFAULT_PHONE_COUNTRY,
  formatNationalPhone,
  nationalPartOf,
  phoneCountryOptions,
  readTypedPhone,
  toStoredPhone,
  type PhoneCountry,
} from './phone-number';

export interface PhoneFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** The label of the number box. */
  label: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  /** The countries offered; every country when absent (a user's mobile is Indian only). */
  countries?: readonly PhoneCountry[];
}

/**
 * A phone number with its country: a searchable country choice showing its
 * calling code, and the national number grouped as that country writes it
 * (libphonenumber-js). The form value is what the API stores: calling code
 * and number, digits only (919800019962), or '' when nothing is typed.
 */
export function PhoneField<TValues extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  description,
  required,
  disabled,
  countries,
}: PhoneFieldProps<TValues>) {
  const { t, i18n } = useTranslation();
  const {
    field: { ref, value: fieldValue, onChange, onBlur, disabled: isFieldDisabled },
    fieldState,
  } = useController({ control, name });
  const raw: unknown = fieldValue;
  const value = typeof raw === 'string' ? raw : '';
  const offered = countries && countries.length > 0 ? countries : undefined;
  const [chosen, setChosen] = useState<PhoneCountry>(() =>
    countryOfPhone(value, offered?.[0] ?? DEFAULT_PHONE_COUNTRY, offered),
  );
  // What was typed, as long as it still is the form's value (a reset shows the new value instead).
  const [typed, setTyped] = useState<{ shown: string; stored: string } | null>(null);
  const country = countryOfPhone(value, chosen, offered);
  const national = nationalPartOf(value, country);
  const shown = typed && typed.stored === value ? typed.shown : formatNationalPhone(country, national);
  const options = useMemo(() => {
    const list = phoneCountryOptions(i18n.language, offered);
    // A stored number of a country not offered still shows with its own code.
    return list.some((option) => option.value === country)
      ? list
      : [...list, ...phoneCountryOptions(i18n.language, [country])];
  }, [i18n.language, offered, country]);
  const error = usePhoneErrorMessage(fieldState.error);
  const isDisabled = Boolean(disabled || isFieldDisabled);

  const chooseCountry = (next: string | null) => {
    const found = options.find((option) => option.value === next);
    if (!found) return;
    setChosen(found.value);
    setTyped(null);
    if (national) onChange(toStoredPhone(found.value, national));
  };

  const typeNumber = (text: string) => {
    const read = readTypedPhone(text, country);
    if (read.country && options.some((option) => option.value === read.country)) setChosen(read.country);
    setTyped({ shown: read.shown, stored: read.stored });
    onChange(read.stored);
  };

  return (
    // On a narrow screen the number goes under the country rather than out of the frame.
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label={t('phone.country')}
        data={options}
        value={country}
        onChange={chooseCountry}
        allowDeselect={false}
        searchable={options.length > 1}
        readOnly={options.length === 1}
        disabled={isDisabled}
        style={{ flex: '0 0 190px' }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        ref={ref}
        label={label}
        placeholder={placeholder}
        description={description}
        required={required}
        disabled={isDisabled}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        leftSection={<span aria-hidden>+{callingCodeOf(country)}</span>}
        leftSectionWidth={callingCodeOf(country).length * 9 + 24}
        value={shown}
        onChange={(event) => typeNumber(event.currentTarget.value)}
        onBlur={() => {
          setTyped(null);
          onBlur();
        }}
        error={error}
        aria-invalid={error ? true : undefined}
        style={{ flex: '1 1 12rem', minWidth: 0 }}
      />
    </Group>
  );
}

/** The shared wording of a field error, with the domain's phone rules in the user's language. */
function usePhoneErrorMessage(error: Parameters<typeof useFieldErrorMessage>[0]): string | undefined {
  const { t } = useTranslation();
  const shared = useFieldErrorMessage(error);
  if (error?.message === PHONE_MESSAGES.invalid) return t('phone.invalid');
  if (error?.message === PHONE_MESSAGES.mobile) return t('phone.invalidMobile');
  return shared;
}
