import { Alert, Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DERIVED_SERIES_MAX, type DerivedParameter, type DerivedParameterBody } from '@vayu/domain';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../app/error-message';
import { useUnits } from '../../parameters';
import { useDerivedParameter } from '../api/get-derived-parameter';
import { useExpressionKeys } from '../api/get-expression-keys';
import { DERIVED_PARAMETER_LIST_PATH } from '../derived-parameter-paths';
import { derivedResolver } from './derived-resolver';
import {
  catalogueOf,
  emptySeries,
  toFormValues,
  type DerivedFormContext,
  type FormValues,
} from './form-model';
import { KeyReferencePanel } from './key-reference-panel';
import { ParameterSection } from './parameter-section';
import { SeriesEditor } from './series-editor';
import { useDerivedParameterSubmit } from './use-derived-parameter-submit';
import { useKeyInsertion } from './use-key-insertion';
import { StaleVersionAlert } from '../../../components/form';

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
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
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
  const isEdit = initial !== null;
  const keys = useExpressionKeys();
  const units = useUnits();

  const context = useMemo<DerivedFormContext>(
    () => ({ catalogue: keys.data ? catalogueOf(keys.data, initial?.id ?? null) : null, t }),
    [keys.data, initial?.id, t],
  );
  const { control, handleSubmit, reset, setError, getValues, setValue, formState } = useForm<
    FormValues,
    DerivedFormContext,
    DerivedParameterBody
  >({
    resolver: derivedResolver,
    context,
    defaultValues: toFormValues(initial),
    mode: 'onTouched',
  });
  const seriesFields = useFieldArray({ control, name: 'derivedStdParamList' });
  const { rememberInput, insertKey } = useKeyInsertion(getValues, setValue);
  const save = useDerivedParameterSubmit({ initial, setError, reset, onReload });
  const isPending = save.isPending;

  const onSubmit = handleSubmit(save.submit, () => save.setFormError(t('derivedParameters.form.fixErrors')));
  const seriesListError =
    formState.errors.derivedStdParamList?.message ?? formState.errors.derivedStdParamList?.root?.message;

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={t('derivedParameters.form.sectionParameter')}
        >
          <Stack gap="lg">
            {save.conflict && (
              <StaleVersionAlert
                title={t('derivedParameters.form.conflictTitle')}
                message={t('derivedParameters.form.conflict')}
                reloadLabel={t('derivedParameters.form.reload')}
                onReload={() => void save.reload()}
                reloading={save.isReloading}
              />
            )}
            {save.formError && !save.conflict && (
              <Alert color="red" variant="light" role="alert">
                {save.formError}
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
