import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ACCOUNT_ID,
  PULL_RATE_LIMIT_PER_MINUTE,
  type EntityData,
  type Page,
  type PullToken,
  type PullTokenIssued,
} from '@vayu/domain';
import { accounts, attemptCounters, auditLogs, pullTokens } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { insertReadings } from '../telemetry/ingest.service.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Caller;
type Caller = Awaited<ReturnType<typeof clientFor>>;

const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;

/** An industry with two points, each with a device measuring one parameter, and its admin. */
async function plant() {
  const tenant = await make.tenant();
  const devicesOf = deviceFactories(t.db);
  const stack = await devicesOf.device(tenant.id);
  const etp = await devicesOf.device(tenant.id);
  const admin = await clientFor(t, tenant.id, 'admin');
  return { tenant, stack, etp, admin };
}
type Plant = Awaited<ReturnType<typeof plant>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const bodyFor = (p: Plant, overrides: Record<string, unknown> = {}) => ({
  name: 'Group EHS dashboard',
  monitoringPointIds: [p.stack.monitoringPointId],
  parameterIds: [p.stack.parameter.id],
  historyDays: 7,
  maxRangeDays: 2,
  ...overrides,
});

async function issued(p: Plant, overrides: Record<string, unknown> = {}, caller: Caller = p.admin) {
  const response = await caller.call({
    method: 'POST',
    url: `/api/pullData/${p.tenant.id}`,
    payload: bodyFor(p, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PullTokenIssued;
}

const pull = (token: string | null, query: Record<string, string | number | undefined>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/pull/data',
    query: Object.fromEntries(
      Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ),
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * MINUTE).toISOString();

describe('POST and GET /api/pullData/{tenantId}', () => {
  it('answers the token once: stored as a hash, listed by its last characters, audited without it', async () => {
    const p = await plant();
    const expiresAt = new Date(Date.now() + 30 * DAY).toISOString();
    const created = await issued(p, { name: '  Consultant  ', expiresAt });
    expect(created.token).toMatch(/^vpd_[A-Za-z0-9_-]{43}$/);
    expect(created.pullToken).toMatchObject({
      tenantId: p.tenant.id,
      name: 'Consultant',
      hint: `••••${created.token.slice(-4)}`,
      monitoringPoints: [{ id: p.stack.monitoringPointId }],
      parameters: [{ id: p.stack.parameter.id, key: p.stack.parameter.paramKey }],
      historyDays: 7,
      maxRangeDays: 2,
      expiresAt,
      status: 'ACTIVE',
      createdBy: p.admin.user.name,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await t.db.select().from(pullTokens).where(eq(pullTokens.id, created.pullToken.id));
    expect(stored!.tokenHash).toBe(hashToken(created.token));

    const list = await p.admin.call({ method: 'GET', url: `/api/pullData/${p.tenant.id}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect((list.json() as Page<PullToken>).items).toEqual([created.pullToken]);

    const [audit] = await auditRowsFor(t.db, 'pull_token', created.pullToken.id);
    expect(audit).toMatchObject({ action: 'TOKEN_ISSUED', tenantId: p.tenant.id });
    expect(JSON.stringify(await t.db.select().from(auditLogs))).not.toContain(created.token);
  });

  it('lists newest first, paged', async () => {
    const p = await plant();
    const first = await issued(p, { name: 'First' });
    const second = await issued(p, { name: 'Second' });
    const page = await p.admin.call({ method: 'GET', url: `/api/pullData/${p.tenant.id}?pageSize=1` });
    expect(page.json()).toMatchObject({ items: [{ id: second.pullToken.id }], total: 2, pageCount: 2 });
    const next = await p.admin.call({ method: 'GET', url: `/api/pullData/${p.tenant.id}?pageSize=1&page=2` });
    expect(next.json()).toMatchObject({ items: [{ id: first.pullToken.id }] });
  });

  it("refuses points of another industry, parameters not of the points' devices and bad limits, naming the field", async () => {
    const p = await plant();
    const other = await plant();
    const cases: [Record<string, unknown>, string][] = [
      [{ monitoringPointIds: [other.stack.monitoringPointId] }, 'monitoringPointIds.0'],
      [{ parameterIds: [p.etp.parameter.id] }, 'parameterIds.0'],
      [{ monitoringPointIds: [] }, 'monitoringPointIds'],
      [{ maxRangeDays: 8 }, 'maxRangeDays'],
      [{ maxRangeDays: 0 }, 'maxRangeDays'],
      [{ historyDays: 367, maxRangeDays: 1 }, 'historyDays'],
      [{ historyDays: '2.5' }, 'historyDays'],
      [{ name: ' ' }, 'name'],
      [{ name: 'a\u0000b'.repeat(100) }, 'name'],
      [{ expiresAt: hoursAgo(1) }, 'expiresAt'],
      [{ expiresAt: '9999-12-31T00:00:00Z' }, 'expiresAt'],
      [{ parameterIds: [2 ** 31] }, 'parameterIds.0'],
      [{ monitoringPointIds: [p.stack.monitoringPointId, p.stack.monitoringPointId] }, 'monitoringPointIds'],
    ];
    for (const [overrides, path] of cases) {
      const response = await p.admin.call({
        method: 'POST',
        url: `/api/pullData/${p.tenant.id}`,
        payload: bodyFor(p, overrides),
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        response.json().error.details.map((detail: { path: string }) => detail.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    expect(await t.db.select().from(pullTokens).where(eq(pullTokens.tenantId, p.tenant.id))).toEqual([]);
  });

  it("lets site and partner admins manage their industries' tokens; others get 404 or 403", async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const stack = await deviceFactories(t.db).device(tenant.id);
    const p: Plant = { tenant, stack, etp: stack, admin: await clientFor(t, tenant.id, 'admin') };
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    expect((await issued(p, {}, partnerAdmin)).pullToken.tenantId).toBe(tenant.id);
    const bySite = await issued(p, {}, site);

    const stranger = await plant();
    const otherPartner = await clientFor(t, (await make.partner()).id, 'admin');
    for (const caller of [stranger.admin, otherPartner]) {
      expectError(await caller.call({ method: 'GET', url: `/api/pullData/${tenant.id}` }), 404, 'NOT_FOUND');
      expectError(
        await caller.call({ method: 'POST', url: `/api/pullData/${tenant.id}`, payload: bodyFor(p) }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await caller.call({ method: 'DELETE', url: `/api/pullData/${bySite.pullToken.id}` }),
        404,
        'NOT_FOUND',
      );
    }
    const industryUser = await clientFor(t, tenant.id, 'user');
    expectError(
      await industryUser.call({ method: 'GET', url: `/api/pullData/${tenant.id}` }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await industryUser.call({ method: 'DELETE', url: `/api/pullData/${bySite.pullToken.id}` }),
      403,
      'FORBIDDEN',
    );
    const [row] = await t.db.select().from(pullTokens).where(eq(pullTokens.id, bySite.pullToken.id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe('GET /api/pull/data with a pull token', () => {
  async function withReadings() {
    const p = await plant();
    const slot = Math.floor((Date.now() - 2 * 60 * MINUTE) / SLOT) * SLOT;
    const rows = [
      [p.stack, slot + MINUTE, 10],
      [p.stack, slot + 2 * MINUTE, 20],
      [p.stack, slot + SLOT + MINUTE, 40],
      [p.etp, slot + MINUTE, 7],
    ] as const;
    await insertReadings(
      t.database,
      rows.map(([d, ms, value], index) => ({
        index,
        tenantId: p.tenant.id,
        deviceId: d.device.id,
        parameterId: d.parameter.id,
        ms,
        value,
        unit: 'mg/Nm3',
        valueStd: value,
        provenance: 'measured',
      })),
      { source: 'demo', tokenId: null },
    );
    return { p, slot };
  }

  it("reads the scope's 15-minute data, as the console's data endpoint shapes it, and notes when it was used", async () => {
    const { p, slot } = await withReadings();
    const { token, pullToken } = await issued(p);
    const response = await pull(token, { monitoringPointId: p.stack.monitoringPointId, from: hoursAgo(3) });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json() as EntityData;
    expect(data).toMatchObject({ entityId: p.stack.monitoringPointId, dim: 'minute_15' });
    expect(data.series).toHaveLength(1);
    expect(data.series[0]).toMatchObject({
      deviceId: p.stack.device.id,
      parameterId: p.stack.parameter.id,
      key: p.stack.parameter.paramKey,
      unit: 'mg/Nm3',
    });
    expect(data.series[0]!.points.map((point) => [point.t, point.value, point.count])).toEqual([
      [new Date(slot).toISOString(), 15, 2],
      [new Date(slot + SLOT).toISOString(), 40, 1],
    ]);
    const listed = await p.admin.call({ method: 'GET', url: `/api/pullData/${p.tenant.id}` });
    const [item] = (listed.json() as Page<PullToken>).items;
    expect(item!.id).toBe(pullToken.id);
    expect(item!.lastUsedAt).not.toBeNull();

    // Asking for the parameter by id gives the same series.
    const byParameter = await pull(token, {
      monitoringPointId: p.stack.monitoringPointId,
      parameterIds: `${p.stack.parameter.id}`,
      from: hoursAgo(3),
      to: new Date().toISOString(),
    });
    expect((byParameter.json() as EntityData).series[0]!.points).toEqual(data.series[0]!.points);
  });

  it('refuses a point or parameter outside the scope with 403 PULL_OUT_OF_SCOPE', async () => {
    const { p } = await withReadings();
    const { token } = await issued(p);
    const other = await plant();
    for (const query of [
      { monitoringPointId: p.etp.monitoringPointId, from: hoursAgo(3) },
      { monitoringPointId: other.stack.monitoringPointId, from: hoursAgo(3) },
      {
        monitoringPointId: p.stack.monitoringPointId,
        parameterIds: `${p.stack.parameter.id},${p.etp.parameter.id}`,
        from: hoursAgo(3),
      },
    ]) {
      const response = await pull(token, query);
      expectError(response, 403, 'PULL_OUT_OF_SCOPE');
      expect(response.body).not.toContain('"points"');
    }
  });

  it("refuses a range beyond the token's limits and a bad query with 400 naming the field", async () => {
    const { p } = await withReadings();
    const { token } = await issued(p, { historyDays: 3, maxRangeDays: 1 });
    const point = p.stack.monitoringPointId;
    const cases: [Record<string, string | number>, string][] = [
      [{ monitoringPointId: point, from: hoursAgo(30), to: new Date().toISOString() }, 'to'],
      [{ monitoringPointId: point, from: hoursAgo(80), to: hoursAgo(70) }, 'from'],
      [{ monitoringPointId: point, from: hoursAgo(2), to: hoursAgo(3) }, 'to'],
      [
        { monitoringPointId: point, from: hoursAgo(2), to: new Date(Date.now() + 2 * DAY).toISOString() },
        'to',
      ],
      [{ monitoringPointId: point, from: 'yesterday' }, 'from'],
      [{ monitoringPointId: point, from: '9999-12-31T00:00:00Z' }, 'from'],
      [{ monitoringPointId: '99999999999999999999', from: hoursAgo(2) }, 'monitoringPointId'],
      [{ monitoringPointId: point, parameterIds: '1,x', from: hoursAgo(2) }, 'parameterIds'],
      [{ monitoringPointId: point, parameterIds: '99999999999', from: hoursAgo(2) }, 'parameterIds'],
      [{ monitoringPointId: `${point}\u0000`, from: hoursAgo(2) }, 'monitoringPointId'],
      [{ monitoringPointId: point, from: hoursAgo(2), extra: 1 }, ''],
    ];
    // Without an end, the range ends now or where the longest range from its start ends.
    const from = hoursAgo(30);
    const capped = await pull(token, { monitoringPointId: point, from });
    expect(capped.statusCode, capped.body).toBe(200);
    expect((capped.json() as EntityData).endDate).toBe(new Date(Date.parse(from) + DAY).toISOString());
    for (const [query, path] of cases) {
      const response = await pull(token, query);
      expectError(response, 400, 'VALIDATION_FAILED');
      if (path) {
        expect(
          response.json().error.details.map((detail: { path: string }) => detail.path),
          JSON.stringify(query),
        ).toContain(`querystring.${path}`);
      }
    }
  });

  it('answers 401 without a token, with an unknown one, a revoked one and an expired one', async () => {
    const { p } = await withReadings();
    const query = { monitoringPointId: p.stack.monitoringPointId, from: hoursAgo(2) };
    expectError(await pull(null, query), 401, 'UNAUTHENTICATED');
    expectError(await pull('vpd_not-a-token-at-all', query), 401, 'TOKEN_INVALID');
    expectError(await pull('x'.repeat(5000), query), 401, 'TOKEN_INVALID');

    const revoked = await issued(p);
    expect((await pull(revoked.token, query)).statusCode).toBe(200);
    const response = await p.admin.call({ method: 'DELETE', url: `/api/pullData/${revoked.pullToken.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'REVOKED', revokedBy: p.admin.user.name });
    expectError(await pull(revoked.token, query), 401, 'TOKEN_INVALID');
    const [audit] = await auditRowsFor(t.db, 'pull_token', revoked.pullToken.id).then((rows) =>
      rows.filter((row) => row.action === 'TOKEN_REVOKED'),
    );
    expect(audit).toMatchObject({ tenantId: p.tenant.id });
    // Revoking again changes nothing and audits nothing more.
    expect(
      (await p.admin.call({ method: 'DELETE', url: `/api/pullData/${revoked.pullToken.id}` })).statusCode,
    ).toBe(200);
    const revocations = (await auditRowsFor(t.db, 'pull_token', revoked.pullToken.id)).filter(
      (row) => row.action === 'TOKEN_REVOKED',
    );
    expect(revocations).toHaveLength(1);

    const expiring = await issued(p);
    await t.db
      .update(pullTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pullTokens.id, expiring.pullToken.id));
    expectError(await pull(expiring.token, query), 401, 'TOKEN_INVALID');
    const listed = await p.admin.call({ method: 'GET', url: `/api/pullData/${p.tenant.id}` });
    const statuses = (listed.json() as Page<PullToken>).items.map((item) => [item.id, item.status]);
    expect(statuses).toEqual([
      [expiring.pullToken.id, 'EXPIRED'],
      [revoked.pullToken.id, 'REVOKED'],
    ]);

    // A deleted industry's live token reads nothing.
    const live = await issued(p);
    expect((await pull(live.token, query)).statusCode).toBe(200);
    await t.db.update(accounts).set({ status: 'DELETED' }).where(eq(accounts.id, p.tenant.id));
    expectError(await pull(live.token, query), 401, 'TOKEN_INVALID');
  });

  it('answers 429 with Retry-After past the requests a minute of a token, counted in the database', async () => {
    const { p } = await withReadings();
    const { token, pullToken } = await issued(p);
    const other = await issued(p);
    const query = { monitoringPointId: p.stack.monitoringPointId, from: hoursAgo(2) };
    expect((await pull(token, query)).statusCode).toBe(200);
    // As if the token had made its requests of this minute (from any process).
    await t.db
      .update(attemptCounters)
      .set({ attempts: PULL_RATE_LIMIT_PER_MINUTE })
      .where(eq(attemptCounters.key, `pull:${pullToken.id}`));
    const limited = await pull(token, query);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another token is counted on its own.
    expect((await pull(other.token, query)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the read as called with a Bearer token and lists its error codes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const operation = response.json().paths['/api/pull/data'].get;
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
  });
});
