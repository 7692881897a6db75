import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { TIME_ZONES, tenantFormSchema, type TenantDetail, type TenantPatchBody } from '@vayu/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, EmailField, TextField } from '../../components/form';
import { PhoneField } from '../../components/phone';
import { hasErrorCode } from '../../app/error-message';
import { usePatchTenant } from './api/update-tenant-account';
import { useTimeZoneOptions } from './api/get-timezones';

const accountEditSchema = tenantFormSchema.pick({
  name: true,
  contactEmail: true,
  contactNo: true,
  timeZone: true,
});
type FormValues = z.input<typeof accountEditSchema>;
type FormOutput = z.output<typeof accountEditSchema>;
const FIELDS = ['name', 'contactEmail', 'contactNo', 'timeZone'] as const;

function formOf(tenant: TenantDetail): FormValues {
  return {
    name: tenant.name,
    contactEmail: tenant.contactEmail ?? '',
    contactNo: tenant.contactNo ?? '',
    timeZone: (TIME_ZONES as readonly string[]).includes(tenant.timeZone)
      ? (tenant.timeZone as FormValues['timeZone'])
      : 'Asia/Kolkata',
  };
}

interface TenantsEditAccountDialogProps {
  opened: boolean;
  tenant: TenantDetail;
  onClose: () => void;
  /** Loads the latest saved account (after a conflict). */
  onReload: () => Promise<TenantDetail | null>;
}

/** The edit-account modal: name, contact and time zone through `PATCH /tenants/{id}`. */
export function TenantsEditAccountDialog({
  opened,
  tenant,
  onClose,
  onReload,
}: TenantsEditAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tenants.editAccountDialog.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      {opened && <EditAccountForm tenant={tenant} onClose={onClose} onReload={onReload} />}
    </Modal>
  );
}

function EditAccountForm({ tenant, onClose, onReload }: Omit<TenantsEditAccountDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const timeZoneOptions = useTimeZoneOptions();
  const patch = usePatchTenant(tenant.id);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(accountEditSchema),
    defaultValues: formOf(tenant),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    const operations: TenantPatchBody = FIELDS.filter((att) => values[att] !== (tenant[att] ?? '')).map(
      (att) => ({
        op: 'replace',
        att,
        value: values[att],
      }),
    );
    if (operations.length === 0) {
      onClose();
      return;
    }
    patch.mutate(operations, {
      onSuccess: () => {
        notifySuccess(t('tenants.editAccountDialog.success'));
        onClose();
      },
      onError: (error) => {
        if (hasErrorCode(error, 'STALE_VERSION')) {
          setConflict(true);
          return;
        }
        applyServerError(error, setError, t, { fields: FIELDS });
        notifyFailure(t('tenants.editAccountDialog.failure'));
      },
    });
  });

  const reload = async () => {
    const latest = await onReload();
    if (latest) reset(formOf(latest));
    setConflict(false);
  };

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
          name="name"
          label={t('tenants.form.name')}
          required
          maxLength={150}
          data-autofocus
        />
        <EmailField
          control={control}
          name="contactEmail"
          label={t('tenants.form.contactEmail')}
          required
          maxLength={254}
        />
        <PhoneField control={control} name="contactNo" label={t('tenants.form.contactNo')} required />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Select
              label={t('tenants.form.timeZone')}
              data={timeZoneOptions}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={(value) => field.onChange(value ?? '')}
              ref={field.ref}
              allowDeselect={false}
              searchable
              required
              error={fieldState.error?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={patch.isPending}>
            {t('tenants.cancel')}
          </Button>
          <Button type="submit" loading={patch.isPending} disabled={conflict}>
            {t('tenants.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
