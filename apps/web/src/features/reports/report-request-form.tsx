import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  REPORT_MAX_DAYS,
  REPORT_RESOLUTIONS,
  reportRequestBodySchema,
  type ReportResolution,
} from '@vayu/domain';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { useReportPoints, useRequestReport } from './api';
import { reportResolver, showReportSaveError } from './report-form';
import { ReportSubjectFields, type SubjectValues } from './report-subject-fields';
import { indiaDay } from './reports-text';

interface RequestValues extends SubjectValues {
  from: string;
  to: string;
  resolution: ReportResolution;
}

const FIELDS = ['monitoringPointId', 'parameterIds', 'from', 'to', 'resolution'] as const;

function bodyCandidate(values: RequestValues): Record<string, unknown> {
  return {
    monitoringPointId: values.monitoringPointId === null ? undefined : Number(values.monitoringPointId),
    parameterIds: values.parameterIds.map(Number),
    from: values.from,
    to: values.to,
    resolution: values.resolution,
  };
}

/**
 * Request a report of an industry: a monitoring point, some of its
 * parameters, India days from and to, and the resolution. The job makes it
 * in the background; the list below shows its progress.
 */
export function ReportRequestForm({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const points = useReportPoints(tenantId);
  const request = useRequestReport();
  const resolver = useMemo(
    () => reportResolver<RequestValues>(reportRequestBodySchema, bodyCandidate, t),
    [t],
  );
  const { control, handleSubmit, setError, setValue } = useForm<RequestValues>({
    resolver,
    defaultValues: {
      monitoringPointId: null,
      parameterIds: [],
      from: indiaDay(-1),
      to: indiaDay(-1),
      resolution: 'HOURLY',
    },
    mode: 'onTouched',
  });
  const resolution = useWatch({ control, name: 'resolution' });

  const onSubmit = handleSubmit((values) =>
    request.mutate(
      { tenantId, body: reportRequestBodySchema.parse(bodyCandidate(values)) },
      {
        onSuccess: () => notifySuccess(t('reports.request.done')),
        onError: (error) => showReportSaveError(error, setError, t, FIELDS, t('reports.request.failed')),
      },
    ),
  );

  const available = points.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
        <Stack gap="md">
          <Title order={2} size="h4" id={headingId}>
            {t('reports.request.title')}
          </Title>
          {points.data && available.every((point) => point.parameters.length === 0) && (
            <Alert color="yellow" variant="light">
              {t('reports.request.noPoints')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ReportSubjectFields
              control={control}
              points={available}
              pointsError={points.isError ? t('reports.request.pointsError') : undefined}
              onPointChange={() => setValue('parameterIds', [])}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <DateField control={control} name="from" label={t('reports.fields.from')} />
            <DateField control={control} name="to" label={t('reports.fields.to')} />
            <ResolutionField control={control} />
          </SimpleGrid>
          <Group justify="space-between" align="center" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('reports.request.rangeHint', { days: REPORT_MAX_DAYS[resolution] })}
            </Text>
            <Button type="submit" loading={request.isPending}>
              {t('reports.request.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DateField({
  control,
  name,
  label,
}: {
  control: Control<RequestValues>;
  name: 'from' | 'to';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          type="date"
          label={label}
          min="2000-01-01"
          max={indiaDay(0)}
          required
          error={fieldState.error?.message}
          aria-invalid={fieldState.error ? true : undefined}
        />
      )}
    />
  );
}

function ResolutionField({ control }: { control: Control<RequestValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="resolution"
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={t('reports.fields.resolution')}
          data={REPORT_RESOLUTIONS.map((value) => ({ value, label: t(`reports.resolutions.${value}`) }))}
          value={field.value}
          onChange={(value) => value && field.onChange(value)}
          onBlur={field.onBlur}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
