import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_DEVICE_PARAMETERS, MULTISELECT_DEBOUNCE_MS } from '@vayu/domain';
import { useState } from 'react';
import { useFormState, type Control, type FieldArrayWithId } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParameterSearch } from '../../../components/parameter-picker';
import { parameterUnitsQueryOptions } from '../api/device-lookups';
import { newParamRow, type DeviceFormValues, type ParamRowValues } from './form-values';
import { FormSection } from './form-section';
import { ParameterRow } from './parameter-row';
import type { SensorStatus } from './use-availability-checks';

interface ParameterRowsProps {
  control: Control<DeviceFormValues>;
  fields: FieldArrayWithId<DeviceFormValues, 'params', 'key'>[];
  /** The catalogue parameters already on the device. */
  parameterIds: readonly number[];
  onAdd: (row: ParamRowValues) => void;
  onUncheck: (index: number) => Promise<boolean>;
  onRemove: (index: number) => void;
  sensorStatuses: ReadonlyMap<string, SensorStatus>;
  /** The model's parameters are being fetched. */
  isFilling: boolean;
}

/**
 * The parameters the device measures: filled from the model, with other
 * catalogue parameters added by searching. At least one must be monitored.
 */
export function ParameterRows({
  control,
  fields,
  parameterIds,
  onAdd,
  onUncheck,
  onRemove,
  sensorStatuses,
  isFilling,
}: ParameterRowsProps) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control, name: 'params' });
  const listError = errors.params?.root?.message ?? errors.params?.message;

  return (
    <FormSection legend={t('deviceRegistry.form.parameters')}>
      <Stack gap="sm">
        {listError && (
          <Alert color="red" variant="light" role="alert" tabIndex={-1} data-device-problem>
            {listError}
          </Alert>
        )}
        {fields.length === 0 ? (
          <Text c="dimmed" size="sm">
            {isFilling ? t('deviceRegistry.params.filling') : t('deviceRegistry.params.empty')}
          </Text>
        ) : (
          fields.map((field, index) => (
            <ParameterRow
              key={field.key}
              control={control}
              index={index}
              onUncheck={onUncheck}
              onRemove={onRemove}
              sensorStatuses={sensorStatuses}
            />
          ))
        )}
        {isFilling && fields.length > 0 && (
          <Loader size="sm" aria-label={t('deviceRegistry.params.filling')} />
        )}
        <AddParameter
          parameterIds={parameterIds}
          onAdd={onAdd}
          disabled={fields.length >= MAX_DEVICE_PARAMETERS}
        />
      </Stack>
    </FormSection>
  );
}

function AddParameter({
  parameterIds,
  onAdd,
  disabled,
}: {
  parameterIds: readonly number[];
  onAdd: (row: ParamRowValues) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  const [isAdding, setIsAdding] = useState(false);
  const present = new Set(parameterIds);
  const found = (results.data ?? []).filter((parameter) => !present.has(parameter.id));

  const add = async (value: string | null) => {
    const parameter = found.find((item) => String(item.id) === value);
    if (!parameter) return;
    setSearch('');
    setIsAdding(true);
    // Without its units the row is added all the same: the row says its units could not be loaded.
    const units = await queryClient
      .fetchQuery(parameterUnitsQueryOptions(parameter.id))
      .catch(() => undefined);
    onAdd(newParamRow(parameter, 'picked', units));
    setIsAdding(false);
  };

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('deviceRegistry.params.add')}
        description={
          disabled ? t('deviceRegistry.params.limit', { count: MAX_DEVICE_PARAMETERS }) : undefined
        }
        placeholder={t('deviceRegistry.params.addPlaceholder')}
        data={found.map((parameter) => ({ value: String(parameter.id), label: parameter.label }))}
        value={null}
        onChange={(value) => void add(value)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has already filtered by the typed text.
        filter={({ options }) => options}
        nothingFoundMessage={
          results.isError ? t('deviceRegistry.form.parametersError') : t('deviceRegistry.params.noneFound')
        }
        rightSection={results.isFetching || isAdding ? <Loader size="xs" aria-hidden /> : undefined}
        disabled={disabled}
        w={{ base: '100%', sm: 340 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
