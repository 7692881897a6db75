import { buildEndpointPath, IST_OFFSET_MS, telemetryEndpoints } from '@vayu/domain';
import { ApiError, buildApiUrl, buildRequestHeaders, readErrorEnvelope } from '../../app/api-client';

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
  const path = buildEndpointPath(telemetryEndpoints.downloadDeviceLog.path, { id: deviceId });
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path.slice('/api'.length), interval), {
      headers: buildRequestHeaders(),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not the API's envelope: treated by its status below.
    }
    const envelope = readErrorEnvelope(body);
    throw new ApiError(
      response.status,
      envelope?.code === 'LOGS_NOT_FOUND' ? 'LOGS_NOT_FOUND' : 'HTTP_ERROR',
      envelope?.message ?? response.statusText,
      envelope?.details ?? [],
    );
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `device-${deviceId}.log`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
