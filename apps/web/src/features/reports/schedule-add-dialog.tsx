import { Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  REPORT_FREQUENCIES,
  REPORT_RESOLUTIONS,
  reportScheduleBodySchema,
  type ReportFrequency,
  type ReportResolution,
} from '@vayu/domain';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { useCreateSchedule, useReportPoints } from './api';
import { RecipientsField } from './recipients-field';
import { reportResolver, showReportSaveError } from './report-form';
import { ReportSubjectFields, type SubjectValues } from './report-subject-fields';

interface ScheduleValues extends SubjectValues {
  resolution: ReportResolution;
  frequency: ReportFrequency;
  recipients: string[];
}

const FIELDS = ['monitoringPointId', 'parameterIds', 'resolution', 'frequency', 'recipients'] as const;

/** Add a schedule of an industry's report: what it covers, how often, and who gets it. */
export function ScheduleAddDialog({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('reports.schedules.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('reports.cancel') }}
    >
      {opened && <ScheduleForm tenantId={tenantId} onClose={onClose} />}
    </Modal>
  );
}

function ScheduleForm({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const points = useReportPoints(tenantId);
  const create = useCreateSchedule();
  const toCandidate = useMemo(
    () => (values: ScheduleValues) => ({
      tenantId,
      monitoringPointId: values.monitoringPointId === null ? undefined : Number(values.monitoringPointId),
      parameterIds: values.parameterIds.map(Number),
      resolution: values.resolution,
      frequency: values.frequency,
      recipients: values.recipients,
    }),
    [tenantId],
  );
  const resolver = useMemo(
    () => reportResolver<ScheduleValues>(reportScheduleBodySchema, toCandidate, t),
    [toCandidate, t],
  );
  const { control, handleSubmit, setError, setValue } = useForm<ScheduleValues>({
    resolver,
    defaultValues: {
      monitoringPointId: null,
      parameterIds: [],
      resolution: 'HOURLY',
      frequency: 'DAILY',
      recipients: [],
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(reportScheduleBodySchema.parse(toCandidate(values)), {
      onSuccess: () => {
        notifySuccess(t('reports.schedules.saved'));
        onClose();
      },
      onError: (error) => showReportSaveError(error, setError, t, FIELDS, t('reports.schedules.saveError')),
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <ReportSubjectFields
          control={control}
          points={points.data ?? []}
          pointsError={points.isError ? t('reports.request.pointsError') : undefined}
          onPointChange={() => setValue('parameterIds', [])}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceField
            control={control}
            name="resolution"
            label={t('reports.fields.resolution')}
            data={REPORT_RESOLUTIONS.map((value) => ({ value, label: t(`reports.resolutions.${value}`) }))}
          />
          <ChoiceField
            control={control}
            name="frequency"
            label={t('reports.fields.frequency')}
            data={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`reports.frequencies.${value}`) }))}
            describe={(value) => t(`reports.frequencyPeriods.${value as ReportFrequency}`)}
          />
        </SimpleGrid>
        <RecipientsField control={control} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('reports.schedules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChoiceField({
  control,
  name,
  label,
  data,
  describe,
}: {
  control: Control<ScheduleValues>;
  name: 'resolution' | 'frequency';
  label: string;
  data: { value: string; label: string }[];
  describe?: (value: string) => string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={label}
          data={data}
          value={field.value}
          onChange={(value) => value && field.onChange(value)}
          onBlur={field.onBlur}
          description={describe?.(field.value)}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
