import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Device } from '@vayu/domain';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import classes from './device-form.module.css';
import { notifyFailure } from '../../../app/notifications';
import { dialogs } from '../../../components/dialogs';
import { StaleVersionAlert } from '../../../components/form';
import { getDevice } from '../api/get-device';
import { modelParametersQueryOptions, parameterUnitsQueryOptions } from '../api/device-lookups';
import { AnalyserSection } from './analyser-section';
import { checkDevice, NOTHING_KNOWN, resolveDevice } from './device-validation';
import {
  emptyDeviceValues,
  hasEnabledNox,
  newParamRow,
  rowName,
  toFormValues,
  type DeviceFormValues,
} from './form-values';
import { GeneralSection } from './general-section';
import { NoxSection } from './nox-section';
import { ParameterRows } from './parameter-rows';
import { useAvailabilityChecks } from './use-availability-checks';
import { useDeviceSubmit } from './use-device-submit';

/**
 * Moves to the first field (or the list's own message) marked wrong, in the
 * order of the screen, once the marks are drawn.
 */
function focusFirstProblem(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-device-problem]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  });
}

export interface DeviceFormProps {
  /** null adds a device. */
  device: Device | null;
  /** The industry a new device starts in (the list's), or null to choose one. */
  tenantId: number | null;
  tenantName: string | undefined;
  /** Site, partner and other users choose the industry of a new device. */
  canPickIndustry: boolean;
  canAddVendor: boolean;
  onSaved: (device: Device) => void;
  onCancel: () => void;
}

/**
 * Add or edit a device (spec §3, §5): general details, the analyser, the NOx
 * settings when a monitored parameter is NOx, and the parameter rows. Every
 * rule of spec §5 is checked here before anything is sent, with the server's
 * answers on the serial number and sensor ids; the server checks them again.
 */
export function DeviceForm({
  device,
  tenantId,
  tenantName,
  canPickIndustry,
  canAddVendor,
  onSaved,
  onCancel,
}: DeviceFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(device);
  const [isReloading, setIsReloading] = useState(false);
  const [isFilling, setIsFilling] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const versionRef = useRef(device?.version);
  const availabilityRef = useRef(NOTHING_KNOWN);
  const fillRequest = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The rules read the version and the server's answers when they run (after typing or on save).
  const resolver = useCallback<Resolver<DeviceFormValues>>(
    (values, _context, options) =>
      resolveDevice(t, values, versionRef.current, availabilityRef.current, options),
    [t],
  );
  const { control, setValue, getValues, handleSubmit, reset, setError, trigger, formState } =
    useForm<DeviceFormValues>({
      defaultValues: device ? toFormValues(device) : emptyDeviceValues(tenantId),
      resolver,
      mode: 'onTouched',
      // The first problem on the screen (top to bottom) gets the focus, not the first field registered.
      shouldFocusError: false,
    });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'params', keyName: 'key' });
  const params = useWatch({ control, name: 'params' });
  const availability = useAvailabilityChecks(control, device?.id ?? null);
  const { isSubmitted } = formState;
  const saving = useDeviceSubmit({ device: current, setError, onSaved });

  // What the server says of the serial number and sensor ids changes the rules' outcome.
  const lastContext = useRef(availability.context);
  useEffect(() => {
    availabilityRef.current = availability.context;
    if (lastContext.current === availability.context) return;
    lastContext.current = availability.context;
    if (isSubmitted) void trigger();
  }, [availability.context, isSubmitted, trigger]);

  const fillFromModel = useCallback(
    async (modelId: number | null) => {
      const request = ++fillRequest.current;
      const kept = getValues('params').filter((row) => row.source !== 'model');
      if (modelId === null) {
        replace(kept);
        return;
      }
      setIsFilling(true);
      try {
        const parameters = await queryClient.fetchQuery(modelParametersQueryOptions(modelId));
        const present = new Set(kept.map((row) => row.parameterId));
        const added = parameters.filter((parameter) => !present.has(parameter.id));
        const units = await Promise.all(
          added.map((parameter) =>
            queryClient.fetchQuery(parameterUnitsQueryOptions(parameter.id)).catch(() => undefined),
          ),
        );
        if (request !== fillRequest.current) return;
        const rows = getValues('params').filter((row) => row.source !== 'model');
        replace([...rows, ...added.map((parameter, index) => newParamRow(parameter, 'model', units[index]))]);
      } catch {
        if (request === fillRequest.current) notifyFailure(t('deviceRegistry.form.modelParamsError'));
      } finally {
        if (request === fillRequest.current) setIsFilling(false);
      }
    },
    [getValues, queryClient, replace, t],
  );

  const onModelPicked = useCallback((modelId: number | null) => void fillFromModel(modelId), [fillFromModel]);

  const confirmUncheck = useCallback(
    async (index: number) => {
      const row = getValues(`params.${index}`);
      if (!row.savedEnabled) return true;
      return dialogs.confirm({
        title: t('deviceRegistry.params.uncheckTitle', { name: rowName(row) }),
        message: t('deviceRegistry.rules.historyLost'),
        confirmLabel: t('deviceRegistry.params.uncheck'),
        destructive: true,
      });
    },
    [getValues, t],
  );

  const removeRow = useCallback(
    async (index: number) => {
      const row = getValues(`params.${index}`);
      const name = rowName(row);
      const confirmed = await dialogs.confirm({
        title: t('deviceRegistry.params.removeTitle', { name }),
        message:
          row.rowId !== null
            ? t('deviceRegistry.params.confirmRemoveSaved', { name })
            : t('deviceRegistry.params.confirmRemove', { name }),
        confirmLabel: t('deviceRegistry.params.remove'),
        destructive: true,
      });
      if (!confirmed) return;
      remove(index);
      if (isSubmitted) void trigger();
    },
    [getValues, isSubmitted, remove, t, trigger],
  );
  const onRemoveRow = useCallback((index: number) => void removeRow(index), [removeRow]);

  const reload = async () => {
    if (!current) return;
    setIsReloading(true);
    try {
      const latest = await getDevice(current.id);
      versionRef.current = latest.version;
      setCurrent(latest);
      reset(toFormValues(latest));
      saving.setConflict(false);
    } catch {
      notifyFailure(t('deviceRegistry.form.reloadError'));
    } finally {
      setIsReloading(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isChecking || saving.isPending) return;
    setIsChecking(true);
    try {
      availabilityRef.current = await availability.settle(getValues());
    } catch {
      // The check could not be made: the server checks the serial number and sensor ids again.
    } finally {
      setIsChecking(false);
    }
    await handleSubmit(
      async (values) => {
        const { body } = checkDevice(t, values, versionRef.current, availabilityRef.current);
        if (body) await saving.submit(body, values);
      },
      () => focusFirstProblem(formRef.current),
    )(event);
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="xl">
        {saving.conflict && (
          <StaleVersionAlert
            title={t('deviceRegistry.form.conflictTitle')}
            message={t('deviceRegistry.form.conflict')}
            reloadLabel={t('deviceRegistry.form.reload')}
            onReload={() => void reload()}
            reloading={isReloading}
          />
        )}
        <GeneralSection
          control={control}
          setValue={setValue}
          serialStatus={availability.serialStatus}
          canPickIndustry={canPickIndustry && device === null}
          industryName={tenantName}
          canAddVendor={canAddVendor}
        />
        <AnalyserSection
          control={control}
          setValue={setValue}
          device={current}
          onModelPicked={onModelPicked}
        />
        {hasEnabledNox(params) && <NoxSection control={control} setValue={setValue} />}
        <ParameterRows
          control={control}
          fields={fields}
          parameterIds={params.map((row) => row.parameterId)}
          onAdd={(row) => append(row)}
          onUncheck={confirmUncheck}
          onRemove={onRemoveRow}
          sensorStatuses={availability.sensorStatuses}
          isFilling={isFilling}
        />
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          <Button variant="default" onClick={onCancel}>
            {t('deviceRegistry.cancel')}
          </Button>
          <Button type="submit" loading={isChecking || saving.isPending || formState.isSubmitting}>
            {device ? t('deviceRegistry.form.save') : t('deviceRegistry.list.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
