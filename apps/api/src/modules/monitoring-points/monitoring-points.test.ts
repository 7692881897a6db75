import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_MONITORING_POINTS_PER_TENANT, PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { monitoringPoints } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const url = (tenantId: number, id?: number) => `/api/tenants/${tenantId}/entities${id ? `/${id}` : ''}`;
const stack = (overrides: Record<string, unknown> = {}) => ({
  name: '  Kiln Stack 1  ',
  entityType: 'stack',
  latitude: 19.9615,
  longitude: 79.2961,
  properties: {
    stackHeight: '72',
    stackDiameter: 3.2,
    fuelType: 'Coal',
    apcd: 'ESP',
    attachedTo: ' Kiln 1 ',
  },
  ...overrides,
});
const stored = (tenantId: number) =>
  t.db
    .select()
    .from(monitoringPoints)
    .where(and(eq(monitoringPoints.tenantId, tenantId), eq(monitoringPoints.status, 'ENABLED')));

async function created(tenantId: number, body: Record<string, unknown> = stack()) {
  const response = await site.call({ method: 'POST', url: url(tenantId), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number; name: string };
}

describe('POST /api/tenants/{id}/entities', () => {
  it('adds a monitoring point with its trimmed name and typed properties, and audits it', async () => {
    const tenant = await make.tenant();
    const point = await created(tenant.id);
    expect(point).toMatchObject({
      tenantId: tenant.id,
      name: 'Kiln Stack 1',
      entityType: 'stack',
      latitude: 19.9615,
      longitude: 79.2961,
      properties: {
        stackHeight: 72,
        stackDiameter: 3.2,
        fuelType: 'Coal',
        apcd: 'ESP',
        attachedTo: 'Kiln 1',
      },
      version: 1,
    });
    const [audit] = await auditRowsFor(t.db, 'monitoring_point', point.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, oldValue: null });
    expect(audit!.newValue).toMatchObject({ name: 'Kiln Stack 1', entityType: 'stack' });
  });

  it('refuses what the entity type does not allow, naming each field, and stores nothing', async () => {
    const tenant = await make.tenant();
    const response = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: stack({
        name: '   ',
        latitude: 123,
        properties: { stackHeight: -5, fuelType: 'Uranium', designCapacity: 10 },
      }),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = (response.json().error.details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'latitude',
        'properties.stackHeight',
        'properties.stackDiameter',
        'properties.fuelType',
        'properties.designCapacity',
      ]),
    );
    expect(await stored(tenant.id)).toEqual([]);
  });

  it('refuses an unknown entity type', async () => {
    const tenant = await make.tenant();
    const response = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: { name: 'Cooling Tower', entityType: 'tower' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('entityType');
  });

  it('refuses a name another point of the industry has, whatever its case, but not one of another industry', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    await created(tenant.id);
    const again = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: stack({ name: 'KILN STACK 1' }),
    });
    expectError(again, 409, 'MONITORING_POINT_EXISTS');
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'FIELD_TAKEN' }),
    ]);
    await created(other.id);
  });

  it(`stops at ${MAX_MONITORING_POINTS_PER_TENANT} points per industry`, async () => {
    const tenant = await make.tenant();
    await t.db.insert(monitoringPoints).values(
      Array.from({ length: MAX_MONITORING_POINTS_PER_TENANT }, (_, i) => ({
        tenantId: tenant.id,
        name: `Point ${i + 1}`,
        entityType: 'group',
      })),
    );
    const response = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: { name: 'One more', entityType: 'group' },
    });
    expectError(response, 422, 'MONITORING_POINT_LIMIT');
    expect(response.json().error.params).toEqual({ limit: MAX_MONITORING_POINTS_PER_TENANT });
  });

  it('lets an industry admin and its partner add, and refuses an industry user (403) and a partner or board account (404)', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const admin = await clientFor(t, tenant.id, 'admin');
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    const user = await clientFor(t, tenant.id, 'user');
    for (const [caller, name] of [
      [admin, 'ETP Outlet'],
      [partnerAdmin, 'CAAQMS North'],
    ] as const) {
      const response = await caller.call({
        method: 'POST',
        url: url(tenant.id),
        payload: { name, entityType: 'group' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expectError(
      await user.call({
        method: 'POST',
        url: url(tenant.id),
        payload: { name: 'Stack 9', entityType: 'group' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await site.call({
        method: 'POST',
        url: url(partner.id),
        payload: { name: 'Stack 9', entityType: 'group' },
      }),
      404,
      'NOT_FOUND',
    );
    expect((await stored(tenant.id)).map((point) => point.name).sort()).toEqual([
      'CAAQMS North',
      'ETP Outlet',
    ]);
  });

  it('answers 401 without a session', async () => {
    const tenant = await make.tenant();
    const response = await t.app.inject({ method: 'POST', url: url(tenant.id), payload: stack() });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/tenants/{id}/entities', () => {
  it("lists an industry's points by type and name to whoever may see the industry, and 404 to others", async () => {
    const tenant = await make.tenant();
    await created(tenant.id, {
      name: 'Stack B',
      entityType: 'stack',
      properties: { stackHeight: 30, stackDiameter: 1 },
    });
    await created(tenant.id, { name: 'ETP Outlet', entityType: 'etp', properties: { designCapacity: 500 } });
    await created(tenant.id, {
      name: 'stack a',
      entityType: 'stack',
      properties: { stackHeight: 40, stackDiameter: 2 },
    });
    const user = await clientFor(t, tenant.id, 'user');
    const response = await user.call({ method: 'GET', url: url(tenant.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((point: { name: string }) => point.name)).toEqual([
      'ETP Outlet',
      'stack a',
      'Stack B',
    ]);
    expect(response.json().limit).toBe(MAX_MONITORING_POINTS_PER_TENANT);

    const stranger = await clientFor(t, (await make.tenant()).id, 'admin');
    expectError(await stranger.call({ method: 'GET', url: url(tenant.id) }), 404, 'NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: url(tenant.id) })).statusCode).toBe(401);
  });

  it('answers 400 for an id that is not a number, 404 for a number that names no industry', async () => {
    expectError(
      await site.call({ method: 'GET', url: '/api/tenants/abc/entities' }),
      400,
      'VALIDATION_FAILED',
    );
    for (const id of ['0', '99999999999999999999']) {
      expectError(await site.call({ method: 'GET', url: `/api/tenants/${id}/entities` }), 404, 'NOT_FOUND');
    }
  });
});

describe('PUT /api/tenants/{id}/entities/{entityId}', () => {
  it('changes the point from its version and audits old and new values; a stale version is refused', async () => {
    const tenant = await make.tenant();
    const point = await created(tenant.id);
    const response = await site.call({
      method: 'PUT',
      url: url(tenant.id, point.id),
      payload: stack({
        name: 'Kiln Stack 1A',
        properties: { stackHeight: 75, stackDiameter: 3.2 },
        version: 1,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Kiln Stack 1A',
      version: 2,
      properties: { stackHeight: 75, stackDiameter: 3.2, fuelType: null, apcd: null, attachedTo: null },
    });
    const [audit] = await auditRowsFor(t.db, 'monitoring_point', point.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect(audit!.oldValue).toMatchObject({ name: 'Kiln Stack 1' });
    expect(audit!.newValue).toMatchObject({ name: 'Kiln Stack 1A' });

    const stale = await site.call({
      method: 'PUT',
      url: url(tenant.id, point.id),
      payload: stack({ name: 'Kiln Stack 1B', version: 1 }),
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect((await stored(tenant.id))[0]!.name).toBe('Kiln Stack 1A');
  });

  it('changes nothing when the audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const point = await created(tenant.id);
    const undo = await failAuditWrites(t.db, 'UPDATE', point.id);
    try {
      const response = await site.call({
        method: 'PUT',
        url: url(tenant.id, point.id),
        payload: stack({ name: 'Never Saved', version: 1 }),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect((await stored(tenant.id)).map((row) => [row.name, row.version])).toEqual([['Kiln Stack 1', 1]]);
  });

  it('asks for the version, and answers 404 for a point of another industry', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const point = await created(tenant.id);
    const noVersion = await site.call({ method: 'PUT', url: url(tenant.id, point.id), payload: stack() });
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect(noVersion.json().error.details[0].path).toBe('version');
    expectError(
      await site.call({ method: 'PUT', url: url(other.id, point.id), payload: stack({ version: 1 }) }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a rename to the name of another point of the industry', async () => {
    const tenant = await make.tenant();
    await created(tenant.id, { name: 'ETP Inlet', entityType: 'group' });
    const point = await created(tenant.id, { name: 'ETP Outlet', entityType: 'group' });
    expectError(
      await site.call({
        method: 'PUT',
        url: url(tenant.id, point.id),
        payload: { name: 'etp inlet', entityType: 'group', version: 1 },
      }),
      409,
      'MONITORING_POINT_EXISTS',
    );
  });
});

describe('DELETE /api/tenants/{id}/entities/{entityId}', () => {
  it('marks the point deleted, audits it, and frees its name', async () => {
    const tenant = await make.tenant();
    const point = await created(tenant.id);
    const response = await site.call({ method: 'DELETE', url: `${url(tenant.id, point.id)}?version=1` });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(tenant.id)).toEqual([]);
    const [audit] = await auditRowsFor(t.db, 'monitoring_point', point.id);
    expect(audit).toMatchObject({ action: 'DELETE', newValue: null });
    expect((await site.call({ method: 'GET', url: url(tenant.id) })).json().items).toEqual([]);
    await created(tenant.id);
    expectError(await site.call({ method: 'DELETE', url: url(tenant.id, point.id) }), 404, 'NOT_FOUND');
  });

  it('refuses a delete from a version the point has moved on from, and an industry user', async () => {
    const tenant = await make.tenant();
    const point = await created(tenant.id);
    await site.call({
      method: 'PUT',
      url: url(tenant.id, point.id),
      payload: stack({ name: 'Renamed', version: 1 }),
    });
    expectError(
      await site.call({ method: 'DELETE', url: `${url(tenant.id, point.id)}?version=1` }),
      409,
      'STALE_VERSION',
    );
    const user = await clientFor(t, tenant.id, 'user');
    expectError(await user.call({ method: 'DELETE', url: url(tenant.id, point.id) }), 403, 'FORBIDDEN');
    expect(await stored(tenant.id)).toHaveLength(1);
  });
});
