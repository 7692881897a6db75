import { Loader, Select, SimpleGrid, Switch, Textarea } from '@mantine/core';
import { CERTIFICATION_BODIES, DATA_FREQUENCIES } from '@vayu/domain';
import { memo } from 'react';
import { Controller, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField, useFieldErrorMessage } from '../../../components/form';
import { AccountSelect } from '../../accounts';
import { useMonitoringPointsOf } from '../api/device-lookups';
import type { DeviceFormValues } from './form-values';
import { FormSection } from './form-section';
import { IdSelectField } from './id-select-field';
import type { SerialStatus } from './use-availability-checks';
import { VendorField } from './vendor-field';

interface GeneralSectionProps {
  control: Control<DeviceFormValues>;
  setValue: UseFormSetValue<DeviceFormValues>;
  serialStatus: SerialStatus;
  /** Site, partner and other users adding a device choose its industry; an industry's own users do not. */
  canPickIndustry: boolean;
  /** The industry's name, while the picker has not searched for it. */
  industryName: string | undefined;
  canAddVendor: boolean;
}

const YES = 'yes';
const NO = 'no';

/** Name, serial number (checked as it is typed), certification, data frequency, where it is, who supplied it. */
export const GeneralSection = memo(function GeneralSection({
  control,
  setValue,
  serialStatus,
  canPickIndustry,
  industryName,
  canAddVendor,
}: GeneralSectionProps) {
  const { t } = useTranslation();
  const tenantId = useWatch({ control, name: 'tenantId' });
  const serialNumber = useWatch({ control, name: 'serialNumber' });
  const certified = useWatch({ control, name: 'certified' });
  const points = useMonitoringPointsOf(tenantId);
  const { errors } = useFormState({ control, name: 'serialNumber' });
  // The field's own error says it already when the number is refused.
  const serialNote = errors.serialNumber
    ? undefined
    : serialStatusText(t, serialStatus, serialNumber.includes('#'));

  return (
    <FormSection legend={t('deviceRegistry.form.general')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {canPickIndustry && (
          <Controller
            control={control}
            name="tenantId"
            render={({ field, fieldState }) => (
              <IndustryPicker
                value={field.value}
                valueLabel={industryName}
                error={fieldState.error?.message}
                onChange={(id) => {
                  field.onChange(id);
                  setValue('monitoringPointId', null);
                }}
              />
            )}
          />
        )}
        <TextField
          control={control}
          name="name"
          label={t('deviceRegistry.fields.name')}
          placeholder={t('deviceRegistry.form.namePlaceholder')}
          required
          maxLength={100}
          data-autofocus
        />
        <TextField
          control={control}
          name="serialNumber"
          label={t('deviceRegistry.fields.serialNumber')}
          required
          maxLength={60}
          description={serialNote}
          rightSection={serialStatus === 'checking' ? <Loader size="xs" aria-hidden /> : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <TextField
          control={control}
          name="manufactureId"
          label={t('deviceRegistry.fields.manufactureId')}
          maxLength={60}
        />
        <Controller
          control={control}
          name="certified"
          render={({ field }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('deviceRegistry.fields.certified')}
              data={[
                { value: YES, label: t('deviceRegistry.yes') },
                { value: NO, label: t('deviceRegistry.no') },
              ]}
              value={field.value ? YES : NO}
              onChange={(next) => {
                const isCertified = next === YES;
                field.onChange(isCertified);
                setValue('certification', null);
              }}
              allowDeselect={false}
            />
          )}
        />
        <SelectField
          control={control}
          name="certification"
          label={t('deviceRegistry.fields.certification')}
          placeholder={certified ? t('deviceRegistry.form.choose') : t('deviceRegistry.form.notCertified')}
          data={CERTIFICATION_BODIES.filter((body) => body !== 'None').map((body) => ({
            value: body,
            label: body,
          }))}
          required={certified}
          disabled={!certified}
        />
        <IdSelectField
          control={control}
          name="dataFrequency"
          label={t('deviceRegistry.fields.dataFrequency')}
          data={DATA_FREQUENCIES.map((minutes) => ({
            value: minutes,
            label: t('deviceRegistry.minutes', { count: minutes }),
          }))}
          required
        />
        <IdSelectField
          control={control}
          name="monitoringPointId"
          label={t('deviceRegistry.fields.monitoringPoint')}
          placeholder={
            tenantId === null
              ? t('deviceRegistry.form.chooseIndustryFirst')
              : points.isLoading
                ? t('common.loading')
                : t('deviceRegistry.form.choose')
          }
          data={(points.data?.items ?? []).map((point) => ({ value: point.id, label: point.name }))}
          loadError={points.isError ? t('deviceRegistry.form.pointsError') : undefined}
          nothingFoundMessage={t('deviceRegistry.form.noPoints')}
          disabled={tenantId === null}
          searchable
          required
        />
        <TextField control={control} name="tag" label={t('deviceRegistry.fields.tag')} maxLength={60} />
        <TextField
          control={control}
          name="process"
          label={t('deviceRegistry.fields.process')}
          maxLength={200}
        />
        <VendorField control={control} setValue={setValue} canAdd={canAddVendor} />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              label={t('deviceRegistry.fields.enabled')}
              description={t('deviceRegistry.form.enabledHint')}
              checked={field.value === 'ENABLED'}
              onChange={(event) => field.onChange(event.currentTarget.checked ? 'ENABLED' : 'DISABLED')}
              mt="lg"
            />
          )}
        />
      </SimpleGrid>
      <DescriptionField control={control} />
    </FormSection>
  );
});

function serialStatusText(t: TFunction, status: SerialStatus, hasHash: boolean): string | undefined {
  switch (status) {
    case 'checking':
      return t('deviceRegistry.serial.checking');
    case 'free':
      return t('deviceRegistry.serial.free');
    case 'shared':
      return hasHash ? t('deviceRegistry.serial.sharedNoSensorIds') : t('deviceRegistry.serial.shared');
    case 'forbidden':
      return t('deviceRegistry.serial.forbidden');
    case 'error':
      return t('deviceRegistry.serial.error');
    default:
      return t('deviceRegistry.serial.hint');
  }
}

function IndustryPicker({
  value,
  valueLabel,
  error,
  onChange,
}: {
  value: number | null;
  valueLabel: string | undefined;
  error: string | undefined;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const message = useFieldErrorMessage(error ? { type: 'required', message: error } : undefined);
  return (
    <AccountSelect
      label={t('deviceRegistry.fields.industry')}
      placeholder={t('deviceRegistry.list.industryPlaceholder')}
      value={value}
      {...(valueLabel !== undefined && { valueLabel })}
      types={['tenant']}
      required
      clearable={false}
      {...(message !== undefined && { error: message })}
      onChange={(account) => onChange(account?.id ?? null)}
    />
  );
}

function DescriptionField({ control }: { control: Control<DeviceFormValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="description"
      render={({ field, fieldState }) => (
        <Textarea
          ref={field.ref}
          name={field.name}
          label={t('deviceRegistry.fields.description')}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          maxLength={500}
          autosize
          minRows={2}
          maxRows={5}
          mt="sm"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
