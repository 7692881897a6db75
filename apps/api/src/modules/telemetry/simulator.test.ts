import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type DeviceReadings } from '@vayu/domain';
import { auditLogs, dataTokens, edgeClients, readings } from '../../db/schema/index.js';
import { seedDemoReadings } from '../../seed/readings.js';
import { ConsoleClient, findSendersThroughApi } from '../../simulate.js';
import { demoPlants } from '../../test/demo-plant.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { isGap, SLOT_MS } from './simulation.js';
import { createSimulator, startSimulator, type SentReading, type SimulatorLog } from './simulator.js';
import { prepareDemoSenders } from './simulator-senders.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestContext;
let baseUrl: string;
let plants: ReturnType<typeof demoPlants>;
let site: Awaited<ReturnType<typeof clientFor>>;
const warnings: string[] = [];
const log: SimulatorLog = {
  info: () => undefined,
  debug: () => undefined,
  warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`),
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  plants = demoPlants(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

/**
 * A clock for the simulator: a recent past time at which the device sends
 * (not in one of its gaps), 2½ minutes into its slot, so that the test stays
 * in the slot and never sends a time ahead of the server's clock.
 */
function clockAt(deviceId: number) {
  const into = 150_000;
  let ms = Math.floor((Date.now() - into) / SLOT_MS) * SLOT_MS;
  while (isGap(deviceId, ms)) ms -= SLOT_MS;
  const start = ms + into;
  const began = Date.now();
  return () => start + (Date.now() - began);
}

const storedOf = (deviceId: number, after = new Date(0)) =>
  t.db
    .select()
    .from(readings)
    .where(and(eq(readings.deviceId, deviceId), gt(readings.ts, after)))
    .orderBy(asc(readings.ts));

async function latestOf(deviceId: number) {
  const response = await site.call({ method: 'GET', url: `/api/devices/${deviceId}/readings` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DeviceReadings;
}

function ingestWith(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      readings: [{ deviceId: 1, parameter: 'so2', time: new Date().toISOString(), value: 1, unit: 'ppm' }],
    },
  });
}

describe('the readings simulator', () => {
  it('issues each demo industry a key, fills the gap since its last readings, then sends live ones through /api/ingest', async () => {
    const plant = await plants.plant();
    const silent = await plants.plant({ name: 'Godavari Fertilizers and Chemicals' });
    // The console was stopped three hours ago: its history ends there.
    const stoppedAt = Date.now() - 3 * HOUR;
    await seedDemoReadings(t.db, stoppedAt);
    const before = await storedOf(plant.device.id);
    const lastBefore = before.at(-1)!.ts;

    const senders = await prepareDemoSenders(t.database, log);
    const sender = senders.find((s) => s.industry === plant.tenant.name)!;
    expect(sender.token).toMatch(/^vek_/);
    expect(senders.some((s) => s.industry === silent.tenant.name)).toBe(false);
    const [client] = await t.db
      .select()
      .from(edgeClients)
      .where(eq(edgeClients.email, plant.tenant.contactEmail!.replace('ehs@', 'simulator@')));
    expect(client).toMatchObject({ tenantId: plant.tenant.id, keyUsed: 1, status: 'ENABLED' });
    const trail = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.tenantId, plant.tenant.id))
      .orderBy(asc(auditLogs.id));
    expect(trail.map((row) => [row.entity, row.action, row.actorUserName])).toEqual([
      ['edge_client', 'CREATE', 'Demo readings simulator'],
      ['data_token', 'TOKEN_ISSUED', 'Demo readings simulator'],
    ]);

    const sent: SentReading[] = [];
    const now = clockAt(plant.device.id);
    const simulator = createSimulator({
      baseUrl,
      senders: [sender],
      log,
      now,
      onSent: (_, batch) => sent.push(...batch),
    });
    const filled = await simulator.fill();
    expect(filled.failed).toBe(0);
    expect(filled.refused).toBe(0);
    const gapFilled = await storedOf(plant.device.id, lastBefore);
    expect(gapFilled.length).toBe(filled.accepted);
    // Every slot of the three hours in which the device sends (its gaps and outages of the day
    // left out) is filled, and nothing else.
    const filledSlots = new Set(gapFilled.map((row) => row.ts.getTime()));
    for (let ms = lastBefore.getTime() + SLOT_MS; ms < now() - SLOT_MS; ms += SLOT_MS) {
      expect(filledSlots.has(ms), new Date(ms).toISOString()).toBe(!isGap(plant.device.id, ms));
    }
    expect([...filledSlots].filter((ms) => isGap(plant.device.id, ms))).toEqual([]);
    expect(filledSlots.size).toBeGreaterThan(0);
    for (const row of gapFilled) {
      // 15-minute values, sent with the simulator's key.
      expect(row.ts.getTime() % SLOT_MS).toBe(lastBefore.getTime() % SLOT_MS);
      expect(row).toMatchObject({ source: 'edge', tenantId: plant.tenant.id });
      expect(row.tokenId).not.toBeNull();
    }

    // The fill sent the slot's value; the round sends each minute since (two values a minute).
    const round = await simulator.round();
    expect(round).toMatchObject({ sent: 4, accepted: 4, refused: 0, failed: 0 });
    const newest = sent.at(-1)!;
    expect(Date.parse(newest.time)).toBeLessThanOrEqual(now());
    expect(Date.parse(newest.time)).toBeGreaterThan(now() - MINUTE);
    const latest = await latestOf(plant.device.id);
    expect(latest.freshness).toBe('LIVE');
    expect(latest.lastDataAt).toBe(newest.time);
    const so2 = latest.parameters.find((p) => p.key === plant.so2.paramKey)!;
    expect(so2).toMatchObject({ sentUnit: 'ppm', unit: 'mg/Nm3', limit: 100, time: newest.time });
    expect(so2.value).toBeGreaterThan(0);
    expect(warnings).toEqual([]);

    // A round in the same minute sends nothing again.
    expect((await simulator.round()).sent).toBe(0);
  });

  it('replaces the key it issued at the last start, leaving the keys people issued', async () => {
    const plant = await plants.plant();
    const first = (await prepareDemoSenders(t.database, log)).find((s) => s.industry === plant.tenant.name)!;
    expect((await ingestWith(first.token)).statusCode).not.toBe(401);
    const second = (await prepareDemoSenders(t.database, log)).find((s) => s.industry === plant.tenant.name)!;
    expect(second.token).not.toBe(first.token);
    expect((await ingestWith(first.token)).statusCode).toBe(401);
    expect((await ingestWith(second.token)).statusCode).not.toBe(401);
    const [client] = await t.db.select().from(edgeClients).where(eq(edgeClients.tenantId, plant.tenant.id));
    expect(client!.keyUsed).toBe(1);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, plant.tenant.id), eq(auditLogs.entity, 'data_token')))
      .orderBy(asc(auditLogs.id));
    expect(actions.map((a) => a.action)).toEqual(['TOKEN_ISSUED', 'TOKEN_REVOKED', 'TOKEN_ISSUED']);
  });

  it('says once that the API refuses its key, and sends the same readings again next round', async () => {
    const plant = await plants.plant();
    const revoked = (await prepareDemoSenders(t.database, log)).find(
      (s) => s.industry === plant.tenant.name,
    )!;
    await prepareDemoSenders(t.database, log);
    const said: string[] = [];
    const sent: string[][] = [];
    const simulator = createSimulator({
      baseUrl,
      senders: [revoked],
      log: { ...log, warn: (_, message) => said.push(message) },
      now: clockAt(plant.device.id),
      onSent: (_, batch, result) => {
        expect(result).toBeNull();
        sent.push(batch.map((r) => `${r.parameter}@${r.time}`));
      },
    });
    expect(await simulator.round()).toMatchObject({ sent: 2, accepted: 0, failed: 2 });
    expect(await simulator.round()).toMatchObject({ sent: 2, failed: 2 });
    expect(sent[1]).toEqual(sent[0]);
    expect(said).toEqual(['the simulator’s edge key was refused (revoked, or its edge client deleted)']);
    expect(await storedOf(plant.device.id)).toEqual([]);
  });

  it('sends a round every interval until stopped', async () => {
    const plant = await plants.plant();
    const sender = (await prepareDemoSenders(t.database, log)).find((s) => s.industry === plant.tenant.name)!;
    let batches = 0;
    const stop = startSimulator({
      baseUrl,
      senders: [sender],
      intervalMs: 1000,
      log,
      now: clockAt(plant.device.id),
      onSent: () => batches++,
    });
    await waitFor(() => batches >= 3, { timeoutMs: 30_000, what: 'three rounds' });
    await stop();
    const after = batches;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(batches).toBe(after);
    expect((await storedOf(plant.device.id)).length).toBeGreaterThanOrEqual(3 * 2);
  });

  it('npm run simulate: signs in, finds the demo devices and issues keys through the API, then sends', async () => {
    const plant = await plants.plant();
    const serverSender = (await prepareDemoSenders(t.database, log)).find(
      (s) => s.industry === plant.tenant.name,
    )!;
    const client = new ConsoleClient(baseUrl);
    await client.signIn(site.user.email, site.user.password);
    const senders = await findSendersThroughApi(client, log);
    const sender = senders.find((s) => s.industry === plant.tenant.name)!;
    expect(sender.devices).toEqual([
      expect.objectContaining({
        deviceId: plant.device.id,
        point: 'Boiler Stack',
        params: [
          expect.objectContaining({ key: plant.so2.paramKey, unit: 'ppm', limit: 100, mtype: 'stack' }),
          expect.objectContaining({ key: plant.o2.paramKey, unit: '%', toStandard: 1 }),
        ],
      }),
    ]);
    expect(sender.devices[0]!.params[0]!.toStandard).toBeCloseTo(64.07 / 22.41, 6);
    expect(senders.some((s) => s.industry === 'Godavari Fertilizers and Chemicals')).toBe(false);

    const round = await createSimulator({
      baseUrl,
      senders: [sender],
      log,
      now: clockAt(plant.device.id),
    }).round();
    expect(round).toMatchObject({ sent: 2, accepted: 2, failed: 0 });
    expect((await latestOf(plant.device.id)).freshness).toBe('LIVE');

    // A second run replaces its own key; the console's own simulator keeps sending.
    await findSendersThroughApi(client, log);
    const [edgeClient] = await t.db
      .select()
      .from(edgeClients)
      .where(eq(edgeClients.tenantId, plant.tenant.id));
    const live = await t.db
      .select({ createdBy: dataTokens.createdBy })
      .from(dataTokens)
      .where(and(eq(dataTokens.edgeClientId, edgeClient!.id), isNull(dataTokens.revokedAt)));
    expect(live.map((k) => k.createdBy).sort()).toEqual([site.user.id, null].sort());
    expect((await ingestWith(serverSender.token)).statusCode).not.toBe(401);
    expect((await ingestWith(sender.token)).statusCode).toBe(401);
    expect(warnings).toEqual([]);
  });
});
