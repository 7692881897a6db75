import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import {
  FIELD_MESSAGES,
  PULL_DATA_MESSAGES,
  PULL_HISTORY_DAYS_MAX,
  PULL_MAX_PARAMETERS,
  PULL_MAX_POINTS,
  PULL_MAX_RANGE_DAYS_MAX,
  pullTokenCreateBodySchema,
  reportUnitLabel,
  type PullTokenCreateBody,
  type PullTokenIssued,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { describeFieldError, NumberField, TextField } from '../../components/form';
import { translatedResolver } from '../cameras';
import { useCreatePullToken, usePullPoints } from './api';

/** What the form holds; the domain's schema checks it (with the day as an instant) and makes the body. */
export interface PullTokenFormValues extends FieldValues {
  name: string;
  /** The multi-selects' values (ids as text). */
  monitoringPointIds: string[];
  parameterIds: string[];
  historyDays: number | null;
  maxRangeDays: number | null;
  /** `YYYY-MM-DD`, or '' for no expiry. */
  expiresAt: string;
}

const FIELDS = [
  'name',
  'monitoringPointIds',
  'parameterIds',
  'historyDays',
  'maxRangeDays',
  'expiresAt',
] as const;

/** The last moment of a day in India, when a token set to expire that day stops. */
export const endOfIndianDay = (day: string) => `${day}T23:59:59+05:30`;

/** Today in India, `YYYY-MM-DD` (the earliest expiry a token may be given). */
const indianToday = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

function pullDataMessage(t: TFunction, message: string): string {
  switch (message) {
    case PULL_DATA_MESSAGES.points:
      return t('pullData.messages.points');
    case PULL_DATA_MESSAGES.parameters:
      return t('pullData.messages.parameters');
    case PULL_DATA_MESSAGES.historyDays:
      return t('pullData.messages.historyDays', { max: PULL_HISTORY_DAYS_MAX });
    case PULL_DATA_MESSAGES.maxRangeDays:
      return t('pullData.messages.maxRangeDays', { max: PULL_MAX_RANGE_DAYS_MAX });
    case PULL_DATA_MESSAGES.rangeOverHistory:
      return t('pullData.messages.rangeOverHistory');
    case PULL_DATA_MESSAGES.expiryPast:
      return t('pullData.messages.expiryPast');
    case FIELD_MESSAGES.required:
      return t('validation.required');
    case FIELD_MESSAGES.number:
      return t('validation.number');
    default:
      return message;
  }
}

const schemaResolver = zodResolver(pullTokenCreateBodySchema) as unknown as Resolver<
  PullTokenFormValues,
  unknown,
  PullTokenCreateBody
>;

/** The form's values as the body the schema checks: the expiry day as its last moment in India. */
const formResolver: Resolver<PullTokenFormValues, unknown, PullTokenCreateBody> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    {
      ...values,
      expiresAt: (values.expiresAt ? endOfIndianDay(values.expiresAt) : null) as unknown as string,
    },
    context,
    options,
  );

export interface PullTokenCreateDialogProps {
  /** The industry the token is for; null: closed. */
  tenantId: number | null;
  onClose: () => void;
  onIssued: (issued: PullTokenIssued) => void;
}

/** Issue a token: who it is for, its points and parameters, how far back and how much at once, its expiry. */
export function PullTokenCreateDialog(props: PullTokenCreateDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.tenantId !== null}
      onClose={props.onClose}
      title={t('pullData.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('pullData.close') }}
    >
      {props.tenantId !== null && <CreateForm {...props} tenantId={props.tenantId} />}
    </Modal>
  );
}

function CreateForm({ tenantId, onClose, onIssued }: PullTokenCreateDialogProps & { tenantId: number }) {
  const { t } = useTranslation();
  const create = useCreatePullToken();
  const points = usePullPoints(tenantId);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<
    PullTokenFormValues,
    unknown,
    PullTokenCreateBody
  >({
    resolver: translatedResolver(formResolver, (message) => pullDataMessage(t, message)),
    defaultValues: {
      name: '',
      monitoringPointIds: [],
      parameterIds: [],
      historyDays: 7,
      maxRangeDays: 1,
      expiresAt: '',
    },
    mode: 'onTouched',
  });
  // The shared fields take the form's values as its body too; the schema's output is only for the submit.
  const fieldControl = control as unknown as Control<PullTokenFormValues>;
  const chosenPoints = useWatch({ control, name: 'monitoringPointIds' });
  const parameterOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const point of points.data ?? []) {
      if (!chosenPoints.includes(String(point.id))) continue;
      for (const parameter of point.parameters) {
        const label = parameter.unit
          ? `${parameter.label} (${reportUnitLabel(parameter.unit)})`
          : parameter.label;
        seen.set(String(parameter.id), label);
      }
    }
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [points.data, chosenPoints]);

  const onPointsChange = (next: string[]) => {
    setValue('monitoringPointIds', next, { shouldValidate: true, shouldDirty: true });
    // Parameters no chosen point measures any more are dropped.
    const measured = new Set(
      (points.data ?? [])
        .filter((point) => next.includes(String(point.id)))
        .flatMap((point) => point.parameters.map((parameter) => String(parameter.id))),
    );
    const kept = getValues('parameterIds').filter((id) => measured.has(id));
    setValue('parameterIds', kept, { shouldDirty: true });
  };

  const showError = (error: unknown) => {
    let isShownOnField = false;
    if (isApiError(error)) {
      for (const detail of error.details) {
        // `monitoringPointIds.2` is about the field as a whole for the person choosing.
        const path = detail.path.replace(/^body\./, '').replace(/\.\d+$/, '');
        if (!(FIELDS as readonly string[]).includes(path)) continue;
        setError(
          path as Path<PullTokenFormValues>,
          { type: detail.code ?? 'server', message: pullDataMessage(t, describeFieldError(t, detail)) },
          { shouldFocus: !isShownOnField },
        );
        isShownOnField = true;
      }
    }
    notifyFailure(isShownOnField ? t('pullData.saveError') : getErrorMessage(t, error));
  };

  const onSubmit = handleSubmit((body) =>
    create.mutate(
      { tenantId, body },
      {
        onSuccess: (issued) => {
          notifySuccess(t('pullData.created'));
          onIssued(issued);
        },
        onError: showError,
      },
    ),
  );

  const pointOptions = (points.data ?? []).map((point) => ({ value: String(point.id), label: point.name }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        <TextField
          control={fieldControl}
          name="name"
          label={t('pullData.name')}
          placeholder={t('pullData.namePlaceholder')}
          description={t('pullData.nameHelp')}
          required
          maxLength={100}
          data-autofocus
        />
        <Controller
          control={control}
          name="monitoringPointIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              ref={field.ref}
              label={t('pullData.points')}
              placeholder={t('pullData.pointsPlaceholder')}
              data={pointOptions}
              value={field.value}
              onChange={onPointsChange}
              onBlur={field.onBlur}
              error={
                fieldState.error?.message ??
                (points.isError
                  ? t('pullData.pointsError')
                  : points.data?.length === 0
                    ? t('pullData.noPoints')
                    : undefined)
              }
              aria-invalid={fieldState.error ? true : undefined}
              disabled={points.isPending}
              maxValues={PULL_MAX_POINTS}
              searchable
              clearable
              hidePickedOptions
              required
            />
          )}
        />
        <Controller
          control={control}
          name="parameterIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              ref={field.ref}
              label={t('pullData.parameters')}
              placeholder={t('pullData.parametersPlaceholder')}
              description={t('pullData.parametersHelp')}
              data={parameterOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              aria-invalid={fieldState.error ? true : undefined}
              disabled={parameterOptions.length === 0}
              maxValues={PULL_MAX_PARAMETERS}
              searchable
              clearable
              hidePickedOptions
              required
            />
          )}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberField
            control={fieldControl}
            name="historyDays"
            label={t('pullData.historyDays')}
            description={t('pullData.historyDaysHelp', { max: PULL_HISTORY_DAYS_MAX })}
            min={1}
            max={PULL_HISTORY_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            miw={200}
          />
          <NumberField
            control={fieldControl}
            name="maxRangeDays"
            label={t('pullData.maxRangeDays')}
            description={t('pullData.maxRangeDaysHelp', { max: PULL_MAX_RANGE_DAYS_MAX })}
            min={1}
            max={PULL_MAX_RANGE_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            miw={200}
          />
        </Group>
        <Controller
          control={control}
          name="expiresAt"
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              type="date"
              label={t('pullData.expiresOn')}
              description={t('pullData.expiresOnHelp')}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              min={indianToday()}
              error={fieldState.error?.message}
              aria-invalid={fieldState.error ? true : undefined}
              w={{ base: '100%', xs: 220 }}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('pullData.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('pullData.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
