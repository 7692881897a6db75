import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ENDPOINTS,
  PLATFORM_ACCOUNT_ID,
  PUBLIC_ID_PATTERN,
  type PublicDashboardSettings,
  type PublicDashboardView,
} from '@vayu/domain';
import { deviceParams } from '../../db/schema/index.js';
import { buildApp } from '../../app.js';
import { closeAfterFile, startTestApp, testConfig, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { insertReadings, type ReadingRow } from '../telemetry/ingest.service.js';

/*
 * An industry's public dashboard: opted in and revoked by its administrators,
 * read by anyone holding the link — and then only what the industry chose.
 */

let t: TestContext;
const LIMIT = 6;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
});

let lastIp = 0;
/** Each public call from an address of its own, so the per-address limit only counts where a test means it to. */
const nextIp = () => {
  lastIp += 1;
  return `10.77.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

const PUBLIC_ENDPOINTS = ALL_ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/public/api/'));

function callPublic(path: string, publicId: string, ip = nextIp()) {
  return t.app.inject({
    method: 'GET',
    url: `${path}?publicTenantId=${encodeURIComponent(publicId)}`,
    remoteAddress: ip,
  });
}

const viewOf = (publicId: string, ip?: string) => callPublic('/public/api/publicDashboard', publicId, ip);

/** An industry with two points: a stack with SO2 and NOx on one analyser, a second stack with one more. */
async function plant() {
  const tenant = await factories(t.db).tenant();
  const devicesOf = deviceFactories(t.db);
  const first = await devicesOf.device(tenant.id, { serialNumber: `SERIAL-${tenant.id}-A` });
  const nox = await devicesOf.parameter();
  await t.db.insert(deviceParams).values({
    deviceId: first.device.id,
    tenantId: tenant.id,
    parameterId: nox.id,
    unit: 'mg/Nm3',
  });
  const second = await devicesOf.device(tenant.id, { serialNumber: `SERIAL-${tenant.id}-B` });
  const now = Date.now();
  const rows: ReadingRow[] = [];
  let index = 0;
  for (const [device, parameterId, value] of [
    [first.device, first.parameter.id, 41.5],
    [first.device, nox.id, 77],
    [second.device, second.parameter.id, 12],
  ] as const) {
    for (const ago of [70, 40, 10]) {
      rows.push({
        index: index++,
        tenantId: tenant.id,
        deviceId: device.id,
        parameterId,
        ms: now - ago * MINUTE,
        value,
        unit: 'mg/Nm3',
        valueStd: value,
        provenance: 'measured',
      });
    }
  }
  await insertReadings(t.database, rows, { source: 'demo', tokenId: null });
  const admin = await clientFor(t, tenant.id, 'admin');
  return { tenant, first, second, nox, admin };
}

type Plant = Awaited<ReturnType<typeof plant>>;

async function optIn(p: Plant, body: Record<string, unknown> = {}) {
  const response = await p.admin.call({
    method: 'PUT',
    url: '/api/publicDashboard',
    payload: {
      tenantId: p.tenant.id,
      monitoringPointIds: [p.first.monitoringPointId],
      parameterIds: [p.first.parameter.id],
      showCharts: true,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PublicDashboardSettings;
}

const ALLOWED_KEYS = new Set([
  'industryName',
  'showCharts',
  'generatedAt',
  'points',
  'name',
  'lastDataAt',
  'freshness',
  'parameters',
  'key',
  'label',
  'unit',
  'latest',
  'series',
  't',
  'value',
]);

/** Every key of every object in an answer, and every string in it. */
function walk(value: unknown, keys: Set<string>, strings: string[]) {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, keys, strings);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      walk(item, keys, strings);
    }
  } else if (typeof value === 'string') {
    strings.push(value);
  }
}

describe('opting in and revoking', () => {
  it('makes an unguessable link that shows live values, revokes it at once, and makes a new one on opting in again', async () => {
    const p = await plant();
    const before = await p.admin.call({ method: 'GET', url: `/api/publicDashboard?tenantId=${p.tenant.id}` });
    expect(before.statusCode, before.body).toBe(200);
    const settings = before.json() as PublicDashboardSettings;
    expect(settings.dashboard).toBeNull();
    expect(settings.industryName).toBe(p.tenant.name);
    const firstPoint = settings.options.find((o) => o.monitoringPointId === p.first.monitoringPointId);
    expect(firstPoint?.parameters.map((x) => x.parameterId).sort()).toEqual(
      [p.first.parameter.id, p.nox.id].sort(),
    );

    const opted = await optIn(p);
    const dashboard = opted.dashboard!;
    expect(dashboard.publicId).toMatch(PUBLIC_ID_PATTERN);
    expect(dashboard.version).toBe(1);
    const [created] = await auditRowsFor(t.db, 'public_dashboard', dashboard.id);
    expect(created).toMatchObject({ action: 'CREATE', tenantId: p.tenant.id });
    expect(JSON.stringify(created!.newValue)).not.toContain(dashboard.publicId);

    const shown = await viewOf(dashboard.publicId);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=30');
    const view = shown.json() as PublicDashboardView;
    expect(view.industryName).toBe(p.tenant.name);
    expect(view.points).toHaveLength(1);
    const [parameter] = view.points[0]!.parameters;
    expect(parameter).toMatchObject({ key: p.first.parameter.paramKey, unit: 'mg/Nm3', freshness: 'LIVE' });
    expect(parameter!.latest?.value).toBe(41.5);
    expect(parameter!.series.length).toBeGreaterThanOrEqual(1);

    // Changing what it shows keeps the link.
    const changed = await optIn(p, { showCharts: false, version: dashboard.version });
    expect(changed.dashboard).toMatchObject({ publicId: dashboard.publicId, version: 2, showCharts: false });
    expect((await auditRowsFor(t.db, 'public_dashboard', dashboard.id))[0]).toMatchObject({
      action: 'UPDATE',
    });
    const noCharts = (await viewOf(dashboard.publicId)).json() as PublicDashboardView;
    expect(noCharts.showCharts).toBe(false);
    expect(noCharts.points[0]!.parameters[0]!.series).toEqual([]);
    expect(noCharts.points[0]!.parameters[0]!.latest?.value).toBe(41.5);

    // A form started from an older version is refused, and nothing changes.
    const stale = await p.admin.call({
      method: 'PUT',
      url: '/api/publicDashboard',
      payload: {
        tenantId: p.tenant.id,
        monitoringPointIds: [p.first.monitoringPointId],
        parameterIds: [p.nox.id],
        version: 1,
      },
    });
    expectError(stale, 409, 'STALE_VERSION');

    const revoked = await p.admin.call({
      method: 'DELETE',
      url: `/api/publicDashboard?tenantId=${p.tenant.id}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as PublicDashboardSettings).dashboard).toBeNull();
    expect((await auditRowsFor(t.db, 'public_dashboard', dashboard.id))[0]).toMatchObject({
      action: 'TOKEN_REVOKED',
    });
    const gone = await viewOf(dashboard.publicId);
    expectError(gone, 404, 'NOT_FOUND');
    expect(gone.headers['cache-control']).toBe('no-store');
    expectError(
      await p.admin.call({ method: 'DELETE', url: `/api/publicDashboard?tenantId=${p.tenant.id}` }),
      404,
      'NOT_FOUND',
    );

    const again = await optIn(p);
    expect(again.dashboard!.publicId).not.toBe(dashboard.publicId);
    expect((await viewOf(again.dashboard!.publicId)).statusCode).toBe(200);
    expectError(await viewOf(dashboard.publicId), 404, 'NOT_FOUND');
  });

  it('refuses points of another industry and parameters not measured at the chosen points, writing nothing', async () => {
    const p = await plant();
    const other = await plant();
    const foreignPoint = await p.admin.call({
      method: 'PUT',
      url: '/api/publicDashboard',
      payload: {
        tenantId: p.tenant.id,
        monitoringPointIds: [other.first.monitoringPointId],
        parameterIds: [p.first.parameter.id],
      },
    });
    expectError(foreignPoint, 400, 'VALIDATION_FAILED');
    expect(foreignPoint.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'monitoringPointIds.0' })]),
    );
    const unmeasured = await p.admin.call({
      method: 'PUT',
      url: '/api/publicDashboard',
      payload: {
        tenantId: p.tenant.id,
        monitoringPointIds: [p.first.monitoringPointId],
        parameterIds: [p.second.parameter.id],
      },
    });
    expectError(unmeasured, 400, 'VALIDATION_FAILED');
    expect(unmeasured.json().error.details[0].path).toBe('parameterIds.0');
    const empty = await p.admin.call({
      method: 'PUT',
      url: '/api/publicDashboard',
      payload: { tenantId: p.tenant.id, monitoringPointIds: [], parameterIds: [] },
    });
    expectError(empty, 400, 'VALIDATION_FAILED');
    const after = await p.admin.call({ method: 'GET', url: `/api/publicDashboard?tenantId=${p.tenant.id}` });
    expect((after.json() as PublicDashboardSettings).dashboard).toBeNull();
  });
});

describe('who may see and change it', () => {
  it('lets only those who may change the industry opt it in or revoke it; other industries see nothing', async () => {
    const p = await plant();
    const stranger = await clientFor(t, (await factories(t.db).tenant()).id, 'admin');
    for (const request of [
      { method: 'GET' as const, url: `/api/publicDashboard?tenantId=${p.tenant.id}` },
      { method: 'DELETE' as const, url: `/api/publicDashboard?tenantId=${p.tenant.id}` },
      {
        method: 'PUT' as const,
        url: '/api/publicDashboard',
        payload: {
          tenantId: p.tenant.id,
          monitoringPointIds: [p.first.monitoringPointId],
          parameterIds: [p.first.parameter.id],
        },
      },
    ]) {
      expectError(await stranger.call(request), 404, 'NOT_FOUND');
    }

    const reader = await clientFor(t, p.tenant.id, 'user');
    expect(
      (await reader.call({ method: 'GET', url: `/api/publicDashboard?tenantId=${p.tenant.id}` })).statusCode,
    ).toBe(200);
    expectError(
      await reader.call({
        method: 'PUT',
        url: '/api/publicDashboard',
        payload: {
          tenantId: p.tenant.id,
          monitoringPointIds: [p.first.monitoringPointId],
          parameterIds: [p.first.parameter.id],
        },
      }),
      403,
      'FORBIDDEN',
    );

    // The platform's administrators act for any industry.
    const site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
    const bySite = await site.call({
      method: 'PUT',
      url: '/api/publicDashboard',
      payload: {
        tenantId: p.tenant.id,
        monitoringPointIds: [p.first.monitoringPointId],
        parameterIds: [p.first.parameter.id],
      },
    });
    expect(bySite.statusCode, bySite.body).toBe(200);

    // Signed out: the settings need a session, the public API does not.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/publicDashboard?tenantId=${p.tenant.id}`,
    });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const publicId = (bySite.json() as PublicDashboardSettings).dashboard!.publicId;
    expect((await viewOf(publicId)).statusCode).toBe(200);
  });
});

describe('the public API', () => {
  it('answers, on every public endpoint, only the chosen points and parameters, with only whitelisted keys', async () => {
    const p = await plant();
    const opted = await optIn(p);
    const publicId = opted.dashboard!.publicId;
    expect(PUBLIC_ENDPOINTS.length).toBeGreaterThanOrEqual(1);
    for (const endpoint of PUBLIC_ENDPOINTS) {
      const response = await callPublic(endpoint.path, publicId);
      expect(response.statusCode, `${endpoint.path}: ${response.body}`).toBe(200);
      const keys = new Set<string>();
      const strings: string[] = [];
      walk(response.json(), keys, strings);
      expect([...keys].filter((key) => !ALLOWED_KEYS.has(key))).toEqual([]);
      const text = response.body;
      for (const secret of [
        p.first.device.serialNumber,
        p.second.device.serialNumber,
        p.first.device.name,
        p.nox.paramKey,
        p.nox.label,
        p.second.parameter.paramKey,
        p.admin.user.email,
        publicId,
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain(`"${p.tenant.id}"`);
      const view = response.json() as PublicDashboardView;
      expect(view.points.map((point) => point.name)).toEqual([
        (await p.admin.call({ method: 'GET', url: `/api/publicDashboard?tenantId=${p.tenant.id}` }))
          .json()
          .options.find(
            (o: { monitoringPointId: number }) => o.monitoringPointId === p.first.monitoringPointId,
          ).name,
      ]);
      expect(view.points.flatMap((point) => point.parameters.map((x) => x.key))).toEqual([
        p.first.parameter.paramKey,
      ]);
    }
  });

  it('is documented in the OpenAPI document without sign-in', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string; security?: unknown[] }>>;
    };
    const operation = document.paths['/public/api/publicDashboard']?.get;
    expect(operation?.description).toContain('publicTenantId');
    expect(operation?.security).toEqual([]);
  });

  it('answers 4xx with a code to unknown, malformed and hostile ids', async () => {
    const cases = [
      'A'.repeat(24),
      'short',
      'é'.repeat(24),
      '😀'.repeat(12),
      'abc\u0000def'.padEnd(24, 'x'),
      '../../etc/passwd',
      'x'.repeat(5000),
      '',
    ];
    for (const id of cases) {
      const response = await viewOf(id);
      expect(
        response.statusCode,
        `${JSON.stringify(id.slice(0, 30))}: ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^(NOT_FOUND|VALIDATION_FAILED)$/);
    }
    expectError(await viewOf('A'.repeat(24)), 404, 'NOT_FOUND');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/public/api/publicDashboard',
      remoteAddress: nextIp(),
    });
    expectError(missing, 400, 'VALIDATION_FAILED');
    const p = await plant();
    const huge = await p.admin.call({
      method: 'GET',
      url: '/api/publicDashboard?tenantId=99999999999999999999',
    });
    expectError(huge, 400, 'VALIDATION_FAILED');
  });

  it('limits each client address: past the limit 429 RATE_LIMITED with Retry-After, other addresses unaffected', async () => {
    // A second process on the same database, with a small limit: the count is the database's.
    const limited = await buildApp(testConfig({ clientRateLimitPerMinute: LIMIT }), t.database);
    closeAfterFile(() => limited.close());
    await limited.ready();
    const ask = (ip: string) =>
      limited.inject({
        method: 'GET',
        url: `/public/api/publicDashboard?publicTenantId=${'B'.repeat(24)}`,
        remoteAddress: ip,
      });
    const ip = '10.78.0.1';
    for (let i = 0; i < LIMIT; i++) {
      expectError(await ask(ip), 404, 'NOT_FOUND');
    }
    const refused = await ask(ip);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectError(await ask('10.78.0.2'), 404, 'NOT_FOUND');
  });
});
