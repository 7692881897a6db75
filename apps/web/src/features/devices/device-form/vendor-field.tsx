import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../../app/error-message';
import { notifySuccess } from '../../../app/notifications';
import { useCreateDeviceVendor, useDeviceVendors } from '../api/device-lookups';
import type { DeviceFormValues } from './form-values';
import { IdSelectField } from './id-select-field';

interface VendorFieldProps {
  control: Control<DeviceFormValues>;
  setValue: UseFormSetValue<DeviceFormValues>;
  /** Account admins may add a vendor the list lacks. */
  canAdd: boolean;
}

/** The company that supplied the device, chosen from the vendors, or added on the spot. */
export function VendorField({ control, setValue, canAdd }: VendorFieldProps) {
  const { t } = useTranslation();
  const vendors = useDeviceVendors();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Stack gap={4}>
      <IdSelectField
        control={control}
        name="vendorId"
        label={t('deviceRegistry.fields.vendor')}
        placeholder={vendors.isLoading ? t('common.loading') : t('deviceRegistry.form.chooseVendor')}
        data={(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))}
        loadError={vendors.isError ? t('deviceRegistry.form.vendorsError') : undefined}
        nothingFoundMessage={t('deviceRegistry.form.noVendor')}
        searchable
        clearable
      />
      {canAdd && (
        <Popover opened={isAdding} onChange={setIsAdding} trapFocus position="bottom-start" withinPortal>
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setIsAdding((open) => !open)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('deviceRegistry.form.addVendor')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <NewVendorForm
              onAdded={(id) => {
                setValue('vendorId', id, { shouldDirty: true });
                setIsAdding(false);
              }}
              onCancel={() => setIsAdding(false)}
            />
          </Popover.Dropdown>
        </Popover>
      )}
    </Stack>
  );
}

function NewVendorForm({ onAdded, onCancel }: { onAdded: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDeviceVendor();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  // A form of its own inside the device form's dialog: its submit must not submit the device.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (vendor) => {
        notifySuccess(t('deviceRegistry.form.vendorAdded', { name: vendor.name }));
        onAdded(vendor.id);
      },
      onError: (failure) =>
        setError(
          hasErrorCode(failure, 'VENDOR_EXISTS')
            ? t('errors.codes.VENDOR_EXISTS')
            : getErrorMessage(t, failure),
        ),
    });
  };

  return (
    <Stack gap="xs" w={260}>
      <TextInput
        label={t('deviceRegistry.form.newVendor')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
        }}
        maxLength={100}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('deviceRegistry.cancel')}
        </Button>
        <Button size="xs" loading={create.isPending} onClick={submit}>
          {t('deviceRegistry.form.addVendorSave')}
        </Button>
      </Group>
    </Stack>
  );
}
