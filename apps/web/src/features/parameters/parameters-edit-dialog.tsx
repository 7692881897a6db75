import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CAAQMS_LABEL_MESSAGE,
  CAAQMS_PREFIX,
  COUNTER_DEFAULT_RESET_VALUE,
  DATA_STORE_TYPES,
  generateParameterIdentifiers,
  getStoredParameterLabel,
  METRIC_AGGREGATIONS,
  parameterBodySchema,
  type Parameter,
  type ParameterBody,
  type ParameterInput,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, NumberField, SelectField, SwitchField, TextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { getParameter } from './api/get-parameter';
import { BASE_PARAMETER_QUERY, useParameters } from './api/get-parameters';
import { useUnits } from './api/get-units';
import { useCreateParameter, useUpdateParameter } from './api/save-parameter';
import { mtypeOptions, typeOptions } from './parameter-labels';

interface ParametersEditDialogProps {
  opened: boolean;
  /** null adds a parameter. */
  parameter: Parameter | null;
  onClose: () => void;
}

const FORM_FIELDS = [
  'label',
  'caaqmsPrefix',
  'mtype',
  'type',
  'stdUnit',
  'defaultStdUnit',
  'alertLabel',
  'metricAgg',
  'metricDownsampleAgg',
  'isAlertEnabled',
  'isCounter',
  'counterResetValue',
  'isConversion',
  'showWidget',
  'dataStoreType',
  'baseParamId',
  'isLinear',
] as const satisfies readonly FieldPath<ParameterInput>[];

const DEFAULT_COLOUR = '#1c7ed6';

/** The form's starting values: a new parameter gets the spec's defaults. */
function toFormValues(parameter: Parameter | null): ParameterInput {
  if (!parameter) {
    return {
      label: '',
      caaqmsPrefix: false,
      mtype: undefined as unknown as ParameterInput['mtype'],
      type: 'NORMAL',
      stdUnit: null,
      defaultStdUnit: null,
      alertLabel: null,
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      isCounter: false,
      counterResetValue: COUNTER_DEFAULT_RESET_VALUE,
      isConversion: true,
      showWidget: true,
      dataStoreType: 'device',
      baseParamId: null,
      isLinear: false,
    };
  }
  // The stored label carries the prefix; the form shows it as the checkbox instead.
  const hasPrefix = parameter.label.toUpperCase().startsWith(CAAQMS_PREFIX.toUpperCase());
  return {
    label: hasPrefix ? parameter.label.slice(CAAQMS_PREFIX.length).trim() : parameter.label,
    caaqmsPrefix: hasPrefix,
    mtype: parameter.mtype as ParameterInput['mtype'],
    type: parameter.type as ParameterInput['type'],
    stdUnit: parameter.stdUnit,
    defaultStdUnit: parameter.defaultStdUnit,
    alertLabel: parameter.alertLabel,
    metricAgg: parameter.metricAgg,
    metricDownsampleAgg: parameter.metricDownsampleAgg,
    isAlertEnabled: parameter.isAlertEnabled,
    isCounter: parameter.isCounter,
    counterResetValue: parameter.counterResetValue ?? COUNTER_DEFAULT_RESET_VALUE,
    isConversion: parameter.isConversion,
    showWidget: parameter.showWidget,
    dataStoreType: parameter.dataStoreType as ParameterInput['dataStoreType'],
    baseParamId: parameter.baseParamId,
    isLinear: parameter.isLinear ?? false,
    version: parameter.version,
  };
}

/** Messages of the parameter rules, in the user's language. */
function translateParameterMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === CAAQMS_LABEL_MESSAGE) return t('parameters.form.caaqmsLabelRequired');
  return translateMessage(t, message);
}

/**
 * Add or edit a standard parameter (spec §3). Name, key and metric are shown
 * live from the label with the same function the server applies. A
 * functional parameter's display colour is only shown here: it is never sent.
 */
export function ParametersEditDialog({ opened, parameter, onClose }: ParametersEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={parameter ? t('parameters.form.editTitle') : t('parameters.form.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening, so the form starts from the chosen row. */}
      <ParameterForm key={parameter?.id ?? 'new'} parameter={parameter} onClose={onClose} />
    </Modal>
  );
}

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
          <Alert color="orange" variant="light" role="alert" title={t('parameters.form.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('parameters.form.conflict')}</Text>
              <Button size="xs" variant="default" onClick={() => void reload()} loading={isReloading}>
                {t('parameters.form.reload')}
              </Button>
            </Stack>
          </Alert>
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

/** The label, the CAAQMS prefix and the name, key and metric generated from them. */
function LabelField({ control, disabled }: { control: Control<ParameterInput>; disabled: boolean }) {
  const { t } = useTranslation();
  const [label, caaqmsPrefix, type] = useWatch({ control, name: ['label', 'caaqmsPrefix', 'type'] });
  const storedLabel = getStoredParameterLabel({
    label: label ?? '',
    caaqmsPrefix: caaqmsPrefix ?? false,
    type: type ?? 'NORMAL',
  });
  const identifiers = generateParameterIdentifiers(storedLabel);
  const notSet = t('common.notSet');

  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="label"
        render={({ field, fieldState }) => {
          // The schema's "required" check runs before the CAAQMS rule, but for a CAAQMS
          // parameter an empty label is exactly what the CAAQMS message is about.
          const message =
            fieldState.error && type === 'CAAQMS' && !(field.value ?? '').trim()
              ? CAAQMS_LABEL_MESSAGE
              : fieldState.error?.message;
          const error = translateParameterMessage(t, message);
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('parameters.fields.label')}
              placeholder={t('parameters.form.labelPlaceholder')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              required
              maxLength={100}
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
              data-autofocus
            />
          );
        }}
      />
      <Controller
        control={control}
        name="caaqmsPrefix"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label={t('parameters.fields.caaqmsPrefix')}
            description={type === 'CAAQMS' ? t('parameters.form.caaqmsImplied') : undefined}
            checked={Boolean(field.value) || type === 'CAAQMS'}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={disabled || type === 'CAAQMS'}
          />
        )}
      />
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
        <Text size="xs" c="dimmed" id="parameter-generated">
          {t('parameters.form.generated')}
        </Text>
        <dl aria-labelledby="parameter-generated" aria-live="polite" style={{ margin: 0 }}>
          <Identifier term={t('parameters.form.storedLabel')} value={storedLabel || notSet} />
          <Identifier
            term={t('parameters.fields.name')}
            value={identifiers.name || notSet}
            testId="generated-name"
          />
          <Identifier
            term={t('parameters.fields.paramKey')}
            value={identifiers.paramKey || notSet}
            testId="generated-key"
          />
          <Identifier
            term={t('parameters.fields.paramMetric')}
            value={identifiers.paramMetric || notSet}
            testId="generated-metric"
          />
        </dl>
      </Paper>
    </Stack>
  );
}

function Identifier({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="dt" size="sm" fw={500}>
        {term}:
      </Text>
      <Text component="dd" size="sm" ff="monospace" m={0} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

interface FunctionalFieldsProps {
  control: Control<ParameterInput>;
  disabled: boolean;
  colour: string;
  onColour: (colour: string) => void;
}

/** Base parameter, linearity and the display colour (kept in the browser only) of a functional parameter. */
function FunctionalFields({ control, disabled, colour, onColour }: FunctionalFieldsProps) {
  const { t } = useTranslation();
  const baseParameters = useParameters(BASE_PARAMETER_QUERY);
  const options = (baseParameters.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: item.label,
  }));

  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="sm">
        <Controller
          control={control}
          name="baseParamId"
          render={({ field, fieldState }) => {
            const error = translateParameterMessage(t, fieldState.error?.message);
            const value = field.value ? String(field.value) : null;
            const data =
              value && !options.some((option) => option.value === value)
                ? [...options, { value, label: `#${value}` }]
                : options;
            return (
              <Select
                ref={field.ref}
                name={field.name}
                label={t('parameters.fields.baseParamId')}
                placeholder={baseParameters.isLoading ? t('common.loading') : t('parameters.form.choose')}
                data={data}
                value={value}
                onChange={(next) => field.onChange(next ? Number(next) : null)}
                onBlur={field.onBlur}
                searchable
                required
                disabled={disabled}
                error={error ?? (baseParameters.isError ? t('parameters.form.baseLoadError') : undefined)}
                aria-invalid={error ? true : undefined}
                nothingFoundMessage={t('parameters.form.noBase')}
              />
            );
          }}
        />
        <SwitchField
          control={control}
          name="isLinear"
          label={t('parameters.fields.isLinear')}
          disabled={disabled}
        />
        <ColorInput
          label={t('parameters.fields.colour')}
          description={t('parameters.form.colourHint')}
          value={colour}
          onChange={onColour}
          format="hex"
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}

function UnitFields({ control, disabled }: { control: Control<ParameterInput>; disabled: boolean }) {
  const { t } = useTranslation();
  const units = useUnits();
  const options = (units.data ?? []).map((unit) => ({ value: unit.code, label: unit.label }));
  const placeholder = units.isLoading ? t('common.loading') : t('parameters.form.noUnit');
  const loadError = units.isError ? t('parameters.form.unitsLoadError') : undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <SelectField
        translateError={(message) => translateParameterMessage(t, message)}
        control={control}
        name="stdUnit"
        label={t('parameters.fields.stdUnit')}
        placeholder={placeholder}
        data={options}
        clearable
        searchable
        disabled={disabled}
        loadError={loadError}
      />
      <SelectField
        translateError={(message) => translateParameterMessage(t, message)}
        control={control}
        name="defaultStdUnit"
        label={t('parameters.fields.defaultStdUnit')}
        placeholder={placeholder}
        data={options}
        clearable
        searchable
        disabled={disabled}
        loadError={loadError}
      />
    </SimpleGrid>
  );
}
