import { buildEndpointPath, IST_OFFSET_MS, telemetryEndpoints } from '@vayu/domain';
import { fetchFile, saveFile } from '../../app/file-download';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in India (`YYYY-MM-DD`), `daysBack` days ago. */
export function istDay(now: number, daysBack = 0): string {
  return new Date(now + IST_OFFSET_MS - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/** The interval of whole India days from `fromDay` to `toDay` inclusive, as the API takes it. */
export function logInterval(fromDay: string, toDay: string): { from: string; to: string } {
  const end = new Date(Date.parse(`${toDay}T00:00:00+05:30`) + DAY_MS);
  return {
    from: `${fromDay}T00:00:00+05:30`,
    to: `${new Date(end.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)}T00:00:00+05:30`,
  };
}

/**
 * Downloads a device's log file (`GET /api/devices/{id}/logs`) and saves it
 * under the name the server gives. Rejects with an ApiError: `LOGS_NOT_FOUND`
 * when the interval holds nothing.
 */
export async function downloadDeviceLog(deviceId: number, interval: { from: string; to: string }) {
  const file = await fetchFile(
    buildEndpointPath(telemetryEndpoints.downloadDeviceLog.path, { id: deviceId }),
    {
      query: interval,
      accept: 'text/plain',
      type: 'text/plain;charset=utf-8',
      fallbackName: `device-${deviceId}.log`,
    },
  );
  saveFile(file.blob, file.fileName);
  return file.fileName;
}
