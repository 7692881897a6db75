import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  DATA_STORE_TYPES,
  METRIC_AGGREGATIONS,
  parameterBodySchema,
  type Parameter,
  type ParameterBody,
  type ParameterInput,
} from '@vayu/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../../app/error-message';
import { notifyFailure, notifySuccess } from '../../../app/notifications';
import {
  applyServerError,
  NumberField,
  SelectField,
  StaleVersionAlert,
  SwitchField,
  TextField,
} from '../../../components/form';
import { getParameter } from '../api/get-parameter';
import { useCreateParameter, useUpdateParameter } from '../api/save-parameter';
import { mtypeOptions, typeOptions } from '../parameter-labels';
import { DEFAULT_COLOUR, FORM_FIELDS, toFormValues, translateParameterMessage } from './form-values';
import { FunctionalFields } from './functional-fields';
import { LabelField } from './label-field';
import { UnitFields } from './unit-fields';

/**
 * The standard parameter form on its own: the dialog above holds it, and so
 * does the energy module's edit page of a catalogue parameter. `onClose` runs
 * after a save and on cancel.
 */
export function ParameterForm({ parameter, onClose }: { parameter: Parameter | null; onClose: () => void }) {
  const { t } = useTranslation();
  const createParameter = useCreateParameter();
  const updateParameter = useUpdateParameter();
  const [colour, setColour] = useState(DEFAULT_COLOUR);
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const { control, handleSubmit, reset, setError, getValues } = useForm<
    ParameterInput,
    unknown,
    ParameterBody
  >({
    resolver: zodResolver(parameterBodySchema),
    defaultValues: toFormValues(parameter),
    mode: 'onTouched',
  });
  const type = useWatch({ control, name: 'type' });
  const isCounter = useWatch({ control, name: 'isCounter' });
  const isFunctional = type === 'FUNCTIONAL';

  const reload = async () => {
    if (!parameter) return;
    setIsReloading(true);
    try {
      const latest = await getParameter(parameter.id);
      reset(toFormValues(latest));
      setConflict(false);
    } catch {
      notifyFailure(t('parameters.form.editFailed'));
    } finally {
      setIsReloading(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    // Fields of a kind the parameter no longer is are left out, so they are not stored.
    const body: ParameterInput = {
      ...values,
      counterResetValue: values.isCounter ? values.counterResetValue : null,
      baseParamId: values.type === 'FUNCTIONAL' ? values.baseParamId : null,
      isLinear: values.type === 'FUNCTIONAL' ? values.isLinear : null,
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
      // A duplicate name, or a key a derived expression uses, is about the label.
      applyServerError(error, setError, t, {
        fields: FORM_FIELDS,
        codeFields: { PARAMETER_EXISTS: 'label', PARAMETER_IN_USE: 'label' },
      });
      notifyFailure(t('parameters.form.editFailed'));
      return;
    }
    notifySuccess(parameter ? t('parameters.form.edited') : t('parameters.form.added'));
    onClose();
  });

  const isPending = createParameter.isPending || updateParameter.isPending;
  const aggregationOptions = METRIC_AGGREGATIONS.map((value) => ({
    value,
    label: t(`parameters.aggregations.${value}`),
  }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('parameters.form.conflictTitle')}
            message={t('parameters.form.conflict')}
            reloadLabel={t('parameters.form.reload')}
            onReload={() => void reload()}
            reloading={isReloading}
          />
        )}

        <LabelField control={control} disabled={isPending} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateParameterMessage(t, message)}
            control={control}
            name="type"
            label={t('parameters.fields.type')}
            data={typeOptions(t)}
            required
            disabled={isPending}
          />
          <SelectField
            translateError={(message) => translateParameterMessage(t, message)}
            control={control}
            name="mtype"
            label={t('parameters.fields.mtype')}
            placeholder={t('parameters.form.choose')}
            data={mtypeOptions(t)}
            required
            disabled={isPending}
          />
        </SimpleGrid>

        {isFunctional && (
          <FunctionalFields control={control} disabled={isPending} colour={colour} onColour={setColour} />
        )}

        <UnitFields control={control} disabled={isPending} />

        <TextField
          control={control}
          name="alertLabel"
          label={t('parameters.fields.alertLabel')}
          maxLength={100}
          disabled={isPending}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateParameterMessage(t, message)}
            control={control}
            name="metricAgg"
            label={t('parameters.fields.metricAgg')}
            data={aggregationOptions}
            required
            disabled={isPending}
          />
          <SelectField
            translateError={(message) => translateParameterMessage(t, message)}
            control={control}
            name="metricDownsampleAgg"
            label={t('parameters.fields.metricDownsampleAgg')}
            data={aggregationOptions}
            required
            disabled={isPending}
          />
          <SelectField
            translateError={(message) => translateParameterMessage(t, message)}
            control={control}
            name="dataStoreType"
            label={t('parameters.fields.dataStoreType')}
            data={DATA_STORE_TYPES.map((value) => ({
              value,
              label: t(`parameters.dataStoreTypes.${value}`),
            }))}
            required
            disabled={isPending}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SwitchField
            control={control}
            name="isAlertEnabled"
            label={t('parameters.fields.isAlertEnabled')}
            disabled={isPending}
          />
          <SwitchField
            control={control}
            name="isCounter"
            label={t('parameters.fields.isCounter')}
            disabled={isPending}
          />
          <SwitchField
            control={control}
            name="isConversion"
            label={t('parameters.fields.isConversion')}
            disabled={isPending}
          />
          <SwitchField
            control={control}
            name="showWidget"
            label={t('parameters.fields.showWidget')}
            disabled={isPending}
          />
        </SimpleGrid>
        {isCounter && (
          <NumberField
            control={control}
            name="counterResetValue"
            label={t('parameters.fields.counterResetValue')}
            min={0}
            disabled={isPending}
          />
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {t('parameters.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {parameter ? t('parameters.form.save') : t('parameters.list.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
