import { Button, FileInput, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_FIELDS,
  DOCUMENT_FILES_PART,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES_PER_UPLOAD,
  MAX_DOCUMENTS_PER_DEVICE,
  type DeviceDocuments,
  type DocumentFields,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField } from '../../components/form';
import { useUploadDeviceDocuments } from './api';

type FieldValues = Record<keyof DocumentFields, string>;

const MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);
/** The longest value each detail may have (the domain schema's limits). */
const MAX_LENGTH: Record<keyof DocumentFields, number> = {
  instrumentAccuracy: 200,
  instrumentMeasurementRange: 200,
  instrumentWorkingTemperatureRange: 200,
  measurementCycle: 200,
  otherDiagnosticParametersMonitored: 500,
  referenceGasUsed: 200,
  zeroGasUsed: 200,
};
const ACCEPT = [...DOCUMENT_CONTENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');
const isAcceptedName = (name: string) => /\.(pdf|png|jpe?g)$/i.test(name);

const valuesOf = (fields: DeviceDocuments['fields']): FieldValues =>
  Object.fromEntries(DOCUMENT_FIELDS.map((key) => [key, fields[key] ?? ''])) as FieldValues;

/**
 * The update form: the instrument's details (each one changed is sent and
 * replaces the stored one) and files to add. What the browser can tell
 * (type by name or declared type, size, count) is checked before sending;
 * the server checks each file's content and says which it refused.
 */
export function DocumentsForm({
  deviceId,
  documents,
  onSaved,
}: {
  deviceId: number;
  documents: DeviceDocuments;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadDeviceDocuments(deviceId);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<FieldValues>({
    defaultValues: valuesOf(documents.fields),
    mode: 'onTouched',
  });

  const chooseFiles = (chosen: File[]) => {
    setFileError(null);
    setFiles([]);
    if (chosen.length > DOCUMENT_MAX_FILES_PER_UPLOAD) {
      setFileError(t('deviceRecords.documents.tooManyFiles', { count: DOCUMENT_MAX_FILES_PER_UPLOAD }));
      return;
    }
    if (documents.files.length + chosen.length > MAX_DOCUMENTS_PER_DEVICE) {
      setFileError(t('deviceRecords.documents.limitReached', { limit: MAX_DOCUMENTS_PER_DEVICE }));
      return;
    }
    const wrongType = chosen.filter(
      (file) =>
        !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type) && !isAcceptedName(file.name),
    );
    if (wrongType.length > 0) {
      setFileError(
        t('deviceRecords.documents.fileTypeRefused', {
          names: wrongType.map((file) => file.name).join(', '),
        }),
      );
      return;
    }
    const tooBig = chosen.find((file) => file.size > DOCUMENT_MAX_BYTES);
    if (tooBig) {
      setFileError(t('deviceRecords.documents.fileTooBig', { name: tooBig.name, size: MAX_MB }));
      return;
    }
    setFiles(chosen);
  };

  /** The server's refusal: a file's type or size under the file input, a detail under its field. */
  const showRefusal = (error: unknown) => {
    if (isApiError(error)) {
      const names = String(error.params.fileNames ?? '');
      if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
        setFileError(t('deviceRecords.documents.fileTypeRefused', { names }));
        notifyFailure(t('deviceRecords.documents.saveError'));
        return;
      }
      if (error.code === 'PAYLOAD_TOO_LARGE') {
        setFileError(
          typeof error.params.maxFiles === 'number'
            ? t('deviceRecords.documents.tooManyFiles', { count: error.params.maxFiles })
            : t('deviceRecords.documents.fileTooBig', { name: names, size: MAX_MB }),
        );
        notifyFailure(t('deviceRecords.documents.saveError'));
        return;
      }
      if (error.code === 'BUSINESS_RULE' && typeof error.params.limit === 'number') {
        setFileError(t('deviceRecords.documents.limitReached', { limit: error.params.limit }));
        notifyFailure(t('deviceRecords.documents.saveError'));
        return;
      }
    }
    const outcome = applyServerError(error, setError, t, { fields: DOCUMENT_FIELDS });
    notifyFailure(outcome.isShownOnField ? t('deviceRecords.documents.saveError') : outcome.message);
  };

  const onSubmit = handleSubmit((values) => {
    const stored = valuesOf(documents.fields);
    const changed = DOCUMENT_FIELDS.filter((key) => values[key].trim() !== stored[key]);
    if (changed.length === 0 && files.length === 0) {
      setFileError(t('deviceRecords.documents.nothingToSave'));
      return;
    }
    const form = new FormData();
    for (const key of changed) form.append(key, values[key]);
    for (const file of files) form.append(DOCUMENT_FILES_PART, file, file.name);
    upload.mutate(form, {
      onSuccess: (saved) => {
        notifySuccess(t('deviceRecords.documents.saved'));
        reset(valuesOf(saved.fields));
        setFiles([]);
        onSaved();
      },
      onError: showRefusal,
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {DOCUMENT_FIELDS.map((key, index) => (
            <TextField
              key={key}
              control={control}
              name={key}
              label={t(`deviceRecords.documents.fields.${key}`)}
              placeholder={t(`deviceRecords.documents.placeholders.${key}`)}
              maxLength={MAX_LENGTH[key]}
              data-autofocus={index === 0 ? true : undefined}
            />
          ))}
        </SimpleGrid>
        <FileInput
          multiple
          clearable
          label={t('deviceRecords.documents.filesInput')}
          placeholder={t('deviceRecords.documents.filesPlaceholder')}
          description={t('deviceRecords.documents.filesHint', {
            size: MAX_MB,
            count: DOCUMENT_MAX_FILES_PER_UPLOAD,
          })}
          accept={ACCEPT}
          value={files}
          onChange={chooseFiles}
          error={fileError ?? undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            {t('deviceRecords.documents.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
