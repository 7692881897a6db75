import { Badge, Button, Checkbox, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { isNoxParameter } from '@vayu/domain';
import { memo, useId } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField } from '../../../components/form';
import { useParameterUnits } from '../api/device-lookups';
import { rowName, type DeviceFormValues } from './form-values';
import type { SensorStatus } from './use-availability-checks';

interface ParameterRowProps {
  control: Control<DeviceFormValues>;
  index: number;
  /** Asks first; resolves to whether the row may be unchecked. */
  onUncheck: (index: number) => Promise<boolean>;
  onRemove: (index: number) => void;
  sensorStatuses: ReadonlyMap<string, SensorStatus>;
}

type BooleanField = 'isCounter' | 'remoteCalibrationFacility' | 'offlineAlert';

/**
 * One parameter the device measures: monitored or not, the units (the
 * device's, CPCB's, SPCB's, the user's), the counter's max, the remote
 * calibration facility, the offline alert and the sensor id.
 */
export const ParameterRow = memo(function ParameterRow({
  control,
  index,
  onUncheck,
  onRemove,
  sensorStatuses,
}: ParameterRowProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const row = useWatch({ control, name: `params.${index}` });
  const { errors } = useFormState({ control, name: `params.${index}` });
  const units = useParameterUnits(row.parameterId);
  const name = rowName(row);
  const unitOptions = (units.data?.units ?? []).map((unit) => ({ value: unit.code, label: unit.label }));
  const unitsError = units.isError ? t('deviceRegistry.form.unitsError') : undefined;
  const rowError = errors.params?.[index]?.parameterId?.message;
  const sensorError = errors.params?.[index]?.sensorId;
  // The field's own error says it already when the id is taken.
  const sensorNote = sensorError
    ? undefined
    : sensorStatusText(t, sensorStatuses.get(row.sensorId.trim().toLowerCase()));

  const booleanField = (field: BooleanField, label: string) => (
    <Controller
      control={control}
      name={`params.${index}.${field}`}
      render={({ field: input }) => (
        <Checkbox
          ref={input.ref}
          name={input.name}
          label={label}
          checked={input.value}
          onChange={(event) => input.onChange(event.currentTarget.checked)}
          onBlur={input.onBlur}
        />
      )}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="group"
      aria-labelledby={titleId}
      bg={row.enabled ? undefined : 'var(--mantine-color-gray-light)'}
    >
      <Group justify="space-between" align="center" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="wrap" align="center">
          <Controller
            control={control}
            name={`params.${index}.enabled`}
            render={({ field }) => (
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value}
                aria-label={t('deviceRegistry.params.monitorNamed', { name })}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  if (checked) {
                    field.onChange(true);
                    return;
                  }
                  void onUncheck(index).then((confirmed) => {
                    if (confirmed) field.onChange(false);
                  });
                }}
              />
            )}
          />
          <Text fw={600} id={titleId}>
            {name}
          </Text>
          {isNoxParameter(row) && (
            <Badge size="xs" variant="light">
              NOx
            </Badge>
          )}
          {!row.enabled && (
            <Badge size="xs" variant="outline" color="gray">
              {t('deviceRegistry.params.notMonitored')}
            </Badge>
          )}
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => onRemove(index)}
          aria-label={t('deviceRegistry.params.removeNamed', { name })}
        >
          {t('deviceRegistry.params.remove')}
        </Button>
      </Group>
      {rowError && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {rowError}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" verticalSpacing="xs">
        {/* A handful of units each: plain lists, which the focus on a marked field does not open. */}
        <SelectField
          control={control}
          name={`params.${index}.unit`}
          label={t('deviceRegistry.params.unit')}
          placeholder={units.isLoading ? t('common.loading') : t('deviceRegistry.form.choose')}
          data={unitOptions}
          loadError={unitsError}
          required={row.enabled}
          clearable
        />
        <SelectField
          control={control}
          name={`params.${index}.cpcbUnit`}
          label={t('deviceRegistry.params.cpcbUnit')}
          data={unitOptions}
          clearable
        />
        <SelectField
          control={control}
          name={`params.${index}.spcbUnit`}
          label={t('deviceRegistry.params.spcbUnit')}
          data={unitOptions}
          clearable
        />
        <SelectField
          control={control}
          name={`params.${index}.userUnit`}
          label={t('deviceRegistry.params.userUnit')}
          data={unitOptions}
          clearable
        />
        <NumberField
          control={control}
          name={`params.${index}.max`}
          label={t('deviceRegistry.params.max')}
          min={0}
          required={row.enabled && row.isCounter}
        />
        <TextField
          control={control}
          name={`params.${index}.sensorId`}
          label={t('deviceRegistry.params.sensorId')}
          maxLength={60}
          description={sensorNote}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </SimpleGrid>
      <Group gap="lg" mt="sm" wrap="wrap">
        {booleanField('isCounter', t('deviceRegistry.params.isCounter'))}
        {booleanField('remoteCalibrationFacility', t('deviceRegistry.params.remoteCalibrationFacility'))}
        {booleanField('offlineAlert', t('deviceRegistry.params.offlineAlert'))}
      </Group>
    </Paper>
  );
});

function sensorStatusText(t: TFunction, status: SensorStatus) {
  if (status === 'checking') return t('deviceRegistry.sensor.checking');
  if (status === 'free') return t('deviceRegistry.sensor.free');
  if (status === 'taken') return t('deviceRegistry.sensor.taken');
  return undefined;
}
