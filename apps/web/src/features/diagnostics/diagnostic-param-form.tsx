import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  CONFLICT_MESSAGE,
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  DIAGNOSTIC_OWNER_KINDS,
  DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHODS,
  MULTISELECT_DEBOUNCE_MS,
  diagnosticParamFormSchema,
  getRemoteCalibrationLabel,
  toDiagnosticParamBody,
  type DiagnosticParam,
  type DiagnosticParamForm as FormValues,
  type DiagnosticParamFormInput as FormInput,
} from '@vayu/domain';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { AccountSelect } from '../accounts/account-select';
import { getDiagnosticParam, useDiagnosticParam } from './api/get-diagnostic-params';
import { useMakes, useModelsByMake } from './api/get-makes';
import { useCreateDiagnosticParam, useUpdateDiagnosticParam } from './api/save-diagnostic-param';
import { useParameterSearch } from './api/search-parameters';
import { getListPath } from './diagnostic-list-params';
import { translateDiagnosticMessage } from './diagnostic-messages';

/** Fields the server may name in its 400 details. */
const SERVER_FIELDS = ['modelId', 'tenantId', 'paramIds', 'dataUploadMethod'] as const;
type ServerField = (typeof SERVER_FIELDS)[number];

function useBackPath(): string {
  const location = useLocation();
  const state = location.state as { listSearch?: unknown } | null;
  return getListPath(state?.listSearch);
}

/** `/addDiagnosticParam`: a new set-up, then back to the list it was opened from. */
export function DiagnosticParamAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backPath = useBackPath();
  useDocumentTitle(`${t('diagnostics.form.addTitle')} · ${t('common.appName')}`);
  return (
    <FormLayout title={t('diagnostics.form.addTitle')}>
      <Paper withBorder radius="md" p="lg">
        <DiagnosticParamForm setUp={null} onDone={() => void navigate(backPath)} />
      </Paper>
    </FormLayout>
  );
}

/** `/editDiagnosticParam/{diagnosticParamId}`: one set-up from its current version. */
export function DiagnosticParamEditPage() {
  const { diagnosticParamId } = useParams();
  const backPath = useBackPath();
  if (!/^\d+$/.test(diagnosticParamId ?? '') || Number(diagnosticParamId) < 1) {
    return <Navigate to={backPath} replace />;
  }
  return (
    <DiagnosticParamEditScreen key={diagnosticParamId} id={Number(diagnosticParamId)} backPath={backPath} />
  );
}

function DiagnosticParamEditScreen({ id, backPath }: { id: number; backPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUp = useDiagnosticParam(id);
  useDocumentTitle(`${t('diagnostics.form.editTitle')} · ${t('common.appName')}`);

  return (
    <FormLayout title={t('diagnostics.form.editTitle')}>
      {setUp.isError ? (
        <Alert color="red" variant="light" title={t('diagnostics.form.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, setUp.error)}</Text>
            <Group gap="sm">
              {!(isApiError(setUp.error) && setUp.error.status === 404) && (
                <Button size="xs" variant="default" onClick={() => void setUp.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
              <Anchor component={Link} to={backPath} size="sm">
                {t('diagnostics.form.backToList')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : !setUp.data ? (
        <Stack gap="sm" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <DiagnosticParamForm
            key={setUp.data.id}
            setUp={setUp.data}
            onDone={() => void navigate(backPath)}
          />
        </Paper>
      )}
    </FormLayout>
  );
}

function FormLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {t('diagnostics.form.intro')}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

/** The form's starting values: a new set-up starts as an analyser model's, both switches off. */
function toFormValues(setUp: DiagnosticParam | null): FormInput {
  if (!setUp) {
    return {
      ownerKind: 'model',
      makeId: null,
      modelId: null,
      tenantId: null,
      paramIds: [],
      isRemoteCalibration: false,
      isCalibrationThroughUtility: false,
      dataUploadMethod: null,
    };
  }
  return {
    ownerKind: setUp.model ? 'model' : 'tenant',
    makeId: setUp.model?.make.id ?? null,
    modelId: setUp.model?.id ?? null,
    tenantId: setUp.tenant?.id ?? null,
    paramIds: setUp.paramIds,
    isRemoteCalibration: setUp.isRemoteCalibration,
    isCalibrationThroughUtility: setUp.isCalibrationThroughUtility,
    dataUploadMethod: setUp.dataUploadMethod,
    version: setUp.version,
  };
}

interface DiagnosticParamFormProps {
  /** null adds a set-up. */
  setUp: DiagnosticParam | null;
  /** After a save and on cancel. */
  onDone: () => void;
}

/**
 * Add or edit a diagnostic set-up (spec §3): an analyser model (make, then
 * model) or an industry, its diagnostic readings from the catalogue, the
 * remote calibration switch (ENABLED / DISABLED) and calibration through the
 * utility with its upload method.
 */
export function DiagnosticParamForm({ setUp, onDone }: DiagnosticParamFormProps) {
  const { t } = useTranslation();
  const createSetUp = useCreateDiagnosticParam();
  const updateSetUp = useUpdateDiagnosticParam();
  const [conflict, setConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  // The labels of current owners, shown until a search returns them.
  const [current, setCurrent] = useState(setUp);
  const { control, handleSubmit, reset, setError, setValue, clearErrors } = useForm<
    FormInput,
    unknown,
    FormValues
  >({
    resolver: zodResolver(diagnosticParamFormSchema),
    defaultValues: toFormValues(setUp),
    mode: 'onTouched',
  });
  const ownerKind = useWatch({ control, name: 'ownerKind' });
  const isThroughUtility = useWatch({ control, name: 'isCalibrationThroughUtility' });
  const isPending = createSetUp.isPending || updateSetUp.isPending;
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

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const body = toDiagnosticParamBody(values);
    try {
      if (setUp) await updateSetUp.mutateAsync({ id: setUp.id, body });
      else await createSetUp.mutateAsync(body);
    } catch (error) {
      notifyFailure(failureMessage);
      if (!isApiError(error)) return;
      if (error.status === 409 && error.message === CONFLICT_MESSAGE) {
        setConflict(true);
      } else if (error.status === 409 && error.message === DIAGNOSTIC_MODEL_TAKEN_MESSAGE) {
        setError('modelId', { message: error.message }, { shouldFocus: true });
      } else if (error.status === 409 && error.message === DIAGNOSTIC_TENANT_TAKEN_MESSAGE) {
        setError('tenantId', { message: error.message }, { shouldFocus: true });
      } else if (error.status === 400) {
        let focused = false;
        for (const detail of error.details) {
          const path = detail.path.replace(/^body\./, '');
          if (!(SERVER_FIELDS as readonly string[]).includes(path)) continue;
          // An owner of the kind not chosen is not on the screen.
          if (path === (values.ownerKind === 'model' ? 'tenantId' : 'modelId')) continue;
          setError(path as ServerField, { message: detail.message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      return;
    }
    notifySuccess(setUp ? t('diagnostics.form.updated') : t('diagnostics.form.added'));
    onDone();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('diagnostics.form.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('diagnostics.form.conflict')}</Text>
              <Button size="xs" variant="default" onClick={() => void reload()} loading={isReloading}>
                {t('diagnostics.form.reload')}
              </Button>
            </Stack>
          </Alert>
        )}

        <Controller
          control={control}
          name="ownerKind"
          render={({ field }) => (
            <Radio.Group
              name={field.name}
              label={t('diagnostics.fields.owner')}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                clearErrors(['makeId', 'modelId', 'tenantId']);
              }}
              required
            >
              <Group gap="lg" mt={6}>
                {DIAGNOSTIC_OWNER_KINDS.map((kind) => (
                  <Radio
                    key={kind}
                    value={kind}
                    label={t(`diagnostics.ownerKinds.${kind}`)}
                    disabled={isPending}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />

        {ownerKind === 'model' ? (
          <ModelFields
            control={control}
            setValue={setValue}
            current={current?.model ?? null}
            disabled={isPending}
          />
        ) : (
          <Controller
            control={control}
            name="tenantId"
            render={({ field, fieldState }) => (
              <AccountSelect
                label={t('diagnostics.fields.tenant')}
                placeholder={t('diagnostics.form.industryPlaceholder')}
                value={field.value ?? null}
                valueLabel={current?.tenant?.id === field.value ? current?.tenant?.name : undefined}
                types={['tenant']}
                onChange={(account) => field.onChange(account?.id ?? null)}
                error={translateDiagnosticMessage(t, fieldState.error?.message)}
                required
                disabled={isPending}
              />
            )}
          />
        )}

        <ParametersField control={control} current={current?.parameters ?? []} disabled={isPending} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <StateSwitch
            control={control}
            name="isRemoteCalibration"
            title={t('diagnostics.fields.remoteCalibration')}
            stateLabel={(on) => t(`diagnostics.remoteCalibrationStates.${getRemoteCalibrationLabel(on)}`)}
            description={t('diagnostics.form.remoteCalibrationHint')}
            color="teal"
            disabled={isPending}
          />
          <StateSwitch
            control={control}
            name="isCalibrationThroughUtility"
            title={t('diagnostics.fields.throughUtility')}
            stateLabel={(on) => (on ? t('diagnostics.form.yes') : t('diagnostics.form.no'))}
            description={t('diagnostics.form.throughUtilityHint')}
            onToggle={(on) => {
              if (!on) clearErrors('dataUploadMethod');
            }}
            disabled={isPending}
          />
        </SimpleGrid>

        {isThroughUtility && (
          <Controller
            control={control}
            name="dataUploadMethod"
            render={({ field, fieldState }) => {
              const error = translateDiagnosticMessage(t, fieldState.error?.message);
              return (
                <Radio.Group
                  name={field.name}
                  label={t('diagnostics.fields.uploadMethod')}
                  value={field.value ?? null}
                  onChange={(next) => field.onChange(next)}
                  error={error}
                  required
                >
                  <Group gap="lg" mt={6}>
                    {DIAGNOSTIC_UPLOAD_METHODS.map((method) => (
                      <Radio
                        key={method}
                        value={method}
                        label={method}
                        disabled={isPending}
                        aria-invalid={error ? true : undefined}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              );
            }}
          />
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isPending}>
            {t('diagnostics.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {setUp ? t('diagnostics.form.save') : t('diagnostics.list.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ModelFieldsProps {
  control: Control<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  current: DiagnosticParam['model'];
  disabled: boolean;
}

/** The make, then one of its models. A new make clears the model. */
function ModelFields({ control, setValue, current, disabled }: ModelFieldsProps) {
  const { t } = useTranslation();
  const makeId = useWatch({ control, name: 'makeId' });
  const makes = useMakes('Analyser');
  const models = useModelsByMake(makeId);
  const makeOptions = (makes.data ?? []).map((make) => ({ value: String(make.id), label: make.name }));
  // The current make still shows when it is not an analyser make.
  if (current && !makeOptions.some((option) => option.value === String(current.make.id))) {
    makeOptions.push({ value: String(current.make.id), label: current.make.name });
  }
  const modelOptions = (models.data ?? []).map((model) => ({
    value: String(model.id),
    label: model.modelType ? `${model.name} (${model.modelType})` : model.name,
  }));
  if (current && current.make.id === makeId && !modelOptions.some((o) => o.value === String(current.id))) {
    modelOptions.push({ value: String(current.id), label: current.name });
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Controller
        control={control}
        name="makeId"
        render={({ field, fieldState }) => {
          const error =
            translateDiagnosticMessage(t, fieldState.error?.message) ??
            (makes.isError ? t('diagnostics.list.makesLoadError') : undefined);
          return (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('diagnostics.fields.make')}
              placeholder={makes.isLoading ? t('common.loading') : t('diagnostics.form.chooseMake')}
              data={makeOptions}
              value={field.value ? String(field.value) : null}
              onChange={(next) => {
                const nextId = next ? Number(next) : null;
                if (nextId !== field.value) setValue('modelId', null);
                field.onChange(nextId);
              }}
              onBlur={field.onBlur}
              searchable
              required
              disabled={disabled}
              error={error}
              aria-invalid={error ? true : undefined}
              nothingFoundMessage={t('diagnostics.form.noMake')}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="modelId"
        render={({ field, fieldState }) => {
          const error =
            translateDiagnosticMessage(t, fieldState.error?.message) ??
            (models.isError ? t('diagnostics.list.modelsLoadError') : undefined);
          const placeholder =
            makeId === null || makeId === undefined
              ? t('diagnostics.form.chooseMakeFirst')
              : models.isLoading
                ? t('common.loading')
                : t('diagnostics.form.chooseModel');
          return (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('diagnostics.fields.model')}
              placeholder={placeholder}
              data={modelOptions}
              value={field.value ? String(field.value) : null}
              onChange={(next) => field.onChange(next ? Number(next) : null)}
              onBlur={field.onBlur}
              searchable
              required
              disabled={disabled || makeId === null || makeId === undefined}
              error={error}
              aria-invalid={error ? true : undefined}
              nothingFoundMessage={t('diagnostics.form.noModels')}
            />
          );
        }}
      />
    </SimpleGrid>
  );
}

/**
 * The diagnostic readings, picked from the catalogue: each keystroke
 * (debounced) searches `GET /api/parameters`; chosen ones keep their labels
 * whatever the search shows.
 */
function ParametersField({
  control,
  current,
  disabled,
}: {
  control: Control<FormInput>;
  current: DiagnosticParam['parameters'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  const [picked, setPicked] = useState(() => new Map(current.map((p) => [String(p.id), p.label])));

  return (
    <Controller
      control={control}
      name="paramIds"
      render={({ field, fieldState }) => {
        const value = (field.value ?? []).map(String);
        const options = new Map<string, string>();
        const details = new Map<string, { paramKey: string; stdUnit: string | null }>();
        for (const id of value) options.set(id, picked.get(id) ?? `#${id}`);
        for (const parameter of results.data ?? []) {
          options.set(String(parameter.id), parameter.label);
          details.set(String(parameter.id), parameter);
        }
        const error =
          translateDiagnosticMessage(t, fieldState.error?.message) ??
          (results.isError ? t('diagnostics.form.parametersLoadError') : undefined);
        return (
          <MultiSelect
            ref={field.ref}
            name={field.name}
            label={t('diagnostics.fields.parameters')}
            description={t('diagnostics.form.parametersHint')}
            placeholder={t('diagnostics.form.parametersPlaceholder')}
            data={[...options.entries()].map(([id, label]) => ({ value: id, label }))}
            value={value}
            onChange={(next) => {
              setPicked((before) => {
                const after = new Map(before);
                for (const id of next) after.set(id, options.get(id) ?? before.get(id) ?? `#${id}`);
                return after;
              });
              field.onChange(next.map(Number));
            }}
            onBlur={field.onBlur}
            renderOption={({ option }) => {
              const parameter = details.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {parameter && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {parameter.stdUnit
                        ? `${parameter.paramKey} · ${parameter.stdUnit}`
                        : parameter.paramKey}
                    </Text>
                  )}
                </Stack>
              );
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has already filtered by the typed text.
            filter={({ options: all }) => all}
            rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
            required
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('diagnostics.form.noParameterFound')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      }}
    />
  );
}

interface StateSwitchProps {
  control: Control<FormInput>;
  name: 'isRemoteCalibration' | 'isCalibrationThroughUtility';
  title: string;
  /** What the switch's own label reads in each position. */
  stateLabel: (on: boolean) => string;
  description: string;
  color?: string;
  onToggle?: (on: boolean) => void;
  disabled: boolean;
}

/**
 * A switch under its title whose label reads its state: the remote
 * calibration switch reads ENABLED or DISABLED (spec §4). Its accessible name
 * is the title and the state, e.g. "Remote calibration ENABLED".
 */
function StateSwitch({
  control,
  name,
  title,
  stateLabel,
  description,
  color,
  onToggle,
  disabled,
}: StateSwitchProps) {
  const titleId = useId();
  const stateId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={titleId}>
            {title}
          </Text>
          <Switch
            ref={field.ref}
            name={field.name}
            aria-labelledby={`${titleId} ${stateId}`}
            label={<span id={stateId}>{stateLabel(Boolean(field.value))}</span>}
            description={description}
            checked={Boolean(field.value)}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              onToggle?.(event.currentTarget.checked);
            }}
            onBlur={field.onBlur}
            disabled={disabled}
            color={color}
          />
        </Stack>
      )}
    />
  );
}
