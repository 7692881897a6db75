import type { AccountFormType, TenantDetail, TenantForm } from '@vayu/domain';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getErrorMessage, hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import {
  applyServerErrorVisibly,
  describeUnshownFieldErrors,
  findUnshownFieldErrors,
} from '../../../components/form/unshown-field-errors';
import { useCreateTenant, useUpdateTenant } from '../api/save-tenant';
import { FIELD_LABEL_KEYS, FIELD_NAMES, formFromTenant, type FormValues } from './form-values';
import { LOGO_MAX_KB, type LogoChoice } from './logo-picker';

interface TenantFormSubmitOptions {
  type: AccountFormType;
  tenantId: number;
  /** The account being edited, null when adding. */
  initial: TenantDetail | null;
  /** A partner user's own account: its industries always go under it. */
  ownPartnerId: number | null;
  form: UseFormReturn<FormValues, unknown, TenantForm>;
  logo: LogoChoice;
  onReload: () => Promise<TenantDetail | null>;
}

/**
 * Saving the add/edit form: create or update (from the version the edit
 * started with), the server's refusals on their fields or in the form's
 * alert, and reloading the latest version after a conflict.
 */
export function useTenantFormSubmit({
  type,
  tenantId,
  initial,
  ownPartnerId,
  form,
  logo,
  onReload,
}: TenantFormSubmitOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createTenant = useCreateTenant(type);
  const updateTenant = useUpdateTenant(tenantId);
  const [version, setVersion] = useState(initial?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const { handleSubmit, reset } = form;
  const labelOf = (path: string) =>
    path in FIELD_LABEL_KEYS ? t(FIELD_LABEL_KEYS[path as keyof typeof FIELD_LABEL_KEYS]) : undefined;

  /**
   * Puts the server's refusal on the fields it names (the logo included) and
   * says in the form's alert what the form cannot mark: "correct the marked
   * fields" only when a field is marked. True when the refusal was shown.
   */
  const showOnFields = (error: unknown): boolean => {
    let shown = false;
    if (hasErrorCode(error, 'PAYLOAD_TOO_LARGE')) {
      logo.setError(t('tenants.form.logoSize', { size: LOGO_MAX_KB }));
      shown = true;
    } else if (hasErrorCode(error, 'UNSUPPORTED_MEDIA_TYPE')) {
      logo.setError(t('tenants.form.logoType'));
      shown = true;
    }
    const outcome = applyServerErrorVisibly(error, form, t, {
      fields: FIELD_NAMES,
      codeFields: { PARTNER_CHANGE_REFUSED: 'partnerId' },
      labelOf,
    });
    if (outcome.unshown.length > 0) {
      setFormError(outcome.message);
      return true;
    }
    if (shown || outcome.isShownOnField) {
      setFormError(t('tenants.form.fixErrors'));
      return true;
    }
    return false;
  };

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await onReload();
      if (latest) {
        reset(formFromTenant(latest));
        setVersion(latest.version);
        setConflict(false);
        setFormError(null);
      }
    } finally {
      setReloading(false);
    }
  };

  const create = (values: TenantForm) =>
    createTenant.mutate(
      { values, logo: logo.file },
      {
        onSuccess: (created) => void navigate(`/accounts/${created.accountType}/${created.id}/view`),
        onError: (error) => {
          if (showOnFields(error)) return;
          const message = getErrorMessage(t, error);
          setFormError(message);
          notifyFailure(message, t('tenants.form.createError'));
        },
      },
    );

  const update = (account: TenantDetail, values: TenantForm) =>
    updateTenant.mutate(
      { values, logo: logo.file, version },
      {
        onSuccess: () => {
          notifySuccess(t('tenants.form.updated'));
          void navigate(`/accounts/${account.type}/${account.id}/view`);
        },
        onError: (error) => {
          if (hasErrorCode(error, 'STALE_VERSION')) {
            setConflict(true);
            return;
          }
          if (showOnFields(error)) return;
          notifyFailure(t('tenants.form.editFailure'));
          void navigate('/tenants');
        },
      },
    );

  const onSubmit = handleSubmit(
    (values) => {
      setFormError(null);
      if (logo.error) return;
      const submitted =
        ownPartnerId !== null && type === 'partner' ? { ...values, partnerId: ownPartnerId } : values;
      if (initial) update(initial, submitted);
      else create(submitted);
    },
    (errors) => {
      // A refused value no input shows is named, never left behind "the marked fields".
      const unshown = findUnshownFieldErrors(t, errors);
      setFormError(
        unshown.length > 0 ? describeUnshownFieldErrors(t, unshown, labelOf) : t('tenants.form.fixErrors'),
      );
    },
  );

  return {
    onSubmit,
    isSaving: createTenant.isPending || updateTenant.isPending,
    conflict,
    formError,
    reload,
    reloading,
  };
}
