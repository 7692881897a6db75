import type { Device, DeviceBody } from '@vayu/domain';
import { useState } from 'react';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { describeErrorCode, getErrorMessage, hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import { dialogs } from '../../../components/dialogs';
import { useSaveDevice } from '../api/save-device';
import { describeServerDetail } from './device-validation';
import type { DeviceFormValues } from './form-values';

/** The form's own fields the server may name in its details. */
const TOP_FIELDS = new Set<string>([
  'tenantId',
  'name',
  'serialNumber',
  'manufactureId',
  'certification',
  'dataFrequency',
  'tag',
  'monitoringPointId',
  'description',
  'type',
  'modelId',
  'calibratorModelId',
  'ndirType',
  'noRatio',
  'no2Ratio',
  'dataUploadMethod',
  'vendorId',
  'process',
]);
const ROW_FIELDS = /^params\.(\d+)\.(unit|cpcbUnit|spcbUnit|userUnit|max|sensorId|parameterId)$/;

/** The form field a detail's path names (`params` is the list's own error), or null for none on the form. */
export function formPathOf(path: string, values: DeviceFormValues): FieldPath<DeviceFormValues> | null {
  const clean = path.replace(/^body\./, '');
  if (TOP_FIELDS.has(clean)) return clean as FieldPath<DeviceFormValues>;
  if (clean === 'params') return 'params.root' as FieldPath<DeviceFormValues>;
  const row = ROW_FIELDS.exec(clean);
  if (row && Number(row[1]) < values.params.length) return clean as FieldPath<DeviceFormValues>;
  return null;
}

/** Codes about one field, shown under it in their own words. */
const CODE_FIELDS: Partial<Record<string, FieldPath<DeviceFormValues>>> = {
  DEVICE_EXISTS: 'name',
  SERIAL_NUMBER_TAKEN: 'serialNumber',
};

interface SubmitOptions {
  device: Device | null;
  setError: UseFormSetError<DeviceFormValues>;
  onSaved: (device: Device) => void;
}

/**
 * Saving the device. The server's refusals are shown where they belong: a
 * stale version as the conflict alert with a reload, the rule details of a
 * 422 (`params.2.unit`, `serialNumber`, `no2Ratio`, …) under their fields in
 * the rules' own words, anything else as a notice.
 */
export function useDeviceSubmit({ device, setError, onSaved }: SubmitOptions) {
  const { t } = useTranslation();
  const save = useSaveDevice();
  const [conflict, setConflict] = useState(false);

  const showError = (error: unknown, values: DeviceFormValues, removedSavedRows: boolean) => {
    if (hasErrorCode(error, 'STALE_VERSION')) {
      setConflict(true);
      return;
    }
    // The industry is at its parameter limit (plan, add-ons and what the site granted): nothing was
    // saved; the spec's text says to upgrade, in a dialog that stays until it is read.
    if (hasErrorCode(error, 'PARAMETER_LIMIT_EXHAUSTED')) {
      void dialogs.notify({
        title: t('deviceRegistry.messages.parameterLimitTitle'),
        message: getErrorMessage(t, error),
      });
      return;
    }
    let isShownOnField = false;
    if (isApiError(error)) {
      const codeField = CODE_FIELDS[error.code];
      if (codeField) {
        setError(
          codeField,
          { type: error.code, message: describeErrorCode(t, error.code, error.params) },
          { shouldFocus: true },
        );
        isShownOnField = true;
      }
      for (const detail of error.details) {
        const path = formPathOf(detail.path, values);
        if (!path || path === codeField) continue;
        setError(
          path,
          { type: detail.code ?? 'server', message: describeServerDetail(t, detail, values) },
          { shouldFocus: !isShownOnField },
        );
        isShownOnField = true;
      }
    }
    const failure = device
      ? t('deviceRegistry.messages.updateError')
      : t('deviceRegistry.messages.createError');
    notifyFailure(isShownOnField ? failure : getErrorMessage(t, error));
    if (removedSavedRows) notifyFailure(t('deviceRegistry.messages.parameterDeleteError'));
  };

  const submit = async (body: DeviceBody, values: DeviceFormValues) => {
    setConflict(false);
    const keptRows = new Set(values.params.map((row) => row.rowId));
    const removedSavedRows = (device?.params ?? []).some((row) => !keptRows.has(row.id));
    let saved: Device;
    try {
      saved = await save.mutateAsync({ id: device?.id ?? null, body });
    } catch (error) {
      showError(error, values, removedSavedRows);
      return;
    }
    notifySuccess(device ? t('deviceRegistry.messages.updated') : t('deviceRegistry.messages.created'));
    if (removedSavedRows) notifySuccess(t('deviceRegistry.messages.parameterDeleted'));
    onSaved(saved);
  };

  return { submit, conflict, setConflict, isPending: save.isPending };
}
