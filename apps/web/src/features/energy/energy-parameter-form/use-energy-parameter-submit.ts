import type { EnergyParameter, EnergyParameterBody, EnergyParameterInput } from '@vayu/domain';
import { useState } from 'react';
import type { UseFormGetValues, UseFormReset, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import { applyServerError } from '../../../components/form';
import { getEnergyParameter } from '../api/get-energy-parameters';
import { useCreateEnergyParameter, useUpdateEnergyParameter } from '../api/save-energy-parameter';
import { FORM_FIELDS, toFormValues } from './form-values';

interface SubmitOptions {
  parameter: EnergyParameter | null;
  getValues: UseFormGetValues<EnergyParameterInput>;
  setError: UseFormSetError<EnergyParameterInput>;
  reset: UseFormReset<EnergyParameterInput>;
  onDone: () => void;
}

/**
 * Saving an energy parameter: an edit sends the version it started from. A
 * name already used goes under the label, a stale version shows the conflict
 * alert with a reload, field details go under their fields — all by code.
 */
export function useEnergyParameterSubmit({ parameter, getValues, setError, reset, onDone }: SubmitOptions) {
  const { t } = useTranslation();
  const createParameter = useCreateEnergyParameter();
  const updateParameter = useUpdateEnergyParameter();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const reload = async () => {
    if (!parameter) return;
    setIsReloading(true);
    try {
      reset(toFormValues(await getEnergyParameter(parameter.id)));
      setConflict(false);
    } catch {
      notifyFailure(t('energy.params.form.editFailed'));
    } finally {
      setIsReloading(false);
    }
  };

  const submit = async (values: EnergyParameterBody) => {
    setConflict(false);
    const body: EnergyParameterInput = {
      ...values,
      version: parameter ? (getValues('version') ?? parameter.version) : undefined,
    };
    try {
      if (parameter) await updateParameter.mutateAsync({ id: parameter.id, body });
      else await createParameter.mutateAsync(body);
    } catch (error) {
      if (hasErrorCode(error, 'STALE_VERSION')) {
        setConflict(true);
        return;
      }
      const outcome = applyServerError(error, setError, t, {
        fields: FORM_FIELDS,
        codeFields: { PARAMETER_EXISTS: 'label' },
      });
      if (outcome.code === 'PARAMETER_EXISTS') return;
      notifyFailure(parameter ? t('energy.params.form.editFailed') : t('energy.params.form.addFailed'));
      return;
    }
    notifySuccess(parameter ? t('energy.params.form.edited') : t('energy.params.form.added'));
    onDone();
  };

  return {
    submit,
    reload,
    conflict,
    isReloading,
    isPending: createParameter.isPending || updateParameter.isPending,
  };
}
