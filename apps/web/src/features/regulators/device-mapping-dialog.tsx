import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, SimpleGrid } from '@mantine/core';
import {
  REGULATOR_EXCLUDED_PARAMETER_ID,
  regulatorDeviceBodySchema,
  type Board,
  type RegulatorDevice,
  type RegulatorDeviceBody,
  type RegulatorTenant,
} from '@vayu/domain';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { SelectField, TextField, RecordFormFrame } from '../../components/form';
import {
  useBoardParameters,
  useBoardUnits,
  useCreateRegulatorDevice,
  useDeviceParams,
  useDevicesAtPoint,
  useStations,
} from './api';
import { regulatorMessage, translatedResolver } from './regulator-text';
import { showRegulatorSaveError } from './save-errors';

/** What the form holds: the selects' values as text; the domain's schema turns them into the body. */
export interface DeviceMappingFormValues {
  regulatorTenantId: number;
  stationId: string | number | null;
  deviceId: string | number | null;
  parameterId: string | number | null;
  unit: string | null;
  regulatorParameterId: string | number | null;
  regulatorUnitId: string | number | null;
  spcbDeviceId: string;
}

const FIELDS = [
  'stationId',
  'deviceId',
  'parameterId',
  'unit',
  'regulatorParameterId',
  'regulatorUnitId',
  'spcbDeviceId',
] as const satisfies readonly FieldPath<DeviceMappingFormValues>[];

/** Runs `effect` when `value` changes after the first drawing (not for the value the form opened with). */
function useOnChange<T>(value: T, effect: (value: T) => void) {
  const shown = useRef(value);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    latest.current(value);
  }, [value]);
}

export interface DeviceMappingDialogProps {
  opened: boolean;
  board: Board;
  mapping: RegulatorTenant;
  /** The device parameters already mapped: flagged in the parameter list. */
  mapped: readonly RegulatorDevice[];
  onClose: () => void;
}

/**
 * Map one parameter of a device at a station to the board's device,
 * parameter and unit ids. The board's parameter and unit follow the
 * parameter and unit chosen (one each at a board).
 */
export function DeviceMappingDialog({ opened, ...props }: DeviceMappingDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={t('regulators.devices.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {opened && <DeviceMappingForm {...props} />}
    </Modal>
  );
}

function DeviceMappingForm({ board, mapping, mapped, onClose }: Omit<DeviceMappingDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const create = useCreateRegulatorDevice();
  const stations = useStations(mapping.id);
  const boardParameters = useBoardParameters(board.statId);
  const boardUnits = useBoardUnits(board.statId);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<
    DeviceMappingFormValues,
    unknown,
    RegulatorDeviceBody
  >({
    resolver: translatedResolver(
      zodResolver(regulatorDeviceBodySchema) as unknown as Resolver<
        DeviceMappingFormValues,
        unknown,
        RegulatorDeviceBody
      >,
      (message) => regulatorMessage(t, message),
    ),
    defaultValues: {
      regulatorTenantId: mapping.id,
      stationId: null,
      deviceId: null,
      parameterId: null,
      unit: null,
      regulatorParameterId: null,
      regulatorUnitId: null,
      spcbDeviceId: '',
    },
    mode: 'onTouched',
  });
  const [stationId, deviceId, parameterId, unit] = useWatch({
    control,
    name: ['stationId', 'deviceId', 'parameterId', 'unit'],
  });
  const station = stations.data?.items.find((item) => String(item.id) === stationId) ?? null;
  const devices = useDevicesAtPoint(mapping.tenantId, station?.monitoringPointId ?? null);
  const device = useDeviceParams(deviceId === null ? null : Number(deviceId));

  const deviceParams = (device.data?.params ?? []).filter(
    (param) => param.enabled && param.parameter.id !== REGULATOR_EXCLUDED_PARAMETER_ID,
  );
  const parameterCandidates = (boardParameters.data?.items ?? []).filter(
    (item) => String(item.parameterId) === parameterId,
  );
  const unitCandidates = (boardUnits.data?.items ?? []).filter((item) => item.unit === unit);
  const boardUnitNames = [...new Set((boardUnits.data?.items ?? []).map((item) => item.unit))];

  // A station has its own devices, a device its own parameters: a change clears what followed.
  useOnChange(stationId, () => {
    setValue('deviceId', null);
    setValue('parameterId', null);
  });
  useOnChange(deviceId, (next) => {
    setValue('parameterId', null);
    // The board knows a device by one id: another parameter of a mapped device takes the same.
    const known = mapped.find((row) => String(row.deviceId) === next);
    if (known && getValues('spcbDeviceId').trim() === '') setValue('spcbDeviceId', known.spcbDeviceId);
  });
  // The parameter's board id, and the unit the device sends it in when the board names that unit.
  useOnChange(parameterId, (next) => {
    const candidates = (boardParameters.data?.items ?? []).filter(
      (item) => String(item.parameterId) === next,
    );
    setValue('regulatorParameterId', candidates.length === 1 ? String(candidates[0]!.id) : null);
    const sent = deviceParams.find((param) => String(param.parameter.id) === next)?.unit ?? null;
    if (sent && boardUnitNames.includes(sent)) setValue('unit', sent);
  });
  useOnChange(unit, (next) => {
    const candidates = (boardUnits.data?.items ?? []).filter((item) => item.unit === next);
    setValue('regulatorUnitId', candidates.length === 1 ? String(candidates[0]!.id) : null);
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(
          t('regulators.devices.created', { device: saved.deviceName, parameter: saved.parameterLabel }),
        );
        onClose();
      },
      onError: (error) =>
        showRegulatorSaveError(error, setError, t, {
          fields: FIELDS,
          codeMessages: {
            REGULATOR_MAPPING_EXISTS: {
              field: 'parameterId',
              message: t('regulators.devices.parameterMapped'),
            },
          },
          onConflict: () => undefined,
          fieldFailure: t('regulators.devices.saveError'),
          otherFailure: t('regulators.devices.createFailed'),
        }),
    }),
  );

  const stationOptions = (stations.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: `${item.spcbEntityId} · ${item.monitoringPointName}`,
  }));
  const deviceOptions = (devices.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: item.name,
  }));
  const parameterOptions = deviceParams.map((param) => {
    const isMapped = mapped.some(
      (row) => String(row.deviceId) === deviceId && row.parameterId === param.parameter.id,
    );
    return {
      value: String(param.parameter.id),
      label: isMapped
        ? t('regulators.devices.parameterAlreadyMapped', { name: param.parameter.label })
        : param.parameter.label,
    };
  });
  const noBoardId = parameterId !== null && boardParameters.isSuccess && parameterCandidates.length === 0;

  return (
    <RecordFormFrame
      onSubmit={(event) => void onSubmit(event)}
      saving={create.isPending}
      submitLabel={t('regulators.devices.add')}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="stationId"
          label={t('regulators.devices.station')}
          placeholder={t('regulators.devices.stationPlaceholder')}
          data={stationOptions}
          required
          nothingFoundMessage={t('regulators.devices.noStations')}
          loadError={stations.isError ? t('regulators.devices.stationsFailed') : undefined}
          data-autofocus
        />
        <SelectField
          control={control}
          name="deviceId"
          label={t('regulators.devices.device')}
          placeholder={
            station ? t('regulators.devices.devicePlaceholder') : t('regulators.devices.chooseStation')
          }
          data={deviceOptions}
          searchable
          required
          disabled={station === null}
          nothingFoundMessage={t('regulators.devices.noDevices')}
          loadError={devices.isError ? t('regulators.devices.devicesFailed') : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="parameterId"
          label={t('regulators.devices.parameter')}
          placeholder={
            deviceId ? t('regulators.devices.parameterPlaceholder') : t('regulators.devices.chooseDevice')
          }
          data={parameterOptions}
          searchable
          required
          disabled={deviceId === null}
          loadError={device.isError ? t('regulators.devices.paramsFailed') : undefined}
        />
        <SelectField
          control={control}
          name="unit"
          label={t('regulators.devices.unit')}
          placeholder={t('regulators.devices.unitPlaceholder')}
          description={t('regulators.devices.unitHelp')}
          data={boardUnitNames.map((name) => ({ value: name, label: name }))}
          required
          nothingFoundMessage={t('regulators.devices.noUnits')}
        />
      </SimpleGrid>
      {noBoardId && (
        <Alert color="orange" variant="light">
          {t('regulators.devices.noBoardParameter')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="regulatorParameterId"
          label={t('regulators.devices.boardParameter')}
          data={parameterCandidates.map((item) => ({
            value: String(item.id),
            label: item.spcbParameterId,
          }))}
          required
          disabled={parameterId === null}
          loadError={boardParameters.isError ? t('regulators.parameters.loadError') : undefined}
        />
        <SelectField
          control={control}
          name="regulatorUnitId"
          label={t('regulators.devices.boardUnit')}
          data={unitCandidates.map((item) => ({ value: String(item.id), label: item.spcbUnit }))}
          required
          disabled={unit === null}
          loadError={boardUnits.isError ? t('regulators.units.loadError') : undefined}
        />
      </SimpleGrid>
      <TextField
        control={control}
        name="spcbDeviceId"
        label={t('regulators.devices.spcbDeviceId')}
        placeholder={t('regulators.devices.spcbDeviceIdPlaceholder')}
        required
        maxLength={100}
        spellCheck={false}
      />
    </RecordFormFrame>
  );
}
