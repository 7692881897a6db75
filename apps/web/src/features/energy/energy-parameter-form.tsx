import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  CONFLICT_MESSAGE,
  ENERGY_MTYPE,
  ENERGY_PARAMETER_EXISTS_MESSAGE,
  energyParameterBodySchema,
  generateParameterIdentifiers,
  type EnergyParameter,
  type EnergyParameterBody,
  type EnergyParameterInput,
} from '@vayu/domain';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useParameters } from '../parameters/api/get-parameters';
import type { ParameterListQuery } from '../parameters/api/parameter-keys';
import { getEnergyParameter, useEnergyParameter } from './api/get-energy-parameters';
import { METRIC_PICKER_FILTERS, useMetrics } from './api/get-metrics';
import { useCreateEnergyParameter, useUpdateEnergyParameter } from './api/save-energy-parameter';
import { aggregationLabel, categoryOptions, unitOptions } from './energy-labels';
import { EnergyNav } from './energy-list-tools';
import { fieldErrorsFrom, translateEnergyMessage } from './energy-messages';
import { SelectField, SwitchField } from '../../components/form';

const LIST_PATH = '/energy/params';

const FORM_FIELDS = [
  'label',
  'category',
  'unit',
  'parameterId',
  'isCumulative',
  'isAlertEnabled',
  'metricIds',
] as const;

/** The catalogue parameters that may feed an energy parameter: those measured at 'energy'. */
const SOURCE_FILTERS: ParameterListQuery = { page: 1, pageSize: 100, mtype: ENERGY_MTYPE };

function toFormValues(parameter: EnergyParameter | null): EnergyParameterInput {
  if (!parameter) {
    return {
      label: '',
      category: undefined as unknown as EnergyParameterInput['category'],
      unit: undefined as unknown as EnergyParameterInput['unit'],
      parameterId: null,
      isCumulative: false,
      isAlertEnabled: false,
      metricIds: [],
    };
  }
  return {
    label: parameter.label,
    category: parameter.category as EnergyParameterInput['category'],
    unit: (parameter.unit ?? undefined) as EnergyParameterInput['unit'],
    parameterId: parameter.parameter?.id ?? null,
    isCumulative: parameter.isCumulative,
    isAlertEnabled: parameter.isAlertEnabled,
    metricIds: parameter.metrics.map((metric) => metric.id),
    version: parameter.version,
  };
}

/** `/energy/param/add`. */
export function EnergyParameterAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(`${t('energy.params.form.addTitle')} · ${t('common.appName')}`);
  return (
    <EnergyParameterPage title={t('energy.params.form.addTitle')}>
      <EnergyParameterForm parameter={null} onDone={() => void navigate(LIST_PATH)} />
    </EnergyParameterPage>
  );
}

/** `/energy/param/{id}/edit`: the "energy parameter edit page" of the spec. */
export function EnergyParameterEditPage() {
  const { id } = useParams();
  if (!/^\d+$/.test(id ?? '') || Number(id) < 1) return <Navigate to={LIST_PATH} replace />;
  return <EnergyParameterEditScreen key={id} id={Number(id)} />;
}

function EnergyParameterEditScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parameter = useEnergyParameter(id);
  useDocumentTitle(`${t('energy.params.form.editTitle')} · ${t('common.appName')}`);

  return (
    <EnergyParameterPage title={t('energy.params.form.editTitle')}>
      {parameter.isError ? (
        <Alert color="red" variant="light" title={t('energy.params.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, parameter.error)}</Text>
            <Group gap="sm">
              {!(isApiError(parameter.error) && parameter.error.status === 404) && (
                <Button size="xs" variant="default" onClick={() => void parameter.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
              <Anchor component={Link} to={LIST_PATH} size="sm">
                {t('energy.params.backToList')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : !parameter.data ? (
        <Stack gap="sm" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <EnergyParameterForm parameter={parameter.data} onDone={() => void navigate(LIST_PATH)} />
      )}
    </EnergyParameterPage>
  );
}

function EnergyParameterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={760}>
      <EnergyNav />
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="lg">
        {children}
      </Paper>
    </Stack>
  );
}

interface EnergyParameterFormProps {
  /** null adds an energy parameter. */
  parameter: EnergyParameter | null;
  /** After a save or on cancel. */
  onDone: () => void;
}

/**
 * The form shared by the add and edit pages. Name and key show live from the
 * label with the function the server applies; at least one metric is needed.
 */
export function EnergyParameterForm({ parameter, onDone }: EnergyParameterFormProps) {
  const { t } = useTranslation();
  const createParameter = useCreateEnergyParameter();
  const updateParameter = useUpdateEnergyParameter();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const { control, handleSubmit, reset, setError, getValues } = useForm<
    EnergyParameterInput,
    unknown,
    EnergyParameterBody
  >({
    resolver: zodResolver(energyParameterBodySchema),
    defaultValues: toFormValues(parameter),
    mode: 'onTouched',
  });
  const isPending = createParameter.isPending || updateParameter.isPending;

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

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const body: EnergyParameterInput = {
      ...values,
      version: parameter ? (getValues('version') ?? parameter.version) : undefined,
    };
    try {
      if (parameter) await updateParameter.mutateAsync({ id: parameter.id, body });
      else await createParameter.mutateAsync(body);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.message === ENERGY_PARAMETER_EXISTS_MESSAGE) {
        setError('label', { message: ENERGY_PARAMETER_EXISTS_MESSAGE }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.status === 409 && error.message === CONFLICT_MESSAGE) {
        setConflict(true);
        return;
      }
      if (isApiError(error) && error.status === 400) {
        fieldErrorsFrom(error.details, FORM_FIELDS).forEach(({ field, message }, index) =>
          setError(field, { message }, { shouldFocus: index === 0 }),
        );
      }
      notifyFailure(parameter ? t('energy.params.form.editFailed') : t('energy.params.form.addFailed'));
      return;
    }
    notifySuccess(parameter ? t('energy.params.form.edited') : t('energy.params.form.added'));
    onDone();
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={parameter ? t('energy.params.form.editTitle') : t('energy.params.form.addTitle')}
    >
      <Stack gap="md">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('energy.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('energy.conflict')}</Text>
              <Button size="xs" variant="default" onClick={() => void reload()} loading={isReloading}>
                {t('energy.reload')}
              </Button>
            </Stack>
          </Alert>
        )}

        <LabelField control={control} disabled={isPending} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateEnergyMessage(t, message)}
            placeholder={t('energy.form.choose')}
            control={control}
            name="category"
            label={t('energy.fields.category')}
            data={categoryOptions(t)}
            required
            disabled={isPending}
          />
          <SelectField
            translateError={(message) => translateEnergyMessage(t, message)}
            placeholder={t('energy.form.choose')}
            control={control}
            name="unit"
            label={t('energy.fields.unit')}
            data={unitOptions()}
            required
            searchable
            disabled={isPending}
          />
        </SimpleGrid>

        <SourceParameterField control={control} current={parameter?.parameter ?? null} disabled={isPending} />
        <MetricsField control={control} current={parameter?.metrics ?? []} disabled={isPending} />

        <Stack gap="sm">
          <SwitchField
            control={control}
            name="isCumulative"
            label={t('energy.fields.isCumulative')}
            description={t('energy.params.form.cumulativeHint')}
            disabled={isPending}
          />
          <SwitchField
            control={control}
            name="isAlertEnabled"
            label={t('energy.fields.isAlertEnabled')}
            disabled={isPending}
          />
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isPending}>
            {t('energy.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {parameter ? t('energy.form.save') : t('energy.params.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The label and the name and key generated from it. */
function LabelField({ control, disabled }: { control: Control<EnergyParameterInput>; disabled: boolean }) {
  const { t } = useTranslation();
  const label = useWatch({ control, name: 'label' });
  const identifiers = generateParameterIdentifiers(label ?? '');
  const notSet = t('common.notSet');

  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="label"
        render={({ field, fieldState }) => {
          const error = translateEnergyMessage(t, fieldState.error?.message);
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('energy.fields.label')}
              placeholder={t('energy.params.form.labelPlaceholder')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              required
              maxLength={100}
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
            />
          );
        }}
      />
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
        <Text size="xs" c="dimmed" id="energy-parameter-generated">
          {t('energy.params.form.generated')}
        </Text>
        <dl aria-labelledby="energy-parameter-generated" aria-live="polite" style={{ margin: 0 }}>
          <Identifier
            term={t('energy.fields.name')}
            value={identifiers.name || notSet}
            testId="generated-name"
          />
          <Identifier
            term={t('energy.fields.paramKey')}
            value={identifiers.paramKey || notSet}
            testId="generated-key"
          />
        </dl>
      </Paper>
    </Stack>
  );
}

function Identifier({ term, value, testId }: { term: string; value: string; testId: string }) {
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

/** The catalogue parameter of mtype energy whose readings feed this one (optional). */
function SourceParameterField({
  control,
  current,
  disabled,
}: {
  control: Control<EnergyParameterInput>;
  current: { id: number; label: string } | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const sources = useParameters(SOURCE_FILTERS);
  const options = (sources.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.label }));
  // The parameter it is fed by today still shows, even when it is not among the first 100.
  if (current && !options.some((option) => option.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.label });
  }

  return (
    <Controller
      control={control}
      name="parameterId"
      render={({ field, fieldState }) => {
        const error =
          translateEnergyMessage(t, fieldState.error?.message) ??
          (sources.isError ? t('energy.params.form.sourcesLoadError') : undefined);
        return (
          <Select
            ref={field.ref}
            name={field.name}
            label={t('energy.fields.parameter')}
            description={t('energy.params.form.parameterHint')}
            placeholder={sources.isLoading ? t('common.loading') : t('energy.params.form.noSource')}
            data={options}
            value={field.value ? String(field.value) : null}
            onChange={(next) => field.onChange(next ? Number(next) : null)}
            onBlur={field.onBlur}
            clearable
            searchable
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('energy.params.form.noSourceFound')}
          />
        );
      }}
    />
  );
}

/** The metrics computed for the parameter: at least one. */
function MetricsField({
  control,
  current,
  disabled,
}: {
  control: Control<EnergyParameterInput>;
  current: EnergyParameter['metrics'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const metrics = useMetrics(METRIC_PICKER_FILTERS);
  const known = new Map<
    string,
    { key: string; label: string; value: EnergyParameter['metrics'][number]['value'] }
  >();
  for (const metric of current) known.set(String(metric.id), metric);
  for (const metric of metrics.data?.items ?? []) known.set(String(metric.id), metric);
  const options = [...known.entries()].map(([value, metric]) => ({ value, label: metric.label }));

  return (
    <Controller
      control={control}
      name="metricIds"
      render={({ field, fieldState }) => {
        const error =
          translateEnergyMessage(t, fieldState.error?.message) ??
          (metrics.isError ? t('energy.params.form.metricsLoadError') : undefined);
        return (
          <MultiSelect
            ref={field.ref}
            name={field.name}
            label={t('energy.fields.metrics')}
            description={t('energy.params.form.metricsHint')}
            placeholder={metrics.isLoading ? t('common.loading') : t('energy.params.form.chooseMetrics')}
            data={options}
            value={(field.value ?? []).map(String)}
            onChange={(next) => field.onChange(next.map(Number))}
            onBlur={field.onBlur}
            renderOption={({ option }) => {
              const metric = known.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {metric && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {metric.key} · {aggregationLabel(t, metric.value)}
                    </Text>
                  )}
                </Stack>
              );
            }}
            searchable
            required
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('energy.params.form.noMetricFound')}
          />
        );
      }}
    />
  );
}
