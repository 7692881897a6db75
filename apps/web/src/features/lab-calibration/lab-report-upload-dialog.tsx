import { Button, FileInput, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import {
  indiaToday,
  LAB_REPORT_ACCEPT,
  LAB_REPORT_FILE_PART,
  LAB_REPORT_MAX_BYTES,
  LAB_REPORT_MESSAGES,
  labReportFieldsSchema,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, TextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { useUploadLabReport } from './api';

interface LabReportFormValues {
  title: string;
  labName: string;
  sampledOn: string;
  comment: string;
}
type FormField = keyof LabReportFormValues;
const FIELDS: readonly FormField[] = ['title', 'labName', 'sampledOn', 'comment'];

const MAX_MB = LAB_REPORT_MAX_BYTES / (1024 * 1024);
const isAcceptedName = (name: string) => /\.(pdf|csv|xlsx|jpe?g|png)$/i.test(name);

const emptyValues = (): LabReportFormValues => ({
  title: '',
  labName: '',
  sampledOn: indiaToday(),
  comment: '',
});

/** The schema's rule texts in the user's language. */
function reportMessage(t: TFunction, message: string): string {
  if (message === LAB_REPORT_MESSAGES.futureSample) return t('labCalibration.upload.futureSample');
  return translateMessage(t, message);
}

/** Checks the fields with the API's own schema; each field's first message. */
function reportResolver(pointId: number, t: TFunction): Resolver<LabReportFormValues> {
  return (values) => {
    const parsed = labReportFieldsSchema.safeParse({ ...values, monitoringPointId: pointId });
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<LabReportFormValues> = {};
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '') as FormField;
      if (!FIELDS.includes(path) || errors[path]) continue;
      errors[path] = { type: issue.code, message: reportMessage(t, issue.message) };
    }
    return { values: {}, errors };
  };
}

/** Uploads a lab report of a monitoring point: title, lab, sample date, comment and one file. */
export function LabReportUploadDialog({
  opened,
  monitoringPointId,
  pointName,
  onClose,
}: {
  opened: boolean;
  monitoringPointId: number;
  pointName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadLabReport(monitoringPointId);
  const resolver = useMemo(() => reportResolver(monitoringPointId, t), [monitoringPointId, t]);
  const { control, handleSubmit, setError, reset } = useForm<LabReportFormValues>({
    resolver,
    defaultValues: emptyValues(),
    mode: 'onTouched',
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const close = () => {
    reset(emptyValues());
    setFile(null);
    setFileError(null);
    onClose();
  };

  const chooseFile = (chosen: File | null) => {
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    if (!isAcceptedName(chosen.name)) {
      setFileError(t('labCalibration.upload.fileType'));
      return;
    }
    if (chosen.size > LAB_REPORT_MAX_BYTES) {
      setFileError(t('labCalibration.upload.fileTooBig', { size: MAX_MB }));
      return;
    }
    setFile(chosen);
  };

  const showRefusal = (error: unknown) => {
    if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE') {
      setFileError(t('labCalibration.upload.fileType'));
    } else if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') {
      setFileError(t('labCalibration.upload.fileTooBig', { size: MAX_MB }));
    } else {
      const outcome = applyServerError(error, setError, t, { fields: FIELDS });
      if (isApiError(error) && error.details.some((detail) => detail.path === 'file')) {
        setFileError(t('labCalibration.upload.fileRequired'));
      }
      notifyFailure(outcome.isShownOnField ? t('labCalibration.upload.error') : outcome.message);
      return;
    }
    notifyFailure(t('labCalibration.upload.error'));
  };

  const onSubmit = handleSubmit((values) => {
    if (!file) {
      setFileError(t('labCalibration.upload.fileRequired'));
      return;
    }
    const form = new FormData();
    form.append('monitoringPointId', String(monitoringPointId));
    for (const key of FIELDS) form.append(key, values[key]);
    form.append(LAB_REPORT_FILE_PART, file, file.name);
    upload.mutate(form, {
      onSuccess: () => {
        notifySuccess(t('labCalibration.upload.done'));
        close();
      },
      onError: showRefusal,
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('labCalibration.upload.title', { point: pointName })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextField
            control={control}
            name="title"
            label={t('labCalibration.upload.fields.title')}
            placeholder={t('labCalibration.upload.titlePlaceholder')}
            maxLength={200}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={control}
              name="labName"
              label={t('labCalibration.upload.fields.labName')}
              placeholder={t('labCalibration.upload.labPlaceholder')}
              maxLength={200}
            />
            <TextField
              control={control}
              name="sampledOn"
              type="date"
              label={t('labCalibration.upload.fields.sampledOn')}
              max={indiaToday()}
              required
            />
          </SimpleGrid>
          <TextField
            control={control}
            name="comment"
            label={t('labCalibration.upload.fields.comment')}
            maxLength={1000}
          />
          <FileInput
            clearable
            required
            label={t('labCalibration.upload.fields.file')}
            placeholder={t('labCalibration.upload.filePlaceholder')}
            description={t('labCalibration.upload.fileHint', { size: MAX_MB })}
            accept={LAB_REPORT_ACCEPT}
            value={file}
            onChange={chooseFile}
            error={fileError ?? undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('labCalibration.upload.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {t('labCalibration.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
