import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { alertLimitBodySchema, type AlertLimit } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, NumberField, StaleVersionAlert, SwitchField } from '../../components/form';
import { useAlertLimits, useSaveAlertLimit, type AlertLimitBody } from './api/alert-limits';
import { alertMessage, formatAlertValue, limitRefusal, unitLabel } from './alert-text';

interface LimitFormValues {
  /** Blank (null): the standard. */
  customLimit: number | null;
  enabled: boolean;
}

const FIELDS = ['customLimit', 'enabled'] as const;
type Field = (typeof FIELDS)[number];
const isField = (path: unknown): path is Field => FIELDS.includes(path as Field);

const formOf = (limit: AlertLimit): LimitFormValues => ({
  customLimit: limit.customLimit,
  enabled: limit.enabled,
});

/** The body the form saves: the limit's place, the values, and the version the form started from. */
export function limitBodyOf(limit: AlertLimit, values: LimitFormValues): AlertLimitBody {
  return {
    tenantId: limit.tenantId,
    monitoringPointId: limit.monitoringPointId,
    parameterId: limit.parameterId,
    customLimit: values.customLimit,
    enabled: values.enabled,
    // A limit never set has no version (0 in the list): the save adds it.
    ...(limit.version > 0 ? { version: limit.version } : {}),
  };
}

/** Checks the form with the domain's body schema; its rules are shown in the user's language. */
function limitResolver(limit: AlertLimit, t: TFunction): Resolver<LimitFormValues> {
  return async (values) => {
    const parsed = alertLimitBodySchema.safeParse(limitBodyOf(limit, values));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<LimitFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) {
        errors[field] = { type: issue.code, message: alertMessage(t, issue.message) };
      }
    }
    return { values: {}, errors };
  };
}

export interface AlertLimitEditDialogProps {
  /** The limit being changed; null: closed. */
  limit: AlertLimit | null;
  onClose: () => void;
}

/** Changes an industry's own limit of a parameter at a monitoring point (blank: the standard) and its alert. */
export function AlertLimitEditDialog({ limit, onClose }: AlertLimitEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={limit !== null}
      onClose={onClose}
      title={
        limit
          ? t('alerts.limits.dialogTitle', {
              parameter: limit.parameterLabel,
              point: limit.monitoringPointName,
            })
          : ''
      }
      centered
      closeButtonProps={{ 'aria-label': t('alerts.limits.close') }}
    >
      {limit && (
        <LimitForm
          key={`${limit.monitoringPointId}-${limit.parameterId}-${limit.version}`}
          limit={limit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function LimitForm({ limit: started, onClose }: { limit: AlertLimit; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAlertLimit();
  const limits = useAlertLimits(started.tenantId);
  // The limit as the form knows it: reloading after a conflict moves it to the stored version.
  const [limit, setLimit] = useState(started);
  const [conflict, setConflict] = useState(false);
  const resolver = useMemo(() => limitResolver(limit, t), [limit, t]);
  const { control, handleSubmit, reset, setError } = useForm<LimitFormValues>({
    resolver,
    defaultValues: formOf(started),
    mode: 'onTouched',
  });
  const names = { parameter: limit.parameterLabel, point: limit.monitoringPointName };

  const reload = async () => {
    const latest = (await limits.refetch()).data?.find(
      (item) => item.monitoringPointId === limit.monitoringPointId && item.parameterId === limit.parameterId,
    );
    if (latest) {
      setLimit(latest);
      reset(formOf(latest));
    }
    setConflict(false);
  };

  const showSaveError = (error: unknown) => {
    if (hasErrorCode(error, 'STALE_VERSION')) {
      setConflict(true);
      return;
    }
    // A field's refusal names its rule: shown under the field in the user's language.
    const setErrorWithRule: UseFormSetError<LimitFormValues> = (name, fieldError, options) => {
      const detail = isApiError(error)
        ? error.details.find((item) => item.path.replace(/^body\./, '') === name)
        : undefined;
      const message = (name === 'customLimit' && limitRefusal(t, detail?.code)) || fieldError.message;
      setError(name, { ...fieldError, ...(message !== undefined && { message }) }, options);
    };
    const outcome = applyServerError(error, setErrorWithRule, t, { fields: FIELDS });
    notifyFailure(outcome.isShownOnField ? t('alerts.limits.saveError') : outcome.message);
  };

  const onSubmit = handleSubmit((values) =>
    save.mutate(limitBodyOf(limit, values), {
      onSuccess: () => {
        notifySuccess(t('alerts.limits.saved', names));
        onClose();
      },
      onError: showSaveError,
    }),
  );

  const unit = unitLabel(limit.unit);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('alerts.limits.conflictTitle')}
            message={t('alerts.limits.conflict')}
            reloadLabel={t('alerts.limits.reload')}
            onReload={() => void reload()}
            reloading={limits.isFetching}
          />
        )}
        <Text size="sm">
          {limit.standardLimit === null
            ? t('alerts.limits.noStandard')
            : t('alerts.limits.standardIs', { value: formatAlertValue(limit.standardLimit, limit.unit) })}
        </Text>
        <NumberField
          control={control}
          name="customLimit"
          label={t('alerts.limits.customLimit', { unit })}
          description={t('alerts.limits.customLimitHelp')}
          allowNegative={false}
          decimalScale={6}
          data-autofocus
        />
        <SwitchField control={control} name="enabled" label={t('alerts.limits.enabled')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('alerts.limits.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict}>
            {t('alerts.limits.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
