import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, PUSH_SLOT_MS, slotStart, slotStartOf, type Board } from '@vayu/domain';
import { startBoardStandIn, type BoardStandIn } from '../../board-stand-in/stand-in.js';
import { jobs, regulatorPushAttempts, regulatorPushes, regulatorTenants } from '../../db/schema/index.js';
import { createSecrets } from '../../lib/secrets.js';
import { closeAfterFile, startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { insertReadings } from '../telemetry/ingest.service.js';
import { rollUpAll } from '../telemetry/rollup.js';
import { pushDue, type PushDeps } from './push.js';
import { queueDuePushes } from './push-jobs.js';
import { createBoard, mappedIndustry } from './regulators.test-support.js';
import { createRegulatorsService } from './regulators.service.js';

const SECRETS_KEY = randomBytes(32).toString('hex');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;
let board: Board;
let standIn: BoardStandIn;
/** The clock of the push and the stand-in alike: moved by the tests, never waited for. */
let clock = new Date();
let deps: PushDeps;

beforeAll(async () => {
  t = await startTestApp({ secretsKey: SECRETS_KEY, jobConcurrency: 0 });
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  standIn = await startBoardStandIn({ registry: { industries: [] }, now: () => clock });
  closeAfterFile(() => standIn.close());
  ({ board } = await createBoard(t, site.call, standIn.url));
  deps = { db: t.db, secrets: createSecrets({ secretsKey: SECRETS_KEY, dataDir: undefined as never }) };
});

/** An industry mapped to the board and registered at the stand-in, pushing from `from`. */
async function industryPushingFrom(from: Date) {
  const setup = await mappedIndustry(t, site.call, board);
  standIn.register(setup.registry);
  await t.db
    .update(regulatorTenants)
    .set({ nextSlot: from })
    .where(eq(regulatorTenants.id, setup.mapping.id));
  return setup;
}

/** Readings every 5 minutes over `[from, to)`, value `valueOf(slot index)` + 0, 1, 2 in the slot, rolled up. */
async function readings(
  setup: Awaited<ReturnType<typeof industryPushingFrom>>,
  from: Date,
  to: Date,
  valueOf: (slotIndex: number) => number,
) {
  const rows = [];
  for (let ms = from.getTime(); ms < to.getTime(); ms += 5 * 60 * 1000) {
    const slotIndex = Math.floor((ms - from.getTime()) / PUSH_SLOT_MS);
    const offset = ((ms - from.getTime()) % PUSH_SLOT_MS) / (5 * 60 * 1000);
    const value = valueOf(slotIndex) + offset;
    rows.push({
      index: rows.length,
      tenantId: setup.tenant.id,
      deviceId: setup.device.id,
      parameterId: setup.parameter.id,
      ms,
      value,
      unit: 'mg/Nm3',
      valueStd: value,
      provenance: 'measured' as const,
    });
  }
  await insertReadings(t.database, rows, { source: 'edge', tokenId: null });
  await rollUpAll(t.db);
}

const receivedFor = (setup: { mapped: { spcbDeviceId: string } }) =>
  standIn.received.filter((push) => push.deviceId === setup.mapped.spcbDeviceId);

const ledger = (regulatorTenantId: number) =>
  t.db
    .select()
    .from(regulatorPushes)
    .where(eq(regulatorPushes.regulatorTenantId, regulatorTenantId))
    .orderBy(asc(regulatorPushes.slot));

/** Runs the push until it has nothing more to send now (or says why not). */
async function pushUntilSettled(regulatorTenantId: number) {
  for (let run = 0; run < 20; run++) {
    const result = await pushDue(deps, regulatorTenantId, clock, 50);
    if (result.status !== 'more') return result;
  }
  throw new Error('The push did not settle in 20 runs');
}

describe('the push to a board', () => {
  it('sends each ended slot once, signed, in the board’s ids and units, with the slot’s mean', async () => {
    const start = slotStartOf(Date.now() - 2 * DAY);
    const setup = await industryPushingFrom(start);
    await readings(setup, start, new Date(start.getTime() + 3 * PUSH_SLOT_MS), (i) => 40 + i * 10);
    clock = new Date(start.getTime() + 3 * PUSH_SLOT_MS + 6 * 60 * 1000);

    const result = await pushUntilSettled(setup.mapping.id);
    expect(result).toMatchObject({ status: 'done', sent: 3 });
    const received = receivedFor(setup);
    expect(received.map((push) => push.timestamp)).toEqual(
      [0, 1, 2].map((i) => start.getTime() + i * PUSH_SLOT_MS),
    );
    expect(received[0]).toMatchObject({
      stationId: setup.station.spcbEntityId,
      deviceId: setup.mapped.spcbDeviceId,
      params: [
        {
          parameter: setup.boardParameter.spcbParameterId,
          unit: setup.boardUnit.spcbUnit,
          value: 41,
          flag: 'U',
        },
      ],
    });
    expect(received.map((push) => push.params[0]!.value)).toEqual([41, 51, 61]);
    // Every request passed the stand-in's signature check: no 401 among its answers.
    expect(
      standIn.attempts.filter((a) => a.deviceId === setup.mapped.spcbDeviceId).map((a) => a.status),
    ).toEqual([1, 1, 1]);

    // Again at the same time, and later with nothing new: nothing is sent twice.
    await pushUntilSettled(setup.mapping.id);
    clock = new Date(clock.getTime() + HOUR);
    await pushUntilSettled(setup.mapping.id);
    expect(receivedFor(setup)).toHaveLength(3);
    const rows = await ledger(setup.mapping.id);
    expect(rows.filter((row) => row.state === 'delivered')).toHaveLength(3);
    expect(rows.filter((row) => row.state === 'no_data').length).toBeGreaterThan(0);

    const [mapping] = await t.db
      .select()
      .from(regulatorTenants)
      .where(eq(regulatorTenants.id, setup.mapping.id));
    expect(mapping).toMatchObject({ syncDataStatus: true, lastError: null });
    const attempts = await site.call({
      method: 'GET',
      url: `/api/regulator/tenants/${setup.mapping.id}/attempts`,
    });
    expect(attempts.statusCode).toBe(200);
    expect(
      (attempts.json() as { items: { outcome: string }[] }).items.slice(0, 3).map((a) => a.outcome),
    ).toEqual(['delivered', 'delivered', 'delivered']);
    const listed = await site.call({ method: 'GET', url: `/api/pcbConfiguration/${board.statId}/tenants` });
    expect(listed.json()).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({ id: setup.mapping.id, keyStatus: 'connected' }),
      ]),
    });
  });

  it('sends every slot of a day the board was down, in order and once each, when it is back', async () => {
    const start = slotStartOf(Date.now() - 3 * DAY);
    const setup = await industryPushingFrom(start);
    await readings(setup, start, new Date(start.getTime() + DAY), (i) => i);

    standIn.setMode({ kind: 'down' });
    for (let hour = 1; hour <= 24; hour += 6) {
      clock = new Date(start.getTime() + hour * HOUR);
      const result = await pushDue(deps, setup.mapping.id, clock, 50);
      expect(result).toMatchObject({ status: 'retry', nextSlot: start });
    }
    expect(receivedFor(setup)).toHaveLength(0);
    const [down] = await t.db
      .select()
      .from(regulatorTenants)
      .where(eq(regulatorTenants.id, setup.mapping.id));
    expect(down!.lastError).toBeTruthy();
    expect(down!.syncDataStatus).toBe(false);

    standIn.setMode({ kind: 'up' });
    clock = new Date(start.getTime() + DAY + 30 * 60 * 1000);
    expect(await pushUntilSettled(setup.mapping.id)).toMatchObject({ status: 'done' });
    const times = receivedFor(setup).map((push) => push.timestamp);
    expect(times).toHaveLength(96);
    expect(times).toEqual(Array.from({ length: 96 }, (_, i) => start.getTime() + i * PUSH_SLOT_MS));
    expect(new Set(times).size).toBe(96);
    // The first slot was tried while the board was down and delivered once it was back.
    const first = await t.db
      .select()
      .from(regulatorPushes)
      .where(and(eq(regulatorPushes.regulatorTenantId, setup.mapping.id), eq(regulatorPushes.slot, start)));
    expect(first[0]).toMatchObject({ state: 'delivered', attempts: 5 });
  });

  it('shows the day’s slots on the compliance timeline: delivered, refused, no data and pending, and the share delivered', async () => {
    // 10:00 in India six days ago: the six slots below fall in one day of the timeline whatever the
    // time the test runs (from 22:30 India time, six slots from now would cross midnight).
    const start = new Date(slotStart(Date.now() - 6 * DAY, 'day') + 10 * HOUR);
    const setup = await industryPushingFrom(start);
    // Four slots with readings, then two without; the board refuses the third slot.
    await readings(setup, start, new Date(start.getTime() + 4 * PUSH_SLOT_MS), (i) => 20 + i);
    clock = new Date(start.getTime() + 2 * PUSH_SLOT_MS + 6 * 60 * 1000);
    await pushUntilSettled(setup.mapping.id);
    standIn.setMode({ kind: 'refuse', status: 119 });
    clock = new Date(start.getTime() + 3 * PUSH_SLOT_MS + 6 * 60 * 1000);
    await pushUntilSettled(setup.mapping.id);
    standIn.setMode({ kind: 'down' });
    clock = new Date(start.getTime() + 6 * PUSH_SLOT_MS + 6 * 60 * 1000);
    expect(await pushUntilSettled(setup.mapping.id)).toMatchObject({ status: 'retry' });
    standIn.setMode({ kind: 'up' });

    const service = createRegulatorsService({ db: t.db, secrets: deps.secrets, clock: () => clock });
    const ctx = { principal: { userType: 'site', accountId: PLATFORM_ACCOUNT_ID } } as never;
    const timeline = await service.timeline(ctx, { regulatorTenantId: setup.mapping.id, days: 2 });
    const day = timeline.days.find((entry) => entry.expected > 0)!;
    // Six slots have ended: two delivered, one refused, the fourth tried while the board was down, two not reached.
    expect(day).toMatchObject({ expected: 6, delivered: 2, refused: 1, noData: 0, expired: 0, pending: 3 });
    expect(day.deliveredShare).toBeCloseTo(2 / 6, 3);
    expect(timeline.slots.slice(0, 4).map((slot) => [slot.state, slot.boardCode])).toEqual([
      ['delivered', null],
      ['delivered', null],
      ['refused', '119'],
      ['pending', null],
    ]);
    expect(timeline.slots).toHaveLength(6);

    // Over HTTP as well, for the site's people and the board's own.
    const answer = await site.call({
      method: 'GET',
      url: `/api/getSPCBComplianceTimeline?regulatorTenantId=${setup.mapping.id}&days=7`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { days: unknown[] }).days).toHaveLength(7);
    const officer = await clientFor(t, board.statutoryId, 'user');
    expect(
      (
        await officer.call({
          method: 'GET',
          url: `/api/getSPCBComplianceTimeline?regulatorTenantId=${setup.mapping.id}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('records each of the board’s refusals against its slot and does not try that slot again', async () => {
    const codes = [110, 111, 112, 116, 117, 118, 119, 120, 121];
    const start = slotStartOf(Date.now() - 4 * DAY);
    const setup = await industryPushingFrom(start);
    await readings(setup, start, new Date(start.getTime() + codes.length * PUSH_SLOT_MS), () => 12);
    for (const [index, code] of codes.entries()) {
      standIn.setMode({ kind: 'refuse', status: code });
      clock = new Date(start.getTime() + (index + 1) * PUSH_SLOT_MS + 6 * 60 * 1000);
      expect(await pushDue(deps, setup.mapping.id, clock, 50)).toMatchObject({ status: 'done', sent: 1 });
    }
    standIn.setMode({ kind: 'up' });
    clock = new Date(clock.getTime() + HOUR);
    await pushUntilSettled(setup.mapping.id);

    const rows = (await ledger(setup.mapping.id)).slice(0, codes.length);
    expect(rows.map((row) => [row.state, row.boardCode, row.attempts])).toEqual(
      codes.map((code) => ['refused', String(code), 1]),
    );
    const attempts = await t.db
      .select()
      .from(regulatorPushAttempts)
      .where(eq(regulatorPushAttempts.regulatorTenantId, setup.mapping.id));
    expect(attempts).toHaveLength(codes.length);
    expect(receivedFor(setup)).toHaveLength(0);
  });

  it('refuses a unit the board did not register (110) for real, and goes on with the next slot', async () => {
    const start = slotStartOf(Date.now() - 5 * DAY);
    const setup = await industryPushingFrom(start);
    // The board has the device with another unit for the parameter.
    standIn.register({
      ...setup.registry,
      devices: setup.registry.devices.map((device) => ({
        ...device,
        parameters: device.parameters.map((parameter) => ({ ...parameter, unit: 'ppm' })),
      })),
    });
    await readings(setup, start, new Date(start.getTime() + 2 * PUSH_SLOT_MS), () => 30);
    clock = new Date(start.getTime() + 2 * PUSH_SLOT_MS + 6 * 60 * 1000);
    expect(await pushDue(deps, setup.mapping.id, clock, 50)).toMatchObject({ status: 'done', sent: 2 });
    const rows = await ledger(setup.mapping.id);
    expect(rows.map((row) => [row.state, row.boardCode])).toEqual([
      ['refused', '110'],
      ['refused', '110'],
    ]);
  });

  it('never sends a slot older than seven days: the push starts from the oldest slot a board takes', async () => {
    const setup = await industryPushingFrom(slotStartOf(Date.now() - 9 * DAY));
    clock = new Date();
    const result = await pushDue(deps, setup.mapping.id, clock, 5);
    expect(result.status === 'more' || result.status === 'done').toBe(true);
    const [row] = await t.db.select().from(regulatorTenants).where(eq(regulatorTenants.id, setup.mapping.id));
    expect(row!.nextSlot.getTime()).toBeGreaterThan(Date.now() - 7 * DAY);
    expect(receivedFor(setup)).toHaveLength(0);
  });

  it('does not push with keys it cannot read (another SECRETS_KEY), and says why on the industry', async () => {
    const setup = await industryPushingFrom(slotStartOf(Date.now() - HOUR));
    const otherKey = randomBytes(32).toString('hex');
    const wrong = { db: t.db, secrets: createSecrets({ secretsKey: otherKey, dataDir: undefined as never }) };
    clock = new Date();
    expect(await pushDue(wrong, setup.mapping.id, clock)).toMatchObject({ status: 'idle' });
    const [row] = await t.db.select().from(regulatorTenants).where(eq(regulatorTenants.id, setup.mapping.id));
    expect(row!.lastError).toMatch(/SECRETS_KEY/);
    expect(row!.leaseUntil).toBeNull();
    expect(receivedFor(setup)).toHaveLength(0);
  });

  it('queues one push job for each industry with a slot due, however often the schedule runs', async () => {
    const setup = await industryPushingFrom(slotStartOf(Date.now() - HOUR));
    expect(await queueDuePushes(t.db, new Date())).toBeGreaterThan(0);
    await queueDuePushes(t.db, new Date());
    const queued = await t.db
      .select({ payload: jobs.payload, state: jobs.state })
      .from(jobs)
      .where(
        and(eq(jobs.queue, 'regulator.push'), eq(jobs.singletonKey, `regulator.push:${setup.mapping.id}`)),
      );
    expect(queued).toEqual([{ payload: { regulatorTenantId: setup.mapping.id }, state: 'queued' }]);

    // A try that failed waits out its backoff; fixing the board's server wakes it at once.
    const later = new Date(Date.now() + 10 * 60 * 1000);
    await t.db
      .update(jobs)
      .set({ runAt: later })
      .where(eq(jobs.singletonKey, `regulator.push:${setup.mapping.id}`));
    const current = (
      await site.call({ method: 'GET', url: `/api/pcbConfiguration/${board.statId}` })
    ).json() as Board;
    const edited = await site.call({
      method: 'PUT',
      url: `/api/pcbConfiguration/${board.statId}`,
      payload: {
        name: current.name,
        statutoryId: current.statutoryId,
        stateCode: current.stateCode,
        config: current.config,
        version: current.version,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [woken] = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.singletonKey, `regulator.push:${setup.mapping.id}`));
    expect(woken!.runAt.getTime()).toBeLessThan(later.getTime() - 60_000);
  });
});
