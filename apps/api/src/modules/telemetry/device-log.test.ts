import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LOG_MESSAGES, PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { ingestRefusals, readings } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { telemetryFactories } from '../../test/telemetry-factories.js';
import { clientFor } from '../accounts/partners.test-support.js';

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

async function industryWithDevice(partnerId?: number) {
  const tenant = await factories(t.db).tenant(partnerId ? { partnerId } : {});
  const { device, parameter } = await deviceFactories(t.db).device(tenant.id);
  const edge = await telemetryFactories(t.db).edgeKey(tenant.id);
  return { tenant, device, parameter, edge };
}

const ingest = (token: string, list: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: { authorization: `Bearer ${token}` },
    payload: { readings: list },
  });

const logOf = (
  call: (typeof site)['call'],
  deviceId: number | string,
  from = new Date(Date.now() - 60 * MINUTE),
  to = new Date(Date.now() + MINUTE),
) =>
  call({
    method: 'GET',
    url: `/api/devices/${deviceId}/logs?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
  });

describe('GET /api/devices/{id}/logs', () => {
  it('lists the readings received with their sender and the readings refused with the reason and what was sent', async () => {
    const plant = await industryWithDevice();
    const other = await industryWithDevice();
    const time = new Date(Date.now() - 20 * MINUTE).toISOString();
    const later = new Date(Date.now() - 19 * MINUTE).toISOString();
    const answer = await ingest(plant.edge.token, [
      { deviceId: plant.device.id, parameter: plant.parameter.paramKey, time, value: 41.5, unit: 'mg/Nm3' },
      {
        deviceId: plant.device.id,
        parameter: plant.parameter.paramKey,
        time: later,
        value: 42,
        unit: 'mg/Nm3',
      },
      { deviceId: plant.device.id, parameter: plant.parameter.paramKey, time, value: 40, unit: 'furlongs' },
      // Another industry's device: refused, and never written into that device's log.
      { deviceId: other.device.id, parameter: other.parameter.paramKey, time, value: 1, unit: 'mg/Nm3' },
    ]);
    expect(answer.json()).toMatchObject({ accepted: 2, refused: 2 });

    const log = await logOf(site.call, plant.device.id);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(log.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="device-${plant.device.id}-log-\\d{4}-\\d{2}-\\d{2}\\.log"`),
    );
    const lines = log.body.split('\n').filter((line) => !line.startsWith('#'));
    const received = lines.filter((line) => line.includes('RECEIVED'));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('2 readings of 1 parameter, measured');
    expect(received[0]).toContain(`from edge client ${plant.edge.client.email} (key …`);
    const refused = lines.filter((line) => line.includes('REFUSED'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('UNIT_NOT_ALLOWED');
    expect(refused[0]).toContain('"unit":"furlongs"');

    // The refusal naming the other industry's device is kept for the sender's industry, without that device.
    const kept = await t.db
      .select()
      .from(ingestRefusals)
      .where(eq(ingestRefusals.tokenId, plant.edge.tokenId));
    expect(kept.map((row) => [row.code, row.deviceId, row.tenantId]).sort()).toEqual(
      [
        ['DEVICE_NOT_IN_TENANT', null, plant.tenant.id],
        ['UNIT_NOT_ALLOWED', plant.device.id, plant.tenant.id],
      ].sort(),
    );
    const otherLog = await logOf(site.call, other.device.id);
    expect(otherLog.statusCode).toBe(404);
    expect(otherLog.json()).toMatchObject({
      error: { code: 'LOGS_NOT_FOUND', message: DEVICE_LOG_MESSAGES.notFound },
    });
  });

  it('marks a silence of half an hour or more between arrivals', async () => {
    const plant = await industryWithDevice();
    const base = Date.now() - 5 * 60 * MINUTE;
    for (const [offset, value] of [
      [0, 10],
      [MINUTE, 11],
      [95 * MINUTE, 12],
    ] as const) {
      await t.db.insert(readings).values({
        tenantId: plant.tenant.id,
        deviceId: plant.device.id,
        parameterId: plant.parameter.id,
        ts: new Date(base + offset),
        value,
        unit: 'mg/Nm3',
        valueStd: value,
        source: 'edge',
        tokenId: plant.edge.tokenId,
        receivedAt: new Date(base + offset + 5_000),
      });
    }
    const log = await logOf(
      site.call,
      plant.device.id,
      new Date(base - MINUTE),
      new Date(base + 2 * 60 * MINUTE),
    );
    expect(log.statusCode, log.body).toBe(200);
    const kinds = log.body
      .split('\n')
      .filter((line) => !line.startsWith('#') && line.length > 0)
      .map((line) => /\s(RECEIVED|SILENT|REFUSED)\s/.exec(line)?.[1]);
    expect(kinds).toEqual(['RECEIVED', 'RECEIVED', 'SILENT', 'RECEIVED']);
    expect(log.body).toContain('nothing received for 94 minutes');
  });

  it('answers LOGS_NOT_FOUND for an empty interval, 400 on a bad interval, and 404 for a device the caller cannot see', async () => {
    const partner = await factories(t.db).partner();
    const plant = await industryWithDevice();
    const empty = await logOf(site.call, plant.device.id);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().error.code).toBe('LOGS_NOT_FOUND');

    const tooLong = await logOf(
      site.call,
      plant.device.id,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details).toEqual([
      expect.objectContaining({ path: 'querystring.to', message: DEVICE_LOG_MESSAGES.tooLong }),
    ]);
    const backwards = await logOf(
      site.call,
      plant.device.id,
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(backwards.json().error.details[0].message).toBe(DEVICE_LOG_MESSAGES.toBeforeFrom);
    const far = await site.call({
      method: 'GET',
      url: `/api/devices/${plant.device.id}/logs?from=9999-01-01T00:00:00Z&to=9999-01-02T00:00:00Z`,
    });
    expect(far.statusCode).toBe(400);
    const missing = await site.call({ method: 'GET', url: `/api/devices/${plant.device.id}/logs` });
    expect(missing.statusCode).toBe(400);
    const huge = await logOf(site.call, '99999999999999999999');
    expect(huge.statusCode).toBe(404);

    const stranger = await clientFor(t, partner.id, 'admin');
    const hidden = await logOf(stranger.call, plant.device.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/devices/${plant.device.id}/logs` });
    expect(signedOut.statusCode).toBe(401);
  });
});
