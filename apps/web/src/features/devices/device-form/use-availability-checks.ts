import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { MULTISELECT_DEBOUNCE_MS, type SerialCheck } from '@vayu/domain';
import { useCallback, useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { checkSensorId, checkSerialNumber } from '../api/check-availability';
import { deviceKeys } from '../api/device-keys';
import type { AvailabilityContext } from './device-validation';
import type { DeviceFormValues } from './form-values';

/** How long an answer counts as current: a few seconds of typing back and forth ask once. */
const CHECK_FRESH_MS = 15_000;

export type SerialStatus = 'idle' | 'checking' | 'free' | 'shared' | 'forbidden' | 'error';
export type SensorStatus = 'checking' | 'free' | 'taken' | undefined;

export interface AvailabilityChecks {
  serialStatus: SerialStatus;
  /** The answers for the monitored rows' sensor ids (by their text in lower case), while sensor ids matter. */
  sensorStatuses: ReadonlyMap<string, SensorStatus>;
  /** What the rules read: the answers for the values now in the form. */
  context: AvailabilityContext;
  /** Asks for any answer still missing for the form's current values (a save waits for this). */
  settle: (values: DeviceFormValues) => Promise<AvailabilityContext>;
}

const sharesSerial = (check: SerialCheck | undefined) =>
  Boolean(check && !check.available && !check.forbidden);

/** The distinct sensor ids of the monitored rows, trimmed, first spelling kept. */
function sensorIdsOf(params: readonly DeviceFormValues['params'][number][]): string[] {
  const seen = new Map<string, string>();
  for (const row of params) {
    const id = row.sensorId.trim();
    if (row.enabled && id && !seen.has(id.toLowerCase())) seen.set(id.toLowerCase(), id);
  }
  return [...seen.values()];
}

/**
 * The serial-number and sensor-id availability checks of the device form
 * (spec §4): asked as the user types, after a 300 ms pause, each new question
 * cancelling the one before it (react-query aborts a query's request once no
 * one waits for it). Sensor ids are asked about only when another device
 * shares the serial number: otherwise every sensor id is free.
 */
export function useAvailabilityChecks(control: Control<DeviceFormValues>, deviceId: number | null) {
  const queryClient = useQueryClient();
  const tenantId = useWatch({ control, name: 'tenantId' });
  const serialNumber = useWatch({ control, name: 'serialNumber' }).trim();
  const params = useWatch({ control, name: 'params' });
  const [debouncedSerial] = useDebouncedValue(serialNumber, MULTISELECT_DEBOUNCE_MS);

  const serialOptions = useCallback(
    (tenant: number, serial: string) => ({
      queryKey: deviceKeys.serialCheck(tenant, deviceId, serial),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        checkSerialNumber({ serialNumber: serial, tenantId: tenant, deviceId }, signal),
      staleTime: CHECK_FRESH_MS,
      retry: false,
    }),
    [deviceId],
  );
  const sensorOptions = useCallback(
    (tenant: number, serial: string, sensorId: string) => ({
      queryKey: deviceKeys.sensorCheck(tenant, deviceId, serial, sensorId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        checkSensorId({ serialNumber: serial, sensorId, tenantId: tenant, deviceId }, signal),
      staleTime: CHECK_FRESH_MS,
      retry: false,
    }),
    [deviceId],
  );

  const serialQuery = useQuery({
    ...serialOptions(tenantId ?? 0, debouncedSerial),
    enabled: tenantId !== null && debouncedSerial !== '',
  });
  const isSerialCurrent = debouncedSerial === serialNumber;
  const serialCheck = isSerialCurrent ? serialQuery.data : undefined;
  const isShared = sharesSerial(serialCheck);

  const sensorIds = sensorIdsOf(params);
  const [debouncedIds] = useDebouncedValue(sensorIds.join('\n'), MULTISELECT_DEBOUNCE_MS);
  const askedIds = useMemo(() => (debouncedIds ? debouncedIds.split('\n') : []), [debouncedIds]);
  const sensorQueries = useQueries({
    queries: askedIds.map((sensorId) => ({
      ...sensorOptions(tenantId ?? 0, serialNumber, sensorId),
      enabled: tenantId !== null && isShared,
    })),
  });

  const statusKey = askedIds
    .map((sensorId, index) => {
      const query = sensorQueries[index];
      const status: SensorStatus =
        !isShared || !query
          ? undefined
          : query.data === undefined
            ? query.isFetching
              ? 'checking'
              : undefined
            : query.data
              ? 'free'
              : 'taken';
      return `${sensorId.toLowerCase()}\t${status ?? ''}`;
    })
    .join('\n');
  // One map while the answers stay the same, so the rows are not drawn again for nothing.
  const sensorStatuses = useMemo(() => {
    const statuses = new Map<string, SensorStatus>();
    for (const line of statusKey ? statusKey.split('\n') : []) {
      const [key = '', status = ''] = line.split('\t');
      if (status) statuses.set(key, status as Exclude<SensorStatus, undefined>);
    }
    return statuses;
  }, [statusKey]);
  const takenKey = [...sensorStatuses.entries()]
    .filter(([, status]) => status === 'taken')
    .map(([key]) => key)
    .join('\n');

  const context = useMemo<AvailabilityContext>(
    () => ({
      serialShared: isShared,
      serialForbidden: Boolean(serialCheck?.forbidden),
      takenSensorIds: new Set(takenKey ? takenKey.split('\n') : []),
    }),
    [isShared, serialCheck?.forbidden, takenKey],
  );

  const serialStatus: SerialStatus =
    serialNumber === '' || tenantId === null
      ? 'idle'
      : !isSerialCurrent || serialQuery.isFetching
        ? 'checking'
        : serialQuery.isError
          ? 'error'
          : !serialCheck
            ? 'idle'
            : serialCheck.forbidden
              ? 'forbidden'
              : serialCheck.available
                ? 'free'
                : 'shared';

  const settle = useCallback(
    async (values: DeviceFormValues): Promise<AvailabilityContext> => {
      const serial = values.serialNumber.trim();
      if (values.tenantId === null || serial === '') {
        return { serialShared: false, serialForbidden: false, takenSensorIds: new Set() };
      }
      const tenant = values.tenantId;
      const check = await queryClient.fetchQuery(serialOptions(tenant, serial));
      const taken = new Set<string>();
      if (sharesSerial(check)) {
        const ids = sensorIdsOf(values.params);
        const free = await Promise.all(
          ids.map((sensorId) => queryClient.fetchQuery(sensorOptions(tenant, serial, sensorId))),
        );
        ids.forEach((sensorId, index) => {
          if (!free[index]) taken.add(sensorId.toLowerCase());
        });
      }
      return { serialShared: sharesSerial(check), serialForbidden: check.forbidden, takenSensorIds: taken };
    },
    [queryClient, serialOptions, sensorOptions],
  );

  return { serialStatus, sensorStatuses, context, settle } satisfies AvailabilityChecks;
}
