import { Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { TenantDetail } from '@vayu/domain';
import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, TextField } from '../../../components/form';
import { PhoneField } from '../../../components/phone';
import { useCorporateOptions, useIndustryOptions, usePartnerOptions } from '../api/get-lookups';
import { useTimeZoneOptions } from '../api/get-timezones';
import { CountrySelect, IdSelect, StateField } from './fields';
import type { FormValues } from './form-values';
import { LogoPicker, type LogoChoice } from './logo-picker';

/** One titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" style={{ margin: 0 }}>
      <Title order={2} size="h4" mb="md" component="legend" px={4}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The choices an industry's form offers, loaded only when they are shown. */
export function useAccountLookups(isIndustry: boolean, isSite: boolean) {
  const partners = usePartnerOptions(isIndustry && isSite);
  const industries = useIndustryOptions(isIndustry);
  const corporates = useCorporateOptions(isIndustry && isSite);
  return {
    partners,
    industries,
    corporates,
    failed: partners.isError || industries.isError || corporates.isError,
  };
}

interface AccountSectionProps {
  control: Control<FormValues>;
  initial: TenantDetail | null;
  isIndustry: boolean;
  isSite: boolean;
  /** The partner shown (read only) to users who cannot choose one. */
  partnerName: string;
  lookups: ReturnType<typeof useAccountLookups>;
}

/** Name, category, partner, corporate, industry code and the remote check. */
export function AccountSection({
  control,
  initial,
  isIndustry,
  isSite,
  partnerName,
  lookups,
}: AccountSectionProps) {
  const { t } = useTranslation();
  const { partners, industries, corporates } = lookups;
  return (
    <Section title={t('tenants.form.sectionAccount')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="name"
          label={t('tenants.form.name')}
          placeholder={t('tenants.form.namePlaceholder')}
          required
          maxLength={150}
          data-autofocus
        />
        {isIndustry && (
          <IdSelect
            control={control}
            name="industryId"
            label={t('tenants.form.category')}
            placeholder={t('tenants.form.categoryPlaceholder')}
            required
            options={(industries.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
            current={initial?.industry ?? null}
            loading={industries.isPending}
          />
        )}
        {isIndustry &&
          (isSite ? (
            <IdSelect
              control={control}
              name="partnerId"
              label={t('tenants.form.partner')}
              placeholder={t('tenants.form.partnerPlaceholder')}
              // A new industry needs its partner; an edit keeps it (it moves by migrate-partner).
              required={initial === null}
              options={(partners.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
              current={
                initial && initial.partnerId > 0
                  ? { id: initial.partnerId, name: initial.partnerName ?? `#${initial.partnerId}` }
                  : null
              }
              loading={partners.isPending}
            />
          ) : (
            <TextInput label={t('tenants.form.partner')} value={partnerName} readOnly />
          ))}
        {isIndustry && isSite && (
          <IdSelect
            control={control}
            name="corporateId"
            label={t('tenants.form.corporate')}
            placeholder={t('tenants.form.corporatePlaceholder')}
            options={(corporates.data ?? []).map((item) => ({ id: item.id, name: item.name }))}
            current={initial?.corporate ?? null}
            loading={corporates.isPending}
            clearable
          />
        )}
        {isIndustry && (
          <TextField
            control={control}
            name="industryCode"
            label={t('tenants.form.industryCode')}
            placeholder={t('tenants.form.industryCodePlaceholder')}
            maxLength={50}
          />
        )}
      </SimpleGrid>
      {isIndustry && (
        <Controller
          control={control}
          name="isRemotePerformanceCheck"
          render={({ field }) => (
            <Switch
              mt="md"
              label={t('tenants.form.remoteCheck')}
              checked={field.value === true || field.value === 'true'}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
    </Section>
  );
}

export function ContactSection({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation();
  return (
    <Section title={t('tenants.form.sectionContact')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EmailField
          control={control}
          name="contactEmail"
          label={t('tenants.form.contactEmail')}
          placeholder={t('tenants.form.contactEmailPlaceholder')}
          required
          maxLength={254}
        />
        <PhoneField
          control={control}
          name="contactNo"
          label={t('tenants.form.contactNo')}
          placeholder={t('tenants.form.contactNoPlaceholder')}
          required
        />
      </SimpleGrid>
    </Section>
  );
}

export function AddressSection({
  control,
  onCountryChange,
}: {
  control: Control<FormValues>;
  onCountryChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('tenants.form.sectionAddress')}>
      <Stack gap="md">
        <TextField
          control={control}
          name="address"
          label={t('tenants.form.address')}
          placeholder={t('tenants.form.addressPlaceholder')}
          maxLength={300}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <TextField control={control} name="city" label={t('tenants.form.city')} maxLength={100} />
          <CountrySelect control={control} onCountryChange={onCountryChange} />
          <StateField control={control} />
          <TextField
            control={control}
            name="zip"
            label={t('tenants.form.zip')}
            maxLength={10}
            autoComplete="postal-code"
          />
          <TextField
            control={control}
            name="gstin"
            label={t('tenants.form.gstin')}
            maxLength={15}
            styles={{ input: { textTransform: 'uppercase' } }}
          />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

/** Coordinates, time zone and logo. */
export function LocationSection({
  control,
  logo,
  currentLogoUrl,
}: {
  control: Control<FormValues>;
  logo: LogoChoice;
  currentLogoUrl: string | null;
}) {
  const { t } = useTranslation();
  const timeZoneOptions = useTimeZoneOptions();
  return (
    <Section title={t('tenants.form.sectionLocation')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          control={control}
          name="latitude"
          label={t('tenants.form.latitude')}
          inputMode="decimal"
          placeholder="-90 … 90"
        />
        <TextField
          control={control}
          name="longitude"
          label={t('tenants.form.longitude')}
          inputMode="decimal"
          placeholder="-180 … 180"
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Select
              label={t('tenants.form.timeZone')}
              data={timeZoneOptions}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              allowDeselect={false}
              searchable
              required
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <LogoPicker logo={logo} currentUrl={currentLogoUrl} />
    </Section>
  );
}
