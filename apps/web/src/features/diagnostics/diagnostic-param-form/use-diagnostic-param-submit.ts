import { toDiagnosticParamBody, type DiagnosticParam } from '@vayu/domain';
import { useState } from 'react';
import type { UseFormReset, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import { applyServerError } from '../../../components/form';
import { getDiagnosticParam } from '../api/get-diagnostic-params';
import { useCreateDiagnosticParam, useUpdateDiagnosticParam } from '../api/save-diagnostic-param';
import { serverFieldsOf, toFormValues, type FormInput, type FormValues } from './form-values';

interface SubmitOptions {
  setUp: DiagnosticParam | null;
  setError: UseFormSetError<FormInput>;
  reset: UseFormReset<FormInput>;
  onDone: () => void;
}

/**
 * Saving a set-up. A refusal is shown by its code: an owner that already has
 * a set-up under that owner's field, a stale version as the conflict alert
 * with a reload, field details under their fields.
 */
export function useDiagnosticParamSubmit({ setUp, setError, reset, onDone }: SubmitOptions) {
  const { t } = useTranslation();
  const createSetUp = useCreateDiagnosticParam();
  const updateSetUp = useUpdateDiagnosticParam();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  // The labels of current owners, shown until a search returns them.
  const [current, setCurrent] = useState(setUp);
  const failureMessage = setUp ? t('diagnostics.form.updateFailed') : t('diagnostics.form.addFailed');

  const reload = async () => {
    if (!setUp) return;
    setIsReloading(true);
    try {
      const latest = await getDiagnosticParam(setUp.id);
      setCurrent(latest);
      reset(toFormValues(latest));
      setConflict(false);
    } catch {
      notifyFailure(failureMessage);
    } finally {
      setIsReloading(false);
    }
  };

  const submit = async (values: FormValues) => {
    setConflict(false);
    const body = toDiagnosticParamBody(values);
    try {
      if (setUp) await updateSetUp.mutateAsync({ id: setUp.id, body });
      else await createSetUp.mutateAsync(body);
    } catch (error) {
      notifyFailure(failureMessage);
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      applyServerError(error, setError, t, {
        fields: serverFieldsOf(values.ownerKind),
        codeFields: { DIAGNOSTIC_MODEL_TAKEN: 'modelId', DIAGNOSTIC_TENANT_TAKEN: 'tenantId' },
      });
      return;
    }
    notifySuccess(setUp ? t('diagnostics.form.updated') : t('diagnostics.form.added'));
    onDone();
  };

  return {
    submit,
    reload,
    current,
    conflict,
    isReloading,
    isPending: createSetUp.isPending || updateSetUp.isPending,
  };
}
