import { Select, SimpleGrid, Stack } from '@mantine/core';
import { COUNTRIES, INDIAN_STATES } from '@vayu/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, TextField } from '../../components/form';
import { PhoneField } from '../../components/phone';
import type { PartnerDetail } from './api/get-partner';

/** The partner form as typed: every field is text until the schema parses it. */
export interface PartnerFormValues {
  name: string;
  contactEmail: string;
  contactNo: string;
  address: string;
  city: string;
  stateCode: string;
  countryCode: string;
  zip: string;
  gstin: string;
}

export const EMPTY_PARTNER_FORM: PartnerFormValues = {
  name: '',
  contactEmail: '',
  contactNo: '',
  address: '',
  city: '',
  stateCode: '',
  countryCode: 'IN',
  zip: '',
  gstin: '',
};

/** The list and detail carry the state as a code or as a name; the form needs the code. */
function findStateCode(state: string | null): string {
  if (!state) return '';
  const match = INDIAN_STATES.find(
    (item) => item.code === state.toUpperCase() || item.name.toLowerCase() === state.toLowerCase(),
  );
  return match?.code ?? state;
}

export function toPartnerFormValues(partner: PartnerDetail): PartnerFormValues {
  return {
    name: partner.name,
    contactEmail: partner.contactEmail ?? '',
    contactNo: partner.contactNo ?? '',
    address: partner.address ?? '',
    city: partner.city ?? '',
    stateCode: findStateCode(partner.state),
    countryCode: partner.countryCode || 'IN',
    zip: partner.zip ?? '',
    gstin: partner.gstin ?? '',
  };
}

/** The fields of the add and edit partner modals (`partnerFormSchema`). */
export function PartnerFormFields({
  control,
  disabled,
}: {
  control: Control<PartnerFormValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const countryCode = useWatch({ control, name: 'countryCode' });
  const isIndia = countryCode === 'IN';

  return (
    <Stack gap="sm">
      <TextField
        control={control}
        name="name"
        label={t('partners.form.name')}
        placeholder={t('partners.form.namePlaceholder')}
        required
        disabled={disabled}
        data-autofocus
      />
      <EmailField
        control={control}
        name="contactEmail"
        label={t('partners.form.contactEmail')}
        placeholder={t('partners.form.contactEmailPlaceholder')}
        required
        disabled={disabled}
      />
      <PhoneField
        control={control}
        name="contactNo"
        label={t('partners.form.contactNo')}
        placeholder={t('partners.form.contactNoPlaceholder')}
        required
        disabled={disabled}
      />
      <TextField
        control={control}
        name="address"
        label={t('partners.form.address')}
        placeholder={t('partners.form.addressPlaceholder')}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={control}
          name="countryCode"
          render={({ field, fieldState }) => (
            <Select
              label={t('partners.form.country')}
              placeholder={t('partners.form.countryPlaceholder')}
              data={COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              allowDeselect={false}
              searchable
              required
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        {isIndia ? (
          <Controller
            control={control}
            name="stateCode"
            render={({ field, fieldState }) => (
              <Select
                label={t('partners.form.state')}
                placeholder={t('partners.form.statePlaceholder')}
                data={INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                clearable
                disabled={disabled}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <TextField
            control={control}
            name="stateCode"
            label={t('partners.form.state')}
            maxLength={5}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextField
          control={control}
          name="city"
          label={t('partners.form.city')}
          placeholder={t('partners.form.city')}
          disabled={disabled}
        />
        <TextField
          control={control}
          name="zip"
          label={t('partners.form.zip')}
          placeholder={t('partners.form.zip')}
          disabled={disabled}
        />
        <TextField
          control={control}
          name="gstin"
          label={t('partners.form.gstin')}
          placeholder="27ABCDE1234F1Z5"
          maxLength={15}
          disabled={disabled}
          styles={{ input: { textTransform: 'uppercase' } }}
        />
      </SimpleGrid>
    </Stack>
  );
}
