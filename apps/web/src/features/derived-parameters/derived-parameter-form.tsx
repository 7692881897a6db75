import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  CONFLICT_MESSAGE,
  DERIVED_DATA_SOURCES,
  DERIVED_DOWNSAMPLE_AGGREGATIONS,
  DERIVED_EXPRESSION_MAX_LENGTH,
  DERIVED_EXPRESSION_ROWS_MAX,
  DERIVED_SERIES_MAX,
  METRIC_AGGREGATIONS,
  PARAMETER_EXISTS_MESSAGE,
  checkDerivedParameterExpressions,
  checkDerivedSeriesNames,
  derivedParameterBodySchema,
  generateParameterIdentifiers,
  getDerivedSeriesName,
  type DerivedParameter,
  type DerivedParameterBody,
  type DerivedParameterInput,
  type ExpressionKey,
} from '@vayu/domain';
import { useMemo, useRef, useState } from 'react';
import {
  Controller,
  get,
  set,
  useFieldArray,
  useForm,
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useUnits, type UnitOption } from '../parameters/api/get-units';
import { mtypeOptions } from '../parameters/parameter-labels';
import { useDerivedParameter } from './api/get-derived-parameter';
import { useExpressionKeys } from './api/get-expression-keys';
import { useCreateDerivedParameter, useUpdateDerivedParameter } from './api/save-derived-parameter';
import { ExpressionKeyReference, type ReferenceKey } from './expression-key-reference';
import { translateDerivedMessage } from './derived-parameter-messages';
import { DERIVED_PARAMETER_LIST_PATH } from './derived-parameter-paths';
import { SelectField } from '../../components/form';

type FormValues = DerivedParameterInput;
type RowInput = FormValues['derivedStdParamList'][number]['derivedExpressionProperties'][number];
type ExpressionPath =
  | `derivedStdParamList.${number}.derivedExpressionProperties.${number}.expressionParam`
  | `derivedStdParamList.${number}.derivedExpressionProperties.${number}.conditionalStatement`;

const emptyRow = (): RowInput => ({
  conditionalStatement: '',
  expressionParam: '',
  dataSource: 'raw',
  unit: null,
});
const emptySeries = (): FormValues['derivedStdParamList'][number] => ({
  derivedParamLabel: '',
  derivedExpressionProperties: [emptyRow()],
});

/** The form's starting values: a new derived parameter gets the defaults of the body schema. */
function toFormValues(parameter: DerivedParameter | null): FormValues {
  if (!parameter) {
    return {
      label: '',
      mtype: undefined as unknown as FormValues['mtype'],
      stdUnit: null,
      alertLabel: null,
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      derivedStdParamList: [emptySeries()],
    };
  }
  return {
    label: parameter.label,
    mtype: parameter.mtype as FormValues['mtype'],
    stdUnit: parameter.stdUnit,
    alertLabel: parameter.alertLabel,
    metricAgg: parameter.metricAgg,
    metricDownsampleAgg: parameter.metricDownsampleAgg,
    isAlertEnabled: parameter.isAlertEnabled,
    derivedStdParamList: parameter.derivedStdParamList.map((series) => ({
      derivedParamLabel: series.derivedParamLabel,
      derivedExpressionProperties: series.derivedExpressionProperties.map((row) => ({
        conditionalStatement: row.conditionalStatement ?? '',
        expressionParam: row.expressionParam,
        dataSource: row.dataSource,
        unit: row.unit,
      })),
    })),
  };
}

/** Conditions and expressions are typed in text areas that grow with them. */
type ExpressionElement = HTMLTextAreaElement;
const isExpressionElement = (element: Element | null | undefined): element is ExpressionElement =>
  element instanceof HTMLTextAreaElement;

type FormControl = Control<FormValues, ExpressionCatalogue | null, DerivedParameterBody>;

/** What the live checks compare with: the catalogue without the stored version of this parameter. */
interface ExpressionCatalogue {
  standardKeys: string[];
  otherSeries: { name: string; derivedParameterLabel: string }[];
  knownKeys: string[];
  graph: Record<string, string[]>;
}

function catalogueOf(keys: ExpressionKey[], selfId: number | null): ExpressionCatalogue {
  const standardKeys = keys.filter((key) => key.kind === 'standard').map((key) => key.key);
  const others = keys.filter((key) => key.kind === 'derived' && key.derivedParameterId !== selfId);
  return {
    standardKeys,
    otherSeries: others.map((key) => ({
      name: key.key,
      derivedParameterLabel: key.derivedParameterLabel ?? '',
    })),
    knownKeys: [...standardKeys, ...others.map((key) => key.key)],
    graph: Object.fromEntries(others.map((key) => [key.key, key.dependsOn])),
  };
}

/**
 * The body schema, then the rules that need the catalogue — the same domain
 * functions the server runs — once the keys are loaded (the form's context).
 * Their problems go under the fields they name, unless the schema already
 * found one there.
 */
const schemaResolver = zodResolver(derivedParameterBodySchema);
const derivedResolver: Resolver<FormValues, ExpressionCatalogue | null, DerivedParameterBody> = async (
  values,
  catalogue,
  options,
) => {
  const result = await schemaResolver(values, catalogue, options);
  if (!catalogue) return result;
  const issues = [
    ...checkDerivedSeriesNames(values, catalogue.standardKeys, catalogue.otherSeries),
    ...checkDerivedParameterExpressions(values, catalogue.knownKeys, catalogue.graph),
  ];
  if (issues.length === 0) return result;
  const errors: FieldErrors<FormValues> = { ...result.errors };
  for (const issue of issues) {
    if (!get(errors, issue.path)) set(errors, issue.path, { type: 'catalogue', message: issue.message });
  }
  return { values: {}, errors };
};

/** Puts the server's field errors (400 details) under the fields they name; true when any matched. */
function showServerFieldErrors(error: unknown, setError: UseFormSetError<FormValues>): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  let shown = false;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    if (!path || path === 'version') continue;
    setError(
      path as FieldPath<FormValues>,
      { type: 'server', message: detail.message },
      { shouldFocus: !shown },
    );
    shown = true;
  }
  return shown;
}

/**
 * `/add-derived-param`: adds a derived parameter; `/add-derived-param?id={id}`
 * edits one. Name, key and metric and each series' name are shown live from the
 * labels; conditions and expressions are checked as they are typed with the
 * same rules the server applies.
 */
export function DerivedParameterFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  if (rawId !== null && !/^[1-9]\d*$/.test(rawId))
    return <Navigate to={DERIVED_PARAMETER_LIST_PATH} replace />;
  const id = rawId === null ? null : Number(rawId);
  return <DerivedParameterFormScreen key={id ?? 'new'} id={id} />;
}

function DerivedParameterFormScreen({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const isEdit = id !== null;
  const parameter = useDerivedParameter(id);
  const title = isEdit ? t('derivedParameters.form.editTitle') : t('derivedParameters.form.addTitle');
  useDocumentTitle(`${title} · ${t('common.appName')}`);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={DERIVED_PARAMETER_LIST_PATH} size="sm">
          ← {t('derivedParameters.form.back')}
        </Anchor>
        <Title order={1}>{title}</Title>
      </Stack>
      {isEdit && parameter.isError ? (
        <Alert color="red" variant="light" title={t('derivedParameters.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, parameter.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void parameter.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : isEdit && !parameter.data ? (
        <Stack gap="sm" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <DerivedParameterForm
          initial={parameter.data ?? null}
          onReload={async () => (await parameter.refetch()).data ?? null}
        />
      )}
    </Stack>
  );
}

interface DerivedParameterFormProps {
  /** The derived parameter being edited, null when adding. */
  initial: DerivedParameter | null;
  onReload: () => Promise<DerivedParameter | null>;
}

function DerivedParameterForm({ initial, onReload }: DerivedParameterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isEdit = initial !== null;
  const keys = useExpressionKeys();
  const units = useUnits();
  const createParameter = useCreateDerivedParameter();
  const updateParameter = useUpdateDerivedParameter();
  const isPending = createParameter.isPending || updateParameter.isPending;

  const [version, setVersion] = useState(initial?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const catalogue = useMemo(
    () => (keys.data ? catalogueOf(keys.data, initial?.id ?? null) : null),
    [keys.data, initial?.id],
  );
  const { control, handleSubmit, reset, setError, getValues, setValue, formState } = useForm<
    FormValues,
    ExpressionCatalogue | null,
    DerivedParameterBody
  >({
    resolver: derivedResolver,
    context: catalogue,
    defaultValues: toFormValues(initial),
    mode: 'onTouched',
  });
  const seriesFields = useFieldArray({ control, name: 'derivedStdParamList' });

  /** The condition or expression input the user last worked in, where a chosen key goes. */
  const lastInput = useRef<{ path: ExpressionPath; element: ExpressionElement } | null>(null);
  const rememberInput = (path: ExpressionPath, element: ExpressionElement) => {
    lastInput.current = { path, element };
  };
  const insertKey = (key: string) => {
    const remembered = lastInput.current;
    const usable = remembered && remembered.element.isConnected && getValues(remembered.path) !== undefined;
    const path: ExpressionPath = usable
      ? remembered.path
      : 'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam';
    const element = usable ? remembered.element : document.getElementsByName(path)[0];
    const value = getValues(path) ?? '';
    const start = isExpressionElement(element) ? (element.selectionStart ?? value.length) : value.length;
    const end = isExpressionElement(element) ? (element.selectionEnd ?? value.length) : value.length;
    const before = value.slice(0, start);
    const gap = before && !/[\s(]$/.test(before) ? ' ' : '';
    const next = `${before}${gap}${key}${value.slice(end)}`;
    setValue(path, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    if (isExpressionElement(element)) {
      const caret = before.length + gap.length + key.length;
      requestAnimationFrame(() => {
        element.focus();
        element.setSelectionRange(caret, caret);
      });
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await onReload();
      if (latest) {
        reset(toFormValues(latest));
        setVersion(latest.version);
        setConflict(false);
        setFormError(null);
      }
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      setConflict(false);
      const failed = isEdit ? t('derivedParameters.form.editFailed') : t('derivedParameters.form.addFailed');
      try {
        if (isEdit) await updateParameter.mutateAsync({ id: initial.id, body: { ...values, version } });
        else await createParameter.mutateAsync({ ...values, version: undefined });
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.message === PARAMETER_EXISTS_MESSAGE) {
          setError('label', { type: 'server', message: PARAMETER_EXISTS_MESSAGE }, { shouldFocus: true });
          return;
        }
        if (isApiError(error) && error.status === 409 && error.message === CONFLICT_MESSAGE) {
          setConflict(true);
          return;
        }
        if (showServerFieldErrors(error, setError)) setFormError(t('derivedParameters.form.fixErrors'));
        else if (isApiError(error) && error.status === 409) setFormError(error.message);
        notifyFailure(failed);
        return;
      }
      notifySuccess(isEdit ? t('derivedParameters.form.edited') : t('derivedParameters.form.added'));
      void navigate(DERIVED_PARAMETER_LIST_PATH);
    },
    () => setFormError(t('derivedParameters.form.fixErrors')),
  );

  const seriesListError = translateDerivedMessage(
    t,
    formState.errors.derivedStdParamList?.message ?? formState.errors.derivedStdParamList?.root?.message,
  );

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={t('derivedParameters.form.sectionParameter')}
        >
          <Stack gap="lg">
            {conflict && (
              <Alert
                color="orange"
                variant="light"
                role="alert"
                title={t('derivedParameters.form.conflictTitle')}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('derivedParameters.form.conflict')}</Text>
                  <Button size="xs" variant="default" onClick={() => void reload()} loading={reloading}>
                    {t('derivedParameters.form.reload')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {formError && !conflict && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}

            <ParameterSection control={control} units={units} disabled={isPending} />

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="derived-series-heading">
              <Stack gap="md">
                <Stack gap={4}>
                  <Title order={2} size="h4" id="derived-series-heading">
                    {t('derivedParameters.form.sectionSeries')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('derivedParameters.form.seriesHint')}
                  </Text>
                </Stack>
                {seriesFields.fields.map((field, index) => (
                  <SeriesEditor
                    key={field.id}
                    control={control}
                    index={index}
                    units={units.data ?? []}
                    disabled={isPending}
                    canRemove={seriesFields.fields.length > 1}
                    onRemove={() => seriesFields.remove(index)}
                    onInputFocus={rememberInput}
                  />
                ))}
                {seriesListError && (
                  <Text size="sm" c="red" role="alert">
                    {seriesListError}
                  </Text>
                )}
                <Group gap="sm">
                  <Button
                    variant="light"
                    onClick={() => seriesFields.append(emptySeries(), { shouldFocus: true })}
                    disabled={isPending || seriesFields.fields.length >= DERIVED_SERIES_MAX}
                  >
                    {t('derivedParameters.form.addSeries')}
                  </Button>
                  {seriesFields.fields.length >= DERIVED_SERIES_MAX && (
                    <Text size="sm" c="dimmed">
                      {t('derivedParameters.form.maxReached', { count: DERIVED_SERIES_MAX })}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Paper>

            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                component={Link}
                to={DERIVED_PARAMETER_LIST_PATH}
                disabled={isPending}
              >
                {t('derivedParameters.form.cancel')}
              </Button>
              <Button type="submit" loading={isPending}>
                {isEdit ? t('derivedParameters.form.save') : t('derivedParameters.list.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <KeyReferencePanel
          control={control}
          keys={keys.data}
          units={units.data}
          selfId={initial?.id ?? null}
          isLoading={keys.isLoading}
          isError={keys.isError}
          onInsert={insertKey}
        />
      </Grid.Col>
    </Grid>
  );
}

interface KeyReferencePanelProps {
  control: FormControl;
  keys: ExpressionKey[] | undefined;
  units: UnitOption[] | undefined;
  selfId: number | null;
  isLoading: boolean;
  isError: boolean;
  onInsert: (text: string) => void;
}

/**
 * The key reference with this form's own series added. It follows the series
 * labels itself, so typing in the form does not redraw the whole form.
 */
function KeyReferencePanel({
  control,
  keys,
  units,
  selfId,
  isLoading,
  isError,
  onInsert,
}: KeyReferencePanelProps) {
  const ownSeries = useWatch({ control, name: 'derivedStdParamList' });
  const ownNames = (ownSeries ?? [])
    .map((series) => getDerivedSeriesName(series?.derivedParamLabel ?? ''))
    .filter(Boolean)
    .join('\n');
  const catalogueKeys = useMemo(() => {
    const unitLabels = new Map((units ?? []).map((unit) => [unit.code, unit.label]));
    return (keys ?? [])
      .filter((key) => key.kind === 'standard' || key.derivedParameterId !== selfId)
      .map((key): ReferenceKey => ({
        key: key.key,
        label: key.label,
        kind: key.kind,
        unit: key.unit === null ? null : (unitLabels.get(key.unit) ?? key.unit),
        owner: key.derivedParameterLabel,
      }));
  }, [keys, units, selfId]);
  const referenceKeys = useMemo(
    () => [
      ...[...new Set(ownNames.split('\n').filter(Boolean))].map((name): ReferenceKey => ({
        key: name,
        label: '',
        kind: 'own',
        unit: null,
        owner: null,
      })),
      ...catalogueKeys,
    ],
    [ownNames, catalogueKeys],
  );
  return (
    <ExpressionKeyReference
      keys={referenceKeys}
      isLoading={isLoading}
      isError={isError}
      onInsert={onInsert}
    />
  );
}

interface ParameterSectionProps {
  control: FormControl;
  units: ReturnType<typeof useUnits>;
  disabled: boolean;
}

/** Label with the identifiers generated from it, what it measures, its unit, alerts and aggregations. */
function ParameterSection({ control, units, disabled }: ParameterSectionProps) {
  const { t } = useTranslation();
  const unitOptions = (units.data ?? []).map((unit) => ({ value: unit.code, label: unit.label }));
  const aggregationOptions = METRIC_AGGREGATIONS.map((value) => ({
    value,
    label: t(`derivedParameters.aggregations.${value}`),
  }));
  const downsampleOptions = DERIVED_DOWNSAMPLE_AGGREGATIONS.map((value) => ({
    value,
    label: t(`derivedParameters.aggregations.${value}`),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="derived-parameter-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="derived-parameter-heading">
          {t('derivedParameters.form.sectionParameter')}
        </Title>
        <LabelField control={control} disabled={disabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateDerivedMessage(t, message)}
            control={control}
            name="mtype"
            label={t('derivedParameters.fields.mtype')}
            placeholder={t('derivedParameters.form.choose')}
            data={mtypeOptions(t)}
            required
            disabled={disabled}
          />
          <SelectField
            translateError={(message) => translateDerivedMessage(t, message)}
            control={control}
            name="stdUnit"
            label={t('derivedParameters.fields.stdUnit')}
            placeholder={units.isLoading ? t('common.loading') : t('derivedParameters.form.noUnit')}
            data={unitOptions}
            clearable
            searchable
            disabled={disabled}
            loadError={units.isError ? t('derivedParameters.form.unitsLoadError') : undefined}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="alertLabel"
          render={({ field, fieldState }) => (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.alertLabel')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              maxLength={100}
              disabled={disabled}
              error={translateDerivedMessage(t, fieldState.error?.message)}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateDerivedMessage(t, message)}
            control={control}
            name="metricAgg"
            label={t('derivedParameters.fields.metricAgg')}
            data={aggregationOptions}
            required
            disabled={disabled}
          />
          <SelectField
            translateError={(message) => translateDerivedMessage(t, message)}
            control={control}
            name="metricDownsampleAgg"
            label={t('derivedParameters.fields.metricDownsampleAgg')}
            data={downsampleOptions}
            required
            disabled={disabled}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="isAlertEnabled"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.isAlertEnabled')}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          )}
        />
      </Stack>
    </Paper>
  );
}

function LabelField({ control, disabled }: { control: FormControl; disabled: boolean }) {
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
          const error = translateDerivedMessage(t, fieldState.error?.message);
          return (
            <TextInput
              ref={field.ref}
              name={field.name}
              label={t('derivedParameters.fields.label')}
              placeholder={t('derivedParameters.form.labelPlaceholder')}
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
      <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-gray-light)">
        <Text size="xs" c="dimmed" id="derived-parameter-generated">
          {t('derivedParameters.form.generated')}
        </Text>
        <dl aria-labelledby="derived-parameter-generated" aria-live="polite" style={{ margin: 0 }}>
          <Identifier
            term={t('derivedParameters.fields.name')}
            value={identifiers.name || notSet}
            testId="generated-name"
          />
          <Identifier
            term={t('derivedParameters.fields.paramKey')}
            value={identifiers.paramKey || notSet}
            testId="generated-key"
          />
          <Identifier
            term={t('derivedParameters.fields.paramMetric')}
            value={identifiers.paramMetric || notSet}
            testId="generated-metric"
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

interface SeriesEditorProps {
  control: FormControl;
  index: number;
  units: UnitOption[];
  disabled: boolean;
  canRemove: boolean;
  onRemove: () => void;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

/** One derived series: its label with the generated name, and its ordered expression rows. */
function SeriesEditor({
  control,
  index,
  units,
  disabled,
  canRemove,
  onRemove,
  onInputFocus,
}: SeriesEditorProps) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: `derivedStdParamList.${index}.derivedExpressionProperties` });
  const label = useWatch({ control, name: `derivedStdParamList.${index}.derivedParamLabel` });
  const name = getDerivedSeriesName(label ?? '');
  const number = index + 1;
  const headingId = `derived-series-${index}-heading`;
  const rowsError = useRowsError(control, index);

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            {t('derivedParameters.form.seriesTitle', { number })}
          </Title>
          {canRemove && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t('derivedParameters.form.removeSeries', { number })}
            >
              {t('derivedParameters.form.remove')}
            </Button>
          )}
        </Group>
        <Controller
          control={control}
          name={`derivedStdParamList.${index}.derivedParamLabel`}
          render={({ field, fieldState }) => {
            const error = translateDerivedMessage(t, fieldState.error?.message);
            return (
              <TextInput
                ref={field.ref}
                name={field.name}
                label={t('derivedParameters.fields.derivedParamLabel')}
                placeholder={t('derivedParameters.form.seriesLabelPlaceholder')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                required
                maxLength={100}
                disabled={disabled}
                error={error}
                aria-invalid={error ? true : undefined}
                description={
                  <>
                    {t('derivedParameters.form.generatedSeriesName')}{' '}
                    <Text span ff="monospace" size="xs" data-testid={`series-name-${index}`}>
                      {name || t('common.notSet')}
                    </Text>
                  </>
                }
              />
            );
          }}
        />
        {rows.fields.map((field, rowIndex) => (
          <ExpressionRowEditor
            key={field.id}
            control={control}
            seriesIndex={index}
            rowIndex={rowIndex}
            rowCount={rows.fields.length}
            units={units}
            disabled={disabled}
            onRemove={() => rows.remove(rowIndex)}
            onMove={(to) => rows.move(rowIndex, to)}
            onInputFocus={onInputFocus}
          />
        ))}
        {rowsError && (
          <Text size="sm" c="red" role="alert">
            {rowsError}
          </Text>
        )}
        <Group gap="sm">
          <Button
            size="xs"
            variant="light"
            onClick={() => rows.append(emptyRow(), { shouldFocus: true })}
            disabled={disabled || rows.fields.length >= DERIVED_EXPRESSION_ROWS_MAX}
          >
            {t('derivedParameters.form.addRow')}
          </Button>
          {rows.fields.length >= DERIVED_EXPRESSION_ROWS_MAX && (
            <Text size="sm" c="dimmed">
              {t('derivedParameters.form.maxReached', { count: DERIVED_EXPRESSION_ROWS_MAX })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The message about a series' rows as a whole (none left), if any. */
function useRowsError(control: FormControl, index: number): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState({
    control,
    name: `derivedStdParamList.${index}.derivedExpressionProperties`,
  });
  const rowsErrors = errors.derivedStdParamList?.[index]?.derivedExpressionProperties;
  return translateDerivedMessage(t, rowsErrors?.message ?? rowsErrors?.root?.message);
}

interface ExpressionRowEditorProps {
  control: FormControl;
  seriesIndex: number;
  rowIndex: number;
  rowCount: number;
  units: UnitOption[];
  disabled: boolean;
  onRemove: () => void;
  onMove: (to: number) => void;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

/** One expression row: when (optional), expression, data source and unit. */
function ExpressionRowEditor({
  control,
  seriesIndex,
  rowIndex,
  rowCount,
  units,
  disabled,
  onRemove,
  onMove,
  onInputFocus,
}: ExpressionRowEditorProps) {
  const { t } = useTranslation();
  const base = `derivedStdParamList.${seriesIndex}.derivedExpressionProperties.${rowIndex}` as const;
  const labels = { number: rowIndex + 1, series: seriesIndex + 1 };
  const unitOptions = units.map((unit) => ({ value: unit.code, label: unit.label }));

  return (
    <Paper radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('derivedParameters.form.rowTitle', { number: rowIndex + 1 })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onMove(rowIndex - 1)}
              disabled={disabled || rowIndex === 0}
              aria-label={t('derivedParameters.form.moveRowUp', labels)}
            >
              {t('derivedParameters.form.up')}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onMove(rowIndex + 1)}
              disabled={disabled || rowIndex === rowCount - 1}
              aria-label={t('derivedParameters.form.moveRowDown', labels)}
            >
              {t('derivedParameters.form.down')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              disabled={disabled || rowCount === 1}
              aria-label={t('derivedParameters.form.removeRow', labels)}
            >
              {t('derivedParameters.form.remove')}
            </Button>
          </Group>
        </Group>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <ExpressionInput
              control={control}
              name={`${base}.conditionalStatement`}
              label={t('derivedParameters.fields.conditionalStatement')}
              placeholder={t('derivedParameters.form.conditionPlaceholder')}
              disabled={disabled}
              onInputFocus={onInputFocus}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <ExpressionInput
              control={control}
              name={`${base}.expressionParam`}
              label={t('derivedParameters.fields.expressionParam')}
              placeholder={t('derivedParameters.form.expressionPlaceholder')}
              required
              disabled={disabled}
              onInputFocus={onInputFocus}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name={`${base}.dataSource`}
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                name={field.name}
                label={t('derivedParameters.fields.dataSource')}
                data={DERIVED_DATA_SOURCES.map((value) => ({
                  value,
                  label: t(`derivedParameters.dataSources.${value}`),
                }))}
                value={field.value ?? 'raw'}
                onChange={(next) => field.onChange(next ?? 'raw')}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={disabled}
                error={translateDerivedMessage(t, fieldState.error?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name={`${base}.unit`}
            render={({ field, fieldState }) => {
              const value = field.value ?? null;
              const data =
                value && !unitOptions.some((option) => option.value === value)
                  ? [...unitOptions, { value, label: value }]
                  : unitOptions;
              return (
                <Select
                  ref={field.ref}
                  name={field.name}
                  label={t('derivedParameters.fields.unit')}
                  placeholder={t('derivedParameters.form.noUnit')}
                  data={data}
                  value={value}
                  onChange={(next) => field.onChange(next)}
                  onBlur={field.onBlur}
                  clearable
                  searchable
                  disabled={disabled}
                  error={translateDerivedMessage(t, fieldState.error?.message)}
                />
              );
            }}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

interface ExpressionInputProps {
  control: FormControl;
  name: ExpressionPath;
  label: string;
  placeholder: string;
  required?: boolean;
  disabled: boolean;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

function ExpressionInput({
  control,
  name,
  label,
  placeholder,
  required,
  disabled,
  onInputFocus,
}: ExpressionInputProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateDerivedMessage(t, fieldState.error?.message);
        return (
          <Textarea
            ref={field.ref}
            name={field.name}
            label={label}
            placeholder={placeholder}
            value={field.value ?? ''}
            // An expression is one line: line breaks typed or pasted become spaces.
            onChange={(event) => field.onChange(event.currentTarget.value.replace(/\r?\n/g, ' '))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            onFocus={(event) => onInputFocus(name, event.currentTarget)}
            onBlur={field.onBlur}
            autosize
            minRows={1}
            maxRows={6}
            required={required}
            maxLength={DERIVED_EXPRESSION_MAX_LENGTH}
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        );
      }}
    />
  );
}
