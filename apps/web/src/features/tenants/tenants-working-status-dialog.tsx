import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { changeWorkingStatusBodySchema, WORKING_STATUSES, type WorkingStatus } from '@vayu/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, useFieldErrorMessage } from '../../components/form';
import { useChangeWorkingStatus } from './api/update-tenant-account';

const workingStatusFormSchema = changeWorkingStatusBodySchema.omit({ tenantId: true });
type FormValues = z.input<typeof workingStatusFormSchema>;
type FormOutput = z.output<typeof workingStatusFormSchema>;

interface TenantsWorkingStatusDialogProps {
  opened: boolean;
  tenantId: number;
  current: string;
  onClose: () => void;
}

/** The working status modal: one of the spec's options (§4) and a remark. */
export function TenantsWorkingStatusDialog({
  opened,
  tenantId,
  current,
  onClose,
}: TenantsWorkingStatusDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tenants.workingStatusDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      {opened && <WorkingStatusForm tenantId={tenantId} current={current} onClose={onClose} />}
    </Modal>
  );
}

function WorkingStatusForm({ tenantId, current, onClose }: Omit<TenantsWorkingStatusDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const change = useChangeWorkingStatus(tenantId);
  const initial = (WORKING_STATUSES as readonly string[]).includes(current)
    ? (current as WorkingStatus)
    : 'ON';
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(workingStatusFormSchema),
    defaultValues: { workingStatus: initial, remark: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('tenants.workingStatusDialog.success'));
        onClose();
      },
      onError: (error) => {
        applyServerError(error, setError, t, { fields: ['workingStatus', 'remark'] });
        notifyFailure(t('tenants.workingStatusDialog.failure'));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="workingStatus"
          render={({ field, fieldState }) => (
            <Select
              label={t('tenants.workingStatusDialog.workingStatus')}
              data={WORKING_STATUSES.map((status) => ({
                value: status,
                label: t(`tenants.workingStatuses.${status}`),
              }))}
              value={typeof field.value === 'string' ? field.value : null}
              onChange={(value) => field.onChange(value ?? '')}
              ref={field.ref}
              allowDeselect={false}
              required
              data-autofocus
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="remark"
          render={({ field, fieldState }) => (
            <RemarkInput
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('tenants.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('tenants.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemarkInput({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: Parameters<typeof useFieldErrorMessage>[0];
}) {
  const { t } = useTranslation();
  const message = useFieldErrorMessage(error);
  return (
    <Textarea
      label={t('tenants.workingStatusDialog.remark')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      maxLength={500}
      autosize
      minRows={3}
      error={message}
    />
  );
}
