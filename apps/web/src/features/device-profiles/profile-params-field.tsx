import { ActionIcon, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PROFILE_PARAMETERS, MULTISELECT_DEBOUNCE_MS, UNITS, type Parameter } from '@vayu/domain';
import { useState } from 'react';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/form';
import { useParameterSearch } from '../../components/parameter-picker';
import { translateMessage } from '../../i18n/messages';
import { useParameterUnits } from './api';
import type { ProfileFormValues } from './profile-form-values';

const ALL_UNITS = UNITS.map((unit) => ({ value: unit.code, label: unit.label }));

interface ProfileParamsFieldProps {
  control: Control<ProfileFormValues>;
  /** The catalogue labels of the parameters in the rows, by id. */
  labels: ReadonlyMap<number, string>;
  /** A parameter found by the search was added: remember its label. */
  onPicked: (parameter: Pick<Parameter, 'id' | 'label'>) => void;
  /** Shown under the rows (the rows were filled from the model, say). */
  note?: string | undefined;
}

/**
 * The profile's parameter rows: each a catalogue parameter with the unit its
 * readings arrive in (one of the units the parameter may be read in), added
 * by searching the catalogue and removed one by one.
 */
export function ProfileParamsField({ control, labels, onPicked, note }: ProfileParamsFieldProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'params' });
  const { errors } = useFormState({ control, name: 'params' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  const chosen = new Set(fields.map((row) => row.parameterId));
  const found = (results.data ?? []).filter((parameter) => !chosen.has(parameter.id));
  const listError = errors.params?.root?.message ?? errors.params?.message;
  const isFull = fields.length >= MAX_PROFILE_PARAMETERS;

  const add = (value: string | null) => {
    const parameter = found.find((item) => String(item.id) === value);
    if (!parameter) return;
    onPicked(parameter);
    append({ parameterId: parameter.id, unit: parameter.stdUnit }, { shouldFocus: false });
    setSearch('');
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="profile-params-label">
      <div>
        <Text id="profile-params-label" size="sm" fw={500}>
          {t('deviceProfiles.parameters')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('deviceProfiles.parametersHint')}
        </Text>
      </div>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deviceProfiles.noParameters')}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {fields.map((row, index) => (
            <ParamRow
              key={row.id}
              control={control}
              index={index}
              parameterId={row.parameterId}
              label={labels.get(row.parameterId) ?? `#${row.parameterId}`}
              onRemove={() => remove(index)}
            />
          ))}
        </Stack>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {listError && (
        <Text size="sm" c="red.8" role="alert">
          {translateMessage(t, listError)}
        </Text>
      )}
      <Select
        label={t('deviceProfiles.addParameter')}
        placeholder={t('deviceProfiles.addParameterPlaceholder')}
        data={found.map((parameter) => ({
          value: String(parameter.id),
          label: parameter.stdUnit ? `${parameter.label} (${parameter.stdUnit})` : parameter.label,
        }))}
        value={null}
        onChange={add}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has already filtered by the typed text.
        filter={({ options }) => options}
        nothingFoundMessage={t('deviceProfiles.noParameterFound')}
        rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
        error={results.isError ? t('deviceProfiles.parametersLoadError') : undefined}
        disabled={isFull}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

interface ParamRowProps {
  control: Control<ProfileFormValues>;
  index: number;
  parameterId: number;
  label: string;
  onRemove: () => void;
}

function ParamRow({ control, index, parameterId, label, onRemove }: ParamRowProps) {
  const { t } = useTranslation();
  const units = useParameterUnits(parameterId);
  const { errors } = useFormState({ control, name: `params.${index}.parameterId` });
  const rowError = errors.params?.[index]?.parameterId?.message;
  // A parameter without a standard unit may be read in any unit the console knows.
  const options =
    units.data && units.data.units.length > 0
      ? units.data.units.map((unit) => ({ value: unit.code, label: unit.label }))
      : ALL_UNITS;

  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }} pt={6}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          {rowError && (
            <Text size="xs" c="red.8" role="alert">
              {translateMessage(t, rowError)}
            </Text>
          )}
        </Stack>
        <SelectField
          control={control}
          name={`params.${index}.unit`}
          aria-label={t('deviceProfiles.unit', { parameter: label })}
          placeholder={units.isLoading ? t('common.loading') : t('deviceProfiles.unitPlaceholder')}
          data={options}
          loadError={units.isError ? t('deviceProfiles.unitsLoadError') : undefined}
          clearable
          w={150}
          comboboxProps={{ withinPortal: true }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onRemove}
          aria-label={t('deviceProfiles.removeParameter', { parameter: label })}
          mt={2}
        >
          <span aria-hidden>×</span>
        </ActionIcon>
      </Group>
    </Paper>
  );
}
