import type { DerivedParameter, DerivedParameterBody } from '@vayu/domain';
import { useState } from 'react';
import type { UseFormReset, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import { applyServerError } from '../../../components/form';
import { useCreateDerivedParameter, useUpdateDerivedParameter } from '../api/save-derived-parameter';
import { DERIVED_PARAMETER_LIST_PATH } from '../derived-parameter-paths';
import { fieldPathsOf, toFormValues, type FormValues } from './form-model';

interface SubmitOptions {
  /** The derived parameter being edited, null when adding. */
  initial: DerivedParameter | null;
  setError: UseFormSetError<FormValues>;
  reset: UseFormReset<FormValues>;
  onReload: () => Promise<DerivedParameter | null>;
}

/**
 * Saving the form: an edit sends the version it started from. A refusal is
 * shown by its code — a name already used under the label, a stale version
 * as the conflict alert with a reload, field details under their fields, a
 * series another derived parameter uses above the form.
 */
export function useDerivedParameterSubmit({ initial, setError, reset, onReload }: SubmitOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createParameter = useCreateDerivedParameter();
  const updateParameter = useUpdateDerivedParameter();
  const [version, setVersion] = useState(initial?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isReloading, setIsReloading] = useState(false);

  const submit = async (values: DerivedParameterBody) => {
    setFormError(null);
    setConflict(false);
    try {
      if (initial) await updateParameter.mutateAsync({ id: initial.id, body: { ...values, version } });
      else await createParameter.mutateAsync({ ...values, version: undefined });
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      const outcome = applyServerError(error, setError, t, {
        fields: fieldPathsOf(values),
        codeFields: { PARAMETER_EXISTS: 'label' },
      });
      if (outcome.code === 'PARAMETER_EXISTS') return;
      if (outcome.isShownOnField) setFormError(t('derivedParameters.form.fixErrors'));
      // A series another derived parameter uses: its wording names both.
      else if (hasErrorCode(error, 'DERIVED_PARAMETER_IN_USE')) setFormError(outcome.message);
      notifyFailure(initial ? t('derivedParameters.form.editFailed') : t('derivedParameters.form.addFailed'));
      return;
    }
    notifySuccess(initial ? t('derivedParameters.form.edited') : t('derivedParameters.form.added'));
    void navigate(DERIVED_PARAMETER_LIST_PATH);
  };

  const reload = async () => {
    setIsReloading(true);
    try {
      const latest = await onReload();
      if (latest) {
        reset(toFormValues(latest));
        setVersion(latest.version);
        setConflict(false);
        setFormError(null);
      }
    } finally {
      setIsReloading(false);
    }
  };

  return {
    submit,
    reload,
    conflict,
    formError,
    setFormError,
    isReloading,
    isPending: createParameter.isPending || updateParameter.isPending,
  };
}
