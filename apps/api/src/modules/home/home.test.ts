import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DELAYED_THRESHOLD_MS,
  LIVE_THRESHOLD_MS,
  PLATFORM_ACCOUNT_ID,
  PUSH_SLOT_MS,
  getDataFreshness,
  homeOverviewSchema,
  todayInIndia,
  type HomeOverview,
  type PushSlotState,
  type StoredSubscriptionStatus,
  type UserType,
} from '@vayu/domain';
import type { Principal } from '../../auth/principal.js';
import {
  alerts,
  billingPlans,
  deviceLastData,
  devices,
  monitoringPoints,
  regulatorBoards,
  regulatorDevices,
  regulatorParameters,
  regulatorPushes,
  regulatorStations,
  regulatorTenants,
  regulatorUnits,
  subscriptions,
} from '../../db/schema/index.js';
import { deviceFactories } from '../../test/device-factories.js';
import { factories } from '../../test/factories.js';
import { asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { billingCatalogue } from '../billing/billing.test-support.js';
import { createHomeService } from './home.service.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const unique = () => randomBytes(4).toString('hex');

let t: TestContext;
let make: ReturnType<typeof factories>;
let modelId: number;
let parameterId: number;
let planId: number;

beforeAll(async () => {
  // No background jobs: the alerts job would close the alerts made here, the push would add slots.
  t = await startTestApp({ jobConcurrency: 0 });
  make = factories(t.db);
  const registry = deviceFactories(t.db);
  modelId = (await registry.model()).model.id;
  parameterId = (await registry.parameter()).id;
  await billingCatalogue(t.db);
  const [plan] = await t.db.select().from(billingPlans).where(eq(billingPlans.code, 'T-BASIC'));
  planId = plan!.id;
});

async function clientFor(
  accountId: number,
  role: 'admin' | 'user' = 'admin',
  headers: Record<string, string> = {},
) {
  const user = await make.user(accountId, role);
  return asUser(t.app, await signIn(t.app, user.email, user.password), headers);
}

async function overviewOf(call: Awaited<ReturnType<typeof clientFor>>): Promise<HomeOverview> {
  const response = await call({ method: 'GET', url: '/api/home/overview' });
  expect(response.statusCode, response.body).toBe(200);
  return homeOverviewSchema.parse(response.json());
}

/** A device of the industry at the point, with its newest data `age` ms before `now` (null: it never sent). */
async function deviceAt(
  tenantId: number,
  monitoringPointId: number,
  age: number | null,
  now = Date.now(),
  status: 'ENABLED' | 'DELETED' = 'ENABLED',
) {
  const [device] = await t.db
    .insert(devices)
    .values({
      tenantId,
      monitoringPointId,
      name: `Analyser ${unique()}`,
      serialNumber: `SN-${unique()}`,
      modelId,
      dataUploadMethod: 'MODBUS',
      status,
    })
    .returning();
  if (age !== null) {
    await t.db.insert(deviceLastData).values({ tenantId, deviceId: device!.id, lastTs: new Date(now - age) });
  }
  return device!;
}

/** A monitoring point with one device per age (see `deviceAt`); none: a point without devices. */
async function pointWith(
  tenantId: number,
  ages: (number | null)[],
  options: { now?: number; status?: 'ENABLED' | 'DELETED' } = {},
) {
  const [point] = await t.db
    .insert(monitoringPoints)
    .values({ tenantId, name: `Stack ${unique()}`, entityType: 'stack', status: options.status ?? 'ENABLED' })
    .returning();
  const made = [];
  for (const age of ages) made.push(await deviceAt(tenantId, point!.id, age, options.now));
  return { point: point!, devices: made };
}

async function alertOn(
  device: { id: number; tenantId: number; monitoringPointId: number },
  values: { type?: 'EXCEEDANCE' | 'OFFLINE'; startedAgo: number; endedAgo?: number },
) {
  const type = values.type ?? 'EXCEEDANCE';
  const [row] = await t.db
    .insert(alerts)
    .values({
      type,
      tenantId: device.tenantId,
      deviceId: device.id,
      monitoringPointId: device.monitoringPointId,
      parameterId: type === 'EXCEEDANCE' ? parameterId : null,
      limit: type === 'EXCEEDANCE' ? 100 : null,
      firstValue: type === 'EXCEEDANCE' ? 140 : null,
      startedAt: new Date(Date.now() - values.startedAgo),
      endedAt: values.endedAgo === undefined ? null : new Date(Date.now() - values.endedAgo),
    })
    .returning({ id: alerts.id });
  return row!.id;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A subscription of the industry whose period ends `endsIn` days from today (India). */
async function subscriptionEnding(
  tenantId: number,
  endsIn: number,
  status: StoredSubscriptionStatus = 'ACTIVE',
) {
  const today = todayInIndia();
  await t.db.insert(subscriptions).values({
    tenantId,
    planId,
    status,
    startedOn: addDays(today, endsIn - 365),
    periodStart: addDays(today, endsIn - 365),
    periodEnd: addDays(today, endsIn),
    planPrice: 60_000_00,
    periodMonths: 12,
  });
}

function principalOf(userType: UserType, accountId: number, actingTenantId: number | null = null): Principal {
  return {
    userId: 1,
    userName: 'home@test.example',
    name: 'Home',
    userType,
    role: 'admin',
    accountId,
    accountType: userType,
    partnerId: -1,
    corporateId: null,
    actingTenantId,
    selectedCorporateId: null,
    module: 'enviro',
    sessionId: 1,
  };
}

/** The overview as the service works it out at a fixed time. */
function overviewAt(now: number, principal: Principal) {
  return createHomeService({ db: t.db, clock: () => new Date(now) }).getOverview({
    principal,
    requestId: 'home-test',
    ip: '127.0.0.1',
  });
}

// ── Boards, mapped directly: what the push ledger is read from ─────────────

async function boardOf(stateCode: string) {
  const statutory = await make.board();
  const [board] = await t.db
    .insert(regulatorBoards)
    .values({
      name: `Board ${unique()}`,
      statutoryAccountId: statutory.id,
      stateCode,
      config: { protocol: 'cpcb-v1', baseUrl: null, timeoutMs: 30_000, pushEnabled: true },
    })
    .returning();
  const [unit] = await t.db
    .insert(regulatorUnits)
    .values({ boardId: board!.id, unit: 'mg/Nm3', spcbUnit: 'mg/Nm3' })
    .returning();
  const [parameter] = await t.db
    .insert(regulatorParameters)
    .values({ boardId: board!.id, parameterId, spcbParameterId: `so2-${unique()}` })
    .returning();
  return { statutory, board: board!, unit: unit!, parameter: parameter! };
}

/** Maps the industry's devices to the board; the push begins at `firstSlot`. */
async function mapToBoard(
  b: Awaited<ReturnType<typeof boardOf>>,
  tenantId: number,
  mapped: { id: number; monitoringPointId: number }[],
  firstSlot: number,
) {
  await make.mapToBoard(b.statutory.id, tenantId);
  const [mapping] = await t.db
    .insert(regulatorTenants)
    .values({ boardId: b.board.id, tenantId, spcbTenantId: `IND-${unique()}`, nextSlot: new Date(firstSlot) })
    .returning();
  for (const device of mapped) {
    const [station] = await t.db
      .insert(regulatorStations)
      .values({
        regulatorTenantId: mapping!.id,
        tenantId,
        monitoringPointId: device.monitoringPointId,
        spcbEntityId: `STN-${unique()}`,
      })
      .returning();
    await t.db.insert(regulatorDevices).values({
      regulatorTenantId: mapping!.id,
      tenantId,
      stationId: station!.id,
      deviceId: device.id,
      parameterId,
      unit: 'mg/Nm3',
      regulatorParameterId: b.parameter.id,
      regulatorUnitId: b.unit.id,
      spcbDeviceId: `DEV-${unique()}`,
    });
  }
  return mapping!;
}

/** Ledger rows of consecutive slots from `from`: so many of each state, in the order given. */
async function ledger(
  regulatorTenantId: number,
  deviceId: number,
  from: number,
  counts: Partial<Record<PushSlotState, number>>,
) {
  const states = Object.entries(counts).flatMap(([state, n]) =>
    Array<PushSlotState>(n).fill(state as PushSlotState),
  );
  await t.db.insert(regulatorPushes).values(
    states.map((state, i) => ({
      regulatorTenantId,
      deviceId,
      slot: new Date(from + i * PUSH_SLOT_MS),
      state,
      attempts: state === 'pending' ? 2 : 1,
    })),
  );
}

describe('GET /api/home/overview', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home/overview' });
    expect(response.statusCode).toBe(401);
  });

  it('counts for a partner exactly its own industries, never another partner’s', async () => {
    const partner = await make.partner();
    const rival = await make.partner();
    const plant = await make.tenant({ partnerId: partner.id });
    const idle = await make.tenant({ partnerId: partner.id, status: 'DISABLED' });
    const closed = await make.tenant({ partnerId: partner.id, status: 'DELETED' });
    const rivals = await make.tenant({ partnerId: rival.id });

    const live = await pointWith(plant.id, [1 * HOUR]);
    const delayed = await pointWith(plant.id, [5 * HOUR]);
    const silent = await pointWith(plant.id, [null]);
    await pointWith(plant.id, [1 * HOUR], { status: 'DELETED' });
    await pointWith(idle.id, [10 * HOUR]);
    await pointWith(closed.id, [1 * HOUR]);
    const rivalPoint = await pointWith(rivals.id, [1 * HOUR, 2 * HOUR]);

    await alertOn(live.devices[0]!, { startedAgo: 20 * 60_000 });
    await alertOn(silent.devices[0]!, { type: 'OFFLINE', startedAgo: 9 * HOUR });
    // Ended within the window: counted in the last 24 hours, not open.
    await alertOn(delayed.devices[0]!, { startedAgo: 3 * HOUR, endedAgo: 2 * HOUR });
    // Ended and begun before the window: not counted at all.
    await alertOn(delayed.devices[0]!, { startedAgo: 30 * HOUR, endedAgo: 29 * HOUR });
    await alertOn(rivalPoint.devices[0]!, { startedAgo: 10 * 60_000 });

    await subscriptionEnding(plant.id, 10);
    await subscriptionEnding(idle.id, 40);
    await subscriptionEnding(rivals.id, 5);

    const mine = await overviewOf(await clientFor(partner.id));
    expect(mine.view).toBe('partner');
    expect(mine.accounts.tenants).toEqual({ total: 2, enabled: 1, disabled: 1 });
    expect(mine.industries).toEqual({ total: 2, live: 1, delayed: 0, offline: 1 });
    expect(mine.monitoringPoints).toEqual({ total: 4, live: 1, delayed: 1, offline: 2 });
    expect(mine.alerts.open).toBe(2);
    expect(mine.alerts.openByType).toEqual({ EXCEEDANCE: 1, OFFLINE: 1 });
    expect(mine.alerts.last24h).toBe(3);
    expect(
      mine.alerts.newest.map((alert) => [alert.type, alert.tenantName, alert.monitoringPointName]),
    ).toEqual([
      ['EXCEEDANCE', plant.name, live.point.name],
      ['OFFLINE', plant.name, silent.point.name],
    ]);
    expect(mine.alerts.newest[1]!.parameterLabel).toBeNull();
    expect(mine.subscriptions).toEqual({
      expiring: 1,
      soonest: [
        expect.objectContaining({
          tenantId: plant.id,
          tenantName: plant.name,
          planCode: 'T-BASIC',
          periodEnd: addDays(todayInIndia(), 10),
          daysLeft: 10,
          cancelAtPeriodEnd: false,
        }),
      ],
    });
    expect(mine.plan).toBeNull();
    expect(mine.delivery.mappedIndustries).toBe(0);
    expect(mine.delivery.days).toHaveLength(7);

    const theirs = await overviewOf(await clientFor(rival.id, 'user'));
    expect(theirs.accounts.tenants.total).toBe(1);
    expect(theirs.monitoringPoints).toEqual({ total: 1, live: 1, delayed: 0, offline: 0 });
    expect(theirs.alerts.open).toBe(1);
    expect(theirs.alerts.newest.map((alert) => alert.tenantId)).toEqual([rivals.id]);
    expect(theirs.subscriptions?.soonest.map((s) => [s.tenantId, s.daysLeft])).toEqual([[rivals.id, 5]]);
  });

  it('shows an industry its own points, alerts and plan with the days left', async () => {
    const plant = await make.tenant();
    const neighbour = await make.tenant();
    const stack = await pointWith(plant.id, [2 * HOUR, 9 * HOUR]);
    await pointWith(plant.id, [6 * HOUR]);
    await pointWith(neighbour.id, [1 * HOUR]);
    await alertOn(stack.devices[1]!, { type: 'OFFLINE', startedAgo: 5 * HOUR });
    await subscriptionEnding(plant.id, 12);

    for (const role of ['admin', 'user'] as const) {
      const own = await overviewOf(await clientFor(plant.id, role));
      expect(own.view).toBe('industry');
      // A point is as fresh as its freshest device.
      expect(own.monitoringPoints).toEqual({ total: 2, live: 1, delayed: 1, offline: 0 });
      expect(own.industries).toBeNull();
      expect(own.subscriptions).toBeNull();
      expect(own.alerts.openByType).toEqual({ EXCEEDANCE: 0, OFFLINE: 1 });
      expect(own.plan).toEqual({
        tenantId: plant.id,
        planCode: 'T-BASIC',
        planName: 'Test BASIC',
        status: 'ACTIVE',
        periodEnd: addDays(todayInIndia(), 12),
        daysLeft: 12,
        cancelAtPeriodEnd: false,
      });
    }

    // Without a subscription the plan is there, empty; without points, nothing is counted.
    const other = await overviewOf(await clientFor(neighbour.id));
    expect(other.plan).toMatchObject({
      tenantId: neighbour.id,
      planCode: null,
      status: null,
      daysLeft: null,
    });
    expect(other.monitoringPoints).toEqual({ total: 1, live: 1, delayed: 0, offline: 0 });
    const empty = await overviewOf(await clientFor((await make.tenant()).id));
    expect(empty.monitoringPoints).toEqual({ total: 0, live: 0, delayed: 0, offline: 0 });
    expect(empty.alerts).toEqual({
      open: 0,
      openByType: { EXCEEDANCE: 0, OFFLINE: 0 },
      last24h: 0,
      newest: [],
    });

    // The platform acting for the industry sees the industry's home.
    const acting = await overviewOf(
      await clientFor(PLATFORM_ACCOUNT_ID, 'admin', { 'x-tenant-id': String(plant.id) }),
    );
    expect(acting.view).toBe('industry');
    expect(acting.monitoringPoints.total).toBe(2);
    expect(acting.plan?.daysLeft).toBe(12);
  });

  it('counts every industry for the platform', async () => {
    const site = await clientFor(PLATFORM_ACCOUNT_ID);
    const before = await overviewOf(site);
    expect(before.view).toBe('platform');

    const partner = await make.partner();
    const plant = await make.tenant({ partnerId: partner.id });
    const point = await pointWith(plant.id, [30 * 60_000]);
    await pointWith(plant.id, [null]);
    await alertOn(point.devices[0]!, { startedAgo: 5 * 60_000 });
    await subscriptionEnding(plant.id, 1);
    // Ended yesterday (expired), and one ending after the window: neither is counted.
    await subscriptionEnding((await make.tenant()).id, -1);
    await subscriptionEnding((await make.tenant()).id, 31);
    // An older subscription of an industry is not its current one.
    const renewed = await make.tenant();
    await subscriptionEnding(renewed.id, 3);
    await subscriptionEnding(renewed.id, 200);

    const after = await overviewOf(site);
    expect(after.accounts.partners - before.accounts.partners).toBe(1);
    expect(after.accounts.tenants.total - before.accounts.tenants.total).toBe(4);
    expect(after.industries!.total - before.industries!.total).toBe(4);
    expect(after.industries!.live - before.industries!.live).toBe(1);
    expect(after.monitoringPoints.total - before.monitoringPoints.total).toBe(2);
    expect(after.monitoringPoints.live - before.monitoringPoints.live).toBe(1);
    expect(after.monitoringPoints.offline - before.monitoringPoints.offline).toBe(1);
    expect(after.alerts.open - before.alerts.open).toBe(1);
    expect(after.alerts.newest[0]).toMatchObject({ tenantId: plant.id, deviceName: point.devices[0]!.name });
    expect(after.subscriptions!.expiring - before.subscriptions!.expiring).toBe(1);
    expect(after.subscriptions!.soonest[0]).toMatchObject({ tenantId: plant.id, daysLeft: 1 });
  });

  it('shows a corporate its group’s plants only', async () => {
    const { corporate, account } = await make.corporate();
    const plant = await make.tenant({ corporateId: corporate.id });
    await pointWith(plant.id, [3 * HOUR]);
    await pointWith((await make.tenant()).id, [3 * HOUR]);
    const group = await overviewOf(await clientFor(account.id, 'user'));
    expect(group.view).toBe('corporate');
    expect(group.industries).toEqual({ total: 1, live: 1, delayed: 0, offline: 0 });
    expect(group.monitoringPoints).toEqual({ total: 1, live: 1, delayed: 0, offline: 0 });
    expect(group.subscriptions).toBeNull();
    expect(group.plan).toBeNull();
  });
});

describe('freshness and delivery at a fixed time', () => {
  // 10:07 IST on 10 March 2026: the last slot ready to send is 09:45, so today has 40 slots (00:00–09:45).
  const NOW = Date.parse('2026-03-10T04:37:00Z');
  const TODAY = Date.parse('2026-03-09T18:30:00Z');
  const YESTERDAY = TODAY - DAY;

  it('puts points and industries on the domain’s LIVE / DELAYED / OFFLINE edges', async () => {
    const partner = await make.partner();
    const ages = [
      LIVE_THRESHOLD_MS - 1,
      LIVE_THRESHOLD_MS,
      DELAYED_THRESHOLD_MS,
      DELAYED_THRESHOLD_MS + 1,
      null,
    ];
    for (const age of ages) {
      const plant = await make.tenant({ partnerId: partner.id });
      await pointWith(plant.id, [age], { now: NOW });
    }
    // A deleted device's data does not make its point fresh.
    const other = await make.tenant({ partnerId: partner.id });
    const [point] = await t.db
      .insert(monitoringPoints)
      .values({ tenantId: other.id, name: 'Boiler Stack', entityType: 'stack' })
      .returning();
    await deviceAt(other.id, point!.id, DELAYED_THRESHOLD_MS + 1, NOW);
    await deviceAt(other.id, point!.id, 60_000, NOW, 'DELETED');

    const byRule = (values: (number | null)[]) => ({
      total: values.length,
      live: values.filter((age) => getDataFreshness(age === null ? null : NOW - age, NOW) === 'LIVE').length,
      delayed: values.filter((age) => getDataFreshness(age === null ? null : NOW - age, NOW) === 'DELAYED')
        .length,
      offline: values.filter((age) => getDataFreshness(age === null ? null : NOW - age, NOW) === 'OFFLINE')
        .length,
    });
    const overview = await overviewAt(NOW, principalOf('partner', partner.id));
    expect(overview.monitoringPoints).toEqual(byRule([...ages, DELAYED_THRESHOLD_MS + 1]));
    expect(overview.monitoringPoints).toEqual({ total: 6, live: 1, delayed: 2, offline: 3 });
    // An industry's freshness is that of the newest data of any of its devices.
    expect(overview.industries).toEqual(byRule([...ages, 60_000]));
    expect(overview.industries).toEqual({ total: 6, live: 2, delayed: 2, offline: 2 });
  });

  it('adds up the slots delivered to the boards today and on each of the last 7 days, per view', async () => {
    const board = await boardOf('MH');
    const otherBoard = await boardOf('KA');
    const plant = await make.tenant();
    const listed = await make.tenant();
    const elsewhere = await make.tenant();
    const { devices: plantDevices } = await pointWith(plant.id, [HOUR], { now: NOW });
    const { devices: elsewhereDevices } = await pointWith(elsewhere.id, [HOUR], { now: NOW });
    const mapping = await mapToBoard(board, plant.id, plantDevices, YESTERDAY);
    // Under the board, not mapped to its push.
    await make.mapToBoard(board.statutory.id, listed.id);
    const otherMapping = await mapToBoard(otherBoard, elsewhere.id, elsewhereDevices, TODAY);

    const device = plantDevices[0]!.id;
    await ledger(mapping.id, device, YESTERDAY, { delivered: 90, refused: 4, no_data: 2 });
    await ledger(mapping.id, device, TODAY, { delivered: 30, refused: 2, no_data: 3, pending: 1 });
    // The 10:00 slot is not ready yet at 10:07: not counted.
    await ledger(mapping.id, device, TODAY + 40 * PUSH_SLOT_MS, { delivered: 1 });
    await ledger(otherMapping.id, elsewhereDevices[0]!.id, TODAY, { delivered: 40 });

    const officer = await overviewAt(NOW, principalOf('statutory', board.statutory.id));
    expect(officer.view).toBe('board');
    expect(officer.industries?.total).toBe(2);
    expect(officer.delivery.statId).toBe(board.board.id);
    expect(officer.delivery.mappedIndustries).toBe(1);
    expect(officer.delivery.today).toEqual({
      day: '2026-03-10',
      expected: 40,
      delivered: 30,
      refused: 2,
      noData: 3,
      expired: 0,
      pending: 5,
      deliveredShare: 0.75,
    });
    expect(officer.delivery.days.map((day) => day.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(officer.delivery.days[5]).toEqual({
      day: '2026-03-09',
      expected: 96,
      delivered: 90,
      refused: 4,
      noData: 2,
      expired: 0,
      pending: 0,
      deliveredShare: 0.938,
    });
    // Today is counted afresh on every request: the pending slot delivered since counts at once.
    await t.db
      .update(regulatorPushes)
      .set({ state: 'delivered' })
      .where(and(eq(regulatorPushes.regulatorTenantId, mapping.id), eq(regulatorPushes.state, 'pending')));
    const later = await overviewAt(NOW, principalOf('statutory', board.statutory.id));
    expect(later.delivery.today).toMatchObject({ delivered: 31, pending: 4, deliveredShare: 0.775 });
    expect(later.delivery.days[5]).toEqual(officer.delivery.days[5]);

    // Before the push began nothing was expected.
    expect(
      officer.delivery.days.slice(0, 5).every((day) => day.expected === 0 && day.deliveredShare === 0),
    ).toBe(true);

    // The platform adds every board's: the other board's 40 slots of 40 too.
    const platform = await overviewAt(NOW, principalOf('site', PLATFORM_ACCOUNT_ID));
    expect(platform.delivery.statId).toBeNull();
    expect(platform.delivery.mappedIndustries).toBe(2);
    expect(platform.delivery.today).toMatchObject({ expected: 80, delivered: 71, refused: 2, pending: 4 });

    // The industry sees its own push only.
    const own = await overviewAt(NOW, principalOf('tenant', elsewhere.id));
    expect(own.delivery.today).toMatchObject({ expected: 40, delivered: 40, pending: 0, deliveredShare: 1 });
    expect(own.delivery.days[5]!.expected).toBe(0);
  });
});
