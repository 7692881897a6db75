import { DEVICE_MESSAGES, devicesEndpoints, serialNeedsNoSensorIds, type SerialCheck } from '@vayu/domain';
import { callEndpoint, isApiError } from '../../../app/api-client';

export interface SerialCheckInput {
  serialNumber: string;
  tenantId: number;
  /** The device being edited: its own serial number does not count. */
  deviceId: number | null;
}

/**
 * What the server says of a serial number (`POST /api/checkSNoAvailability`).
 * A 409 SERIAL_NUMBER_TAKEN is a normal answer: another device has it. Its
 * params say whether the number is forbidden (another industry's device) and
 * whether sensor ids are needed; without them, a FIELD_TAKEN detail on
 * `newSNo` marks it forbidden, and sensor ids are needed unless it has `#`.
 */
export async function checkSerialNumber(input: SerialCheckInput, signal?: AbortSignal): Promise<SerialCheck> {
  try {
    return await callEndpoint(devicesEndpoints.checkSerialNumber, {
      body: { newSNo: input.serialNumber, tenantId: input.tenantId, deviceId: input.deviceId },
      signal,
    });
  } catch (error) {
    if (!isApiError(error) || error.code !== 'SERIAL_NUMBER_TAKEN') throw error;
    const forbidden =
      typeof error.params.forbidden === 'boolean'
        ? error.params.forbidden
        : error.details.some(
            (detail) =>
              detail.path.replace(/^body\./, '') === 'newSNo' &&
              detail.code === 'FIELD_TAKEN' &&
              detail.message === DEVICE_MESSAGES.serialForbidden,
          );
    const sensorIdRequired =
      typeof error.params.sensorIdRequired === 'boolean'
        ? error.params.sensorIdRequired
        : !forbidden && !serialNeedsNoSensorIds(input.serialNumber);
    return { available: false, forbidden, sensorIdRequired };
  }
}

export interface SensorCheckInput extends SerialCheckInput {
  sensorId: string;
}

/** Whether a sensor id is free among the devices with the serial number (`POST /api/checkSIdAvailability`). */
export async function checkSensorId(input: SensorCheckInput, signal?: AbortSignal): Promise<boolean> {
  const answer = await callEndpoint(devicesEndpoints.checkSensorId, {
    body: {
      serialNo: input.serialNumber,
      sensorId: input.sensorId,
      tenantId: input.tenantId,
      deviceId: input.deviceId,
    },
    signal,
  });
  return answer.available;
}
