import { Button, FileInput, Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  CALIBRATION_FIELDS,
  CALIBRATION_FILE_MAX_BYTES,
  CALIBRATION_FILE_PART,
  CALIBRATION_CHECKS,
  CALIBRATION_MESSAGES,
  calibrationBodySchema,
  type CalibrationBody,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { NumberField, SelectField, TextField } from '../../components/form';
import { formatNumber } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import { useDeviceParameters } from '../lab-calibration';
import { useMakes, useModelsOfMake } from '../makes';
import { useRecordCalibration } from './api';
import { fromLocalInput, toLocalInput } from './record-format';

/** What the form holds: numbers as typed, moments as datetime-local values, the make only to pick a model. */
export interface CalibrationFormValues {
  makeId: string | null;
  modelId: string | null;
  offset: number | string | null;
  span: number | string | null;
  coefficients: string;
  wavelength: number | string | null;
  lastCalibration: string;
  lastClean: string;
  comment: string;
  date: string;
  signalStrength: number | string | null;
  /** The protocol's check the record is (calibration schedule). */
  checkKind: string | null;
  /** The device's parameters it covered (ids as text); none means all of them. */
  parameterIds: string[];
}

type FormField = keyof CalibrationFormValues;

const MAX_MB = CALIBRATION_FILE_MAX_BYTES / (1024 * 1024);
const ACCEPT = '.pdf,.csv,.txt,application/pdf,text/csv,text/plain';
const isAcceptedName = (name: string) => /\.(pdf|csv|txt)$/i.test(name);

const emptyValues = (): CalibrationFormValues => ({
  makeId: null,
  modelId: null,
  offset: null,
  span: null,
  coefficients: '',
  wavelength: null,
  lastCalibration: '',
  lastClean: '',
  comment: '',
  // A calibration is usually recorded right after it is done.
  date: toLocalInput(new Date()),
  signalStrength: null,
  checkKind: 'TWO_POINT',
  parameterIds: [],
});

/** The body the API takes, from the form's values. */
const bodyInputOf = (deviceId: number, values: CalibrationFormValues) => ({
  deviceId,
  modelId: values.modelId ?? '',
  offset: values.offset ?? '',
  span: values.span ?? '',
  coefficients: values.coefficients,
  wavelength: values.wavelength ?? '',
  lastCalibration: fromLocalInput(values.lastCalibration),
  lastClean: fromLocalInput(values.lastClean),
  comment: values.comment,
  date: fromLocalInput(values.date),
  signalStrength: values.signalStrength ?? '',
  checkKind: values.checkKind ?? '',
  parameterIds: values.parameterIds.map(Number),
});

const RANGE = /^.+ must be between (-?[\d.]+) and (-?[\d.]+)$/;
const MAX_LENGTH = /^Must be at most (\d+) characters$/;

/** The schema's and the API's rule texts in the user's language. */
export function translateCalibrationMessage(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(CALIBRATION_MESSAGES)) {
    if (message === text)
      return t(`deviceRecords.calibration.messages.${key as keyof typeof CALIBRATION_MESSAGES}`);
  }
  const range = RANGE.exec(message);
  if (range) {
    return t('deviceRecords.calibration.messages.range', {
      min: formatNumber(Number(range[1])),
      max: formatNumber(Number(range[2])),
    });
  }
  const length = MAX_LENGTH.exec(message);
  if (length) return t('deviceRecords.calibration.messages.maxLength', { count: Number(length[1]) });
  return translateMessage(t, message);
}

const isFormField = (path: string): path is FormField =>
  path === 'makeId' || (CALIBRATION_FIELDS as readonly string[]).includes(path);

/** Checks the form with the API's own schema; each field's first message, in the user's language. */
function calibrationResolver(deviceId: number, t: TFunction): Resolver<CalibrationFormValues> {
  return (values) => {
    const parsed = calibrationBodySchema.safeParse(bodyInputOf(deviceId, values));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<CalibrationFormValues> = {};
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (!isFormField(path) || errors[path]) continue;
      errors[path] = { type: issue.code, message: translateCalibrationMessage(t, issue.message) };
    }
    return { values: {}, errors };
  };
}

/**
 * Records a calibration: the calibrator used (a model of a Calibrator make),
 * the offset and span found, coefficients, wavelength, when the device was
 * last calibrated and cleaned, the signal strength, a comment, the date and
 * an optional file (the report or the analyser's export).
 */
export function CalibrationForm({ deviceId, onSaved }: { deviceId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const record = useRecordCalibration(deviceId);
  const makes = useMakes('Calibrator');
  const parameters = useDeviceParameters(deviceId);
  const resolver = useMemo(() => calibrationResolver(deviceId, t), [deviceId, t]);
  const { control, handleSubmit, setError, setValue, reset } = useForm<CalibrationFormValues>({
    resolver,
    defaultValues: emptyValues(),
    mode: 'onTouched',
  });
  const makeId = useWatch({ control, name: 'makeId' });
  const models = useModelsOfMake(makeId === null ? null : Number(makeId));
  // Another make has other models: the model chosen goes with the make.
  useEffect(() => {
    setValue('modelId', null);
  }, [makeId, setValue]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    if (!isAcceptedName(chosen.name)) {
      setFileError(t('deviceRecords.calibration.fileType'));
      return;
    }
    if (chosen.size > CALIBRATION_FILE_MAX_BYTES) {
      setFileError(t('deviceRecords.calibration.fileTooBig', { size: MAX_MB }));
      return;
    }
    setFile(chosen);
  };

  const showRefusal = (error: unknown) => {
    if (isApiError(error)) {
      const names = String(error.params.fileNames ?? file?.name ?? '');
      if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
        setFileError(t('deviceRecords.calibration.fileRefused', { names }));
        notifyFailure(t('deviceRecords.calibration.saveError'));
        return;
      }
      if (error.code === 'PAYLOAD_TOO_LARGE') {
        setFileError(t('deviceRecords.calibration.fileTooBig', { size: MAX_MB }));
        notifyFailure(t('deviceRecords.calibration.saveError'));
        return;
      }
      const shown = error.details.filter((detail) => isFormField(detail.path));
      shown.forEach((detail, index) =>
        setError(
          detail.path as FormField,
          { type: detail.code ?? 'server', message: translateCalibrationMessage(t, detail.message) },
          { shouldFocus: index === 0 },
        ),
      );
      if (shown.length > 0) {
        notifyFailure(t('deviceRecords.calibration.saveError'));
        return;
      }
      notifyFailure(getErrorMessage(t, error));
      return;
    }
    notifyFailure(t('deviceRecords.calibration.saveError'));
  };

  const onSubmit = handleSubmit((values) => {
    // The resolver has checked these values with the same schema.
    const body: CalibrationBody = calibrationBodySchema.parse(bodyInputOf(deviceId, values));
    const form = new FormData();
    for (const key of CALIBRATION_FIELDS) {
      const value = body[key];
      if (value !== null) form.append(key, String(value));
    }
    if (file) form.append(CALIBRATION_FILE_PART, file, file.name);
    record.mutate(form, {
      onSuccess: () => {
        notifySuccess(t('deviceRecords.calibration.saved'));
        reset(emptyValues());
        setFile(null);
        onSaved();
      },
      onError: showRefusal,
    });
  });

  const makeOptions = (makes.data ?? []).map((make) => ({ value: String(make.id), label: make.name }));
  const modelOptions = (models.data ?? []).map((model) => ({ value: String(model.id), label: model.name }));
  const label = (field: keyof typeof fieldLabels) => t(fieldLabels[field]);
  const checkOptions = CALIBRATION_CHECKS.map((check) => ({
    value: check,
    label: t(`labCalibration.checks.${check}`),
  }));
  const parameterOptions = (parameters.data ?? []).map((parameter) => ({
    value: String(parameter.id),
    label: parameter.label,
  }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="makeId"
            label={label('make')}
            placeholder={t('deviceRecords.calibration.makePlaceholder')}
            data={makeOptions}
            clearable
            searchable
            loadError={makes.isError ? getErrorMessage(t, makes.error) : undefined}
            data-autofocus
          />
          <SelectField
            control={control}
            name="modelId"
            label={label('model')}
            placeholder={
              makeId === null
                ? t('deviceRecords.calibration.chooseMakeFirst')
                : t('deviceRecords.calibration.modelPlaceholder')
            }
            data={modelOptions}
            disabled={makeId === null}
            clearable
            searchable
          />
          <TextField
            control={control}
            name="date"
            type="datetime-local"
            label={label('date')}
            description={t('deviceRecords.calibration.dateHint')}
            max={toLocalInput(new Date())}
            required
          />
          <NumberField
            control={control}
            name="signalStrength"
            label={label('signalStrength')}
            min={0}
            max={100}
          />
          <NumberField control={control} name="offset" label={label('offset')} />
          <NumberField control={control} name="span" label={label('span')} />
          <NumberField control={control} name="wavelength" label={label('wavelength')} min={1} />
          <TextField
            control={control}
            name="coefficients"
            label={label('coefficients')}
            placeholder={t('deviceRecords.calibration.coefficientsPlaceholder')}
            maxLength={500}
          />
          <TextField
            control={control}
            name="lastCalibration"
            type="datetime-local"
            label={label('lastCalibration')}
          />
          <TextField control={control} name="lastClean" type="datetime-local" label={label('lastClean')} />
          <SelectField
            control={control}
            name="checkKind"
            label={t('labCalibration.recordFields.checkKind')}
            description={t('labCalibration.recordFields.checkKindHint')}
            data={checkOptions}
          />
          <Controller
            control={control}
            name="parameterIds"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('labCalibration.recordFields.parameters')}
                description={t('labCalibration.recordFields.parametersHint')}
                placeholder={t('labCalibration.recordFields.allParameters')}
                data={parameterOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={
                  fieldState.error?.message ??
                  (parameters.isError ? getErrorMessage(t, parameters.error) : undefined)
                }
                clearable
                searchable
              />
            )}
          />
        </SimpleGrid>
        <TextField
          control={control}
          name="comment"
          label={label('comment')}
          placeholder={t('deviceRecords.calibration.commentPlaceholder')}
          maxLength={1000}
        />
        <FileInput
          clearable
          label={label('calibrationFile')}
          placeholder={t('deviceRecords.calibration.filePlaceholder')}
          description={t('deviceRecords.calibration.fileHint', { size: MAX_MB })}
          accept={ACCEPT}
          value={file}
          onChange={chooseFile}
          error={fileError ?? undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            {t('deviceRecords.calibration.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const fieldLabels = {
  make: 'deviceRecords.calibration.fields.make',
  model: 'deviceRecords.calibration.fields.model',
  offset: 'deviceRecords.calibration.fields.offset',
  span: 'deviceRecords.calibration.fields.span',
  coefficients: 'deviceRecords.calibration.fields.coefficients',
  wavelength: 'deviceRecords.calibration.fields.wavelength',
  calibrationFile: 'deviceRecords.calibration.fields.calibrationFile',
  lastCalibration: 'deviceRecords.calibration.fields.lastCalibration',
  lastClean: 'deviceRecords.calibration.fields.lastClean',
  comment: 'deviceRecords.calibration.fields.comment',
  date: 'deviceRecords.calibration.fields.date',
  signalStrength: 'deviceRecords.calibration.fields.signalStrength',
} as const;
