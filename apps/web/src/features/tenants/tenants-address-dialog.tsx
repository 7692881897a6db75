import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { addressBodySchema, INDIAN_STATES, type Address, type AddressBody } from '@vayu/domain';
import type { z } from 'zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField } from '../../components/form';
import { PhoneField } from '../../components/phone';
import { useSaveAddress, type AddressType } from './api/address';
import { DEFAULT_COUNTRY, ORDERED_COUNTRIES } from './tenant-constants';

type FormValues = z.input<typeof addressBodySchema>;
const FIELDS = Object.keys(addressBodySchema.shape) as FieldPath<FormValues>[];

interface TenantsAddressDialogProps {
  opened: boolean;
  accountType: string;
  accountId: number;
  addressType: AddressType;
  /** The saved address, null when there is none yet. */
  address: Address | null;
  onClose: () => void;
  /** Loads the latest saved address (after a conflict). */
  onReload: () => Promise<Address | null>;
}

function formOf(address: Address | null): FormValues {
  return {
    addressLine: address?.addressLine ?? '',
    city: address?.city ?? '',
    stateCode: address?.stateCode ?? '',
    countryCode: address?.countryCode ?? DEFAULT_COUNTRY,
    zip: address?.zip ?? '',
    gstin: address?.gstin ?? '',
    contactName: address?.contactName ?? '',
    contactNo: address?.contactNo ?? '',
    version: address?.version,
  };
}

/** The billing (or mailing) address modal of the tenant detail view. */
export function TenantsAddressDialog(props: TenantsAddressDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.addressType === 'BILLING'
          ? t('tenants.addressDialog.titleBilling')
          : t('tenants.addressDialog.titleMailing')
      }
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      {props.opened && <AddressForm key={props.address?.version ?? 0} {...props} />}
    </Modal>
  );
}

function AddressForm({
  accountType,
  accountId,
  addressType,
  address,
  onClose,
  onReload,
}: TenantsAddressDialogProps) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState(false);
  const save = useSaveAddress(accountType, accountId, addressType);
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues, unknown, AddressBody>({
    resolver: zodResolver(addressBodySchema),
    defaultValues: formOf(address),
    mode: 'onTouched',
  });
  const country = useWatch({ control, name: 'countryCode' });

  const reload = async () => {
    const latest = await onReload();
    reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('tenants.addressDialog.success'));
        onClose();
      },
      onError: (error) => {
        if (hasErrorCode(error, 'STALE_VERSION')) {
          setConflict(true);
          return;
        }
        applyServerError(error, setError, t, { fields: FIELDS });
        notifyFailure(t('tenants.addressDialog.failure'));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('tenants.conflict')}>
            <Button size="xs" variant="default" onClick={() => void reload()}>
              {t('tenants.reload')}
            </Button>
          </Alert>
        )}
        <TextField
          control={control}
          name="addressLine"
          label={t('tenants.addressDialog.addressLine')}
          required
          maxLength={300}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="city"
            label={t('tenants.addressDialog.city')}
            required
            maxLength={100}
          />
          <Controller
            control={control}
            name="countryCode"
            render={({ field, fieldState }) => (
              <Select
                label={t('tenants.addressDialog.country')}
                data={ORDERED_COUNTRIES.map((item) => ({ value: item.code, label: item.name }))}
                value={typeof field.value === 'string' ? field.value : DEFAULT_COUNTRY}
                onChange={(value) => {
                  if (value && value !== field.value) {
                    field.onChange(value);
                    setValue('stateCode', '');
                  }
                }}
                ref={field.ref}
                allowDeselect={false}
                searchable
                error={fieldState.error?.message}
              />
            )}
          />
          {country === 'IN' ? (
            <Controller
              control={control}
              name="stateCode"
              render={({ field, fieldState }) => (
                <Select
                  label={t('tenants.addressDialog.state')}
                  data={INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }))}
                  value={typeof field.value === 'string' && field.value ? field.value : null}
                  onChange={(value) => field.onChange(value ?? '')}
                  ref={field.ref}
                  searchable
                  clearable
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : (
            <TextField
              control={control}
              name="stateCode"
              label={t('tenants.addressDialog.state')}
              maxLength={5}
            />
          )}
          <TextField control={control} name="zip" label={t('tenants.addressDialog.zip')} maxLength={10} />
          <TextField control={control} name="gstin" label={t('tenants.addressDialog.gstin')} maxLength={15} />
          <TextField
            control={control}
            name="contactName"
            label={t('tenants.addressDialog.contactName')}
            maxLength={100}
          />
        </SimpleGrid>
        <PhoneField control={control} name="contactNo" label={t('tenants.addressDialog.contactNo')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('tenants.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict}>
            {t('tenants.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
