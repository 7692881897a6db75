import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CAMERAS_PER_TENANT, PLATFORM_ACCOUNT_ID, type Camera } from '@vayu/domain';
import { auditLogs, cameras } from '../../db/schema/index.js';
import { createSecrets } from '../../lib/secrets.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';
import { failAuditWritesOf } from './cameras.test-support.js';

const SECRETS_KEY = randomBytes(32).toString('hex');

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp({ secretsKey: SECRETS_KEY });
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
const url = (tenantId: number, id?: number) => `/api/tenants/${tenantId}/cameras${id ? `/${id}` : ''}`;

/** An industry with a monitoring point to put cameras at. */
async function industryWithPoint(overrides: { partnerId?: number } = {}) {
  const tenant = await make.tenant(overrides);
  const point = await deviceFactories(t.db).monitoringPoint(tenant.id, 'Kiln Stack 1');
  return { tenant, point };
}

const cameraBody = (pointId: number, overrides: Record<string, unknown> = {}) => ({
  name: '  Kiln stack camera  ',
  monitoringPointId: pointId,
  provisionId: `PRV-${unique()}`,
  viewerId: 'VIEW-2207',
  authToken: `tok-${unique()}-a1b2`,
  ...overrides,
});

async function created(tenantId: number, body: Record<string, unknown>) {
  const response = await site.call({ method: 'POST', url: url(tenantId), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Camera;
}

const storedRow = async (id: number) => (await t.db.select().from(cameras).where(eq(cameras.id, id)))[0]!;
const liveCameras = (tenantId: number) =>
  t.db
    .select()
    .from(cameras)
    .where(and(eq(cameras.tenantId, tenantId), eq(cameras.status, 'ENABLED')));
const allAuditText = async () => JSON.stringify(await t.db.select().from(auditLogs));

describe('POST /api/tenants/{id}/cameras', () => {
  it('adds a camera at a point of the industry, answers the hint only, stores the token encrypted and audits without it', async () => {
    const { tenant, point } = await industryWithPoint();
    const body = cameraBody(point.id, { authToken: 'Zx9-secret-token-a1b2' });
    const response = await site.call({ method: 'POST', url: url(tenant.id), payload: body });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain('Zx9-secret-token');
    const camera = response.json() as Camera;
    expect(camera).toMatchObject({
      tenantId: tenant.id,
      monitoringPoint: { id: point.id, name: 'Kiln Stack 1' },
      name: 'Kiln stack camera',
      provisionId: body.provisionId,
      viewerId: 'VIEW-2207',
      authTokenHint: '••••a1b2',
      status: 'ENABLED',
      version: 1,
    });
    expect(camera).not.toHaveProperty('authToken');

    const row = await storedRow(camera.id);
    expect(row.authTokenEncrypted).not.toContain('Zx9-secret-token');
    expect(row.authTokenEncrypted).toMatch(/^v1\./);
    expect(row.authTokenHint).toBe('a1b2');
    const secrets = createSecrets({ secretsKey: SECRETS_KEY, dataDir: '/nonexistent' });
    expect(await secrets.decrypt(row.authTokenEncrypted)).toBe('Zx9-secret-token-a1b2');

    const [audit] = await auditRowsFor(t.db, 'camera', camera.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, oldValue: null });
    expect(audit!.newValue).toMatchObject({
      name: 'Kiln stack camera',
      auth: 'token set',
      authHint: '••••a1b2',
    });
    expect(JSON.stringify(audit)).not.toContain('Zx9-secret-token');

    const list = await site.call({ method: 'GET', url: url(tenant.id) });
    expect(list.body).not.toContain('Zx9-secret-token');
    expect(list.json()).toEqual({ items: [camera], limit: MAX_CAMERAS_PER_TENANT });
  });

  it('refuses missing and malformed fields, naming each, and stores nothing', async () => {
    const { tenant } = await industryWithPoint();
    const response = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: {
        name: '   ',
        provisionId: 'has spaces in it',
        viewerId: 'x'.repeat(101),
        authToken: 'short',
        status: 'BROKEN',
      },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = (response.json().error.details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'monitoringPointId', 'provisionId', 'viewerId', 'authToken', 'status']),
    );
    const noToken = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: { name: 'Cam', monitoringPointId: 1, provisionId: 'PRV-1' },
    });
    expectError(noToken, 400, 'VALIDATION_FAILED');
    expect(noToken.json().error.details).toEqual([expect.objectContaining({ path: 'authToken' })]);
    expect(await liveCameras(tenant.id)).toEqual([]);
  });

  it("refuses a monitoring point of another industry, or a deleted one, on the point's field", async () => {
    const { tenant, point } = await industryWithPoint();
    const other = await industryWithPoint();
    const response = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: cameraBody(other.point.id),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details).toEqual([expect.objectContaining({ path: 'monitoringPointId' })]);
    const remove = await site.call({
      method: 'DELETE',
      url: `/api/tenants/${tenant.id}/entities/${point.id}`,
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expectError(
      await site.call({ method: 'POST', url: url(tenant.id), payload: cameraBody(point.id) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await liveCameras(tenant.id)).toEqual([]);
  });

  it("refuses a name the industry's cameras use and a provision id any camera uses, whatever the case", async () => {
    const { tenant, point } = await industryWithPoint();
    const other = await industryWithPoint();
    const first = await created(tenant.id, cameraBody(point.id, { name: 'ETP camera' }));

    const sameName = await site.call({
      method: 'POST',
      url: url(tenant.id),
      payload: cameraBody(point.id, { name: 'etp CAMERA' }),
    });
    expectError(sameName, 409, 'CAMERA_EXISTS');
    expect(sameName.json().error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'FIELD_TAKEN' }),
    ]);

    const sameProvision = await site.call({
      method: 'POST',
      url: url(other.tenant.id),
      payload: cameraBody(other.point.id, { provisionId: first.provisionId.toLowerCase() }),
    });
    expectError(sameProvision, 409, 'CAMERA_EXISTS');
    expect(sameProvision.json().error.details).toEqual([
      expect.objectContaining({ path: 'provisionId', code: 'FIELD_TAKEN' }),
    ]);

    // Another industry may use the name.
    await created(other.tenant.id, cameraBody(other.point.id, { name: 'ETP camera' }));
    expect(await liveCameras(tenant.id)).toHaveLength(1);
  });

  it('lets one of two adds with the same provision id at the same moment win, the other 409 on that field', async () => {
    const first = await industryWithPoint();
    const second = await industryWithPoint();
    const provisionId = `PRV-${unique()}`;
    const answers = await Promise.all(
      [first, second].map(({ tenant, point }) =>
        site.call({ method: 'POST', url: url(tenant.id), payload: cameraBody(point.id, { provisionId }) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expectError(refused, 409, 'CAMERA_EXISTS');
    expect(refused.json().error.details).toEqual([expect.objectContaining({ path: 'provisionId' })]);
  });

  it('frees the name and provision id of a deleted camera', async () => {
    const { tenant, point } = await industryWithPoint();
    const first = await created(tenant.id, cameraBody(point.id, { name: 'Gate camera' }));
    const removed = await site.call({ method: 'DELETE', url: `${url(tenant.id, first.id)}?version=1` });
    expect(removed.statusCode, removed.body).toBe(200);
    await created(tenant.id, cameraBody(point.id, { name: 'Gate camera', provisionId: first.provisionId }));
  });

  it('lets industry and partner admins add; refuses an industry user (403), another industry (404) and no session (401)', async () => {
    const partner = await make.partner();
    const { tenant, point } = await industryWithPoint({ partnerId: partner.id });
    const admin = await clientFor(t, tenant.id, 'admin');
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    const user = await clientFor(t, tenant.id, 'user');
    const stranger = await clientFor(t, (await make.tenant()).id, 'admin');
    for (const [caller, name] of [
      [admin, 'Stack camera'],
      [partnerAdmin, 'ETP camera'],
    ] as const) {
      const response = await caller.call({
        method: 'POST',
        url: url(tenant.id),
        payload: cameraBody(point.id, { name }),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expectError(
      await user.call({ method: 'POST', url: url(tenant.id), payload: cameraBody(point.id) }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await stranger.call({ method: 'POST', url: url(tenant.id), payload: cameraBody(point.id) }),
      404,
      'NOT_FOUND',
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: url(tenant.id),
      payload: cameraBody(point.id),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await liveCameras(tenant.id)).toHaveLength(2);
  });

  it(`stops at ${MAX_CAMERAS_PER_TENANT} cameras per industry`, async () => {
    const { tenant, point } = await industryWithPoint();
    await t.db.insert(cameras).values(
      Array.from({ length: MAX_CAMERAS_PER_TENANT }, (_, i) => ({
        tenantId: tenant.id,
        monitoringPointId: point.id,
        name: `Camera ${i + 1}`,
        provisionId: `PRV-${unique()}-${i}`,
        authTokenEncrypted: 'v1.x.y.z',
        authTokenHint: 'abcd',
      })),
    );
    expectError(
      await site.call({ method: 'POST', url: url(tenant.id), payload: cameraBody(point.id) }),
      422,
      'BUSINESS_RULE',
    );
  });

  it('stores nothing when the audit row cannot be written', async () => {
    const { tenant, point } = await industryWithPoint();
    const trigger = await failAuditWritesOf(t.db, 'camera', 'CREATE');
    try {
      const response = await site.call({
        method: 'POST',
        url: url(tenant.id),
        payload: cameraBody(point.id),
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('tok-');
    } finally {
      await trigger();
    }
    expect(await liveCameras(tenant.id)).toEqual([]);
  });
});

describe('PUT /api/tenants/{id}/cameras/{cameraId}', () => {
  it('changes the camera from its version and keeps the token when none is sent', async () => {
    const { tenant, point } = await industryWithPoint();
    const second = await deviceFactories(t.db).monitoringPoint(tenant.id, 'ETP Outlet');
    const camera = await created(tenant.id, cameraBody(point.id, { authToken: 'first-token-9d8e' }));
    const before = await storedRow(camera.id);
    const response = await site.call({
      method: 'PUT',
      url: url(tenant.id, camera.id),
      payload: {
        name: 'ETP outlet camera',
        monitoringPointId: second.id,
        provisionId: camera.provisionId,
        viewerId: '',
        authToken: '',
        status: 'DISABLED',
        version: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'ETP outlet camera',
      monitoringPoint: { id: second.id, name: 'ETP Outlet' },
      viewerId: null,
      status: 'DISABLED',
      authTokenHint: '••••9d8e',
      version: 2,
    });
    expect((await storedRow(camera.id)).authTokenEncrypted).toBe(before.authTokenEncrypted);
    const [audit] = await auditRowsFor(t.db, 'camera', camera.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect(audit!.oldValue).toMatchObject({ name: 'Kiln stack camera', status: 'ENABLED' });
    expect(audit!.newValue).toMatchObject({ name: 'ETP outlet camera', status: 'DISABLED' });
    expect(audit!.newValue).not.toHaveProperty('auth');
  });

  it('replaces the token when a new one is sent, recording only that it was replaced', async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id, { authToken: 'first-token-9d8e' }));
    const response = await site.call({
      method: 'PUT',
      url: url(tenant.id, camera.id),
      payload: {
        ...cameraBody(point.id),
        provisionId: camera.provisionId,
        authToken: 'second-token-c3f7',
        version: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().authTokenHint).toBe('••••c3f7');
    expect(response.body).not.toContain('second-token');
    const row = await storedRow(camera.id);
    expect(
      await createSecrets({ secretsKey: SECRETS_KEY, dataDir: '/nonexistent' }).decrypt(
        row.authTokenEncrypted,
      ),
    ).toBe('second-token-c3f7');
    const [audit] = await auditRowsFor(t.db, 'camera', camera.id);
    expect(audit!.newValue).toMatchObject({ auth: 'token replaced', authHint: '••••c3f7' });
    expect(await allAuditText()).not.toContain('second-token');
    expect(await allAuditText()).not.toContain('first-token');
  });

  it('refuses a stale version, another camera’s name, and a body without a version', async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id, { name: 'North gate' }));
    await created(tenant.id, cameraBody(point.id, { name: 'South gate' }));
    const edit = (overrides: Record<string, unknown>) =>
      site.call({
        method: 'PUT',
        url: url(tenant.id, camera.id),
        payload: {
          ...cameraBody(point.id),
          provisionId: camera.provisionId,
          name: 'North gate',
          ...overrides,
        },
      });
    expectError(await edit({ version: 7 }), 409, 'STALE_VERSION');
    expectError(await edit({ name: 'south GATE', version: 1 }), 409, 'CAMERA_EXISTS');
    const noVersion = await edit({});
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect(noVersion.json().error.details).toEqual([expect.objectContaining({ path: 'version' })]);
    expect((await storedRow(camera.id)).version).toBe(1);
  });

  it('changes nothing when the audit row cannot be written', async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id, { authToken: 'kept-token-0000' }));
    const before = await storedRow(camera.id);
    const undo = await failAuditWrites(t.db, 'UPDATE', camera.id);
    try {
      const response = await site.call({
        method: 'PUT',
        url: url(tenant.id, camera.id),
        payload: {
          ...cameraBody(point.id),
          name: 'Never stored',
          provisionId: camera.provisionId,
          version: 1,
        },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await storedRow(camera.id)).toEqual(before);
  });

  it("answers 404 for another industry's camera, even under that industry's address", async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id));
    const other = await industryWithPoint();
    const strangerAdmin = await clientFor(t, other.tenant.id, 'admin');
    const body = { ...cameraBody(point.id), provisionId: camera.provisionId, version: 1 };
    // The camera named under the wrong industry.
    expectError(
      await site.call({ method: 'PUT', url: url(other.tenant.id, camera.id), payload: body }),
      404,
      'NOT_FOUND',
    );
    for (const target of [url(tenant.id, camera.id), url(other.tenant.id, camera.id)]) {
      expectError(await strangerAdmin.call({ method: 'PUT', url: target, payload: body }), 404, 'NOT_FOUND');
      expectError(await strangerAdmin.call({ method: 'DELETE', url: target }), 404, 'NOT_FOUND');
    }
    expectError(await strangerAdmin.call({ method: 'GET', url: url(tenant.id) }), 404, 'NOT_FOUND');
    expect((await storedRow(camera.id)).version).toBe(1);
  });
});

describe('DELETE /api/tenants/{id}/cameras/{cameraId}', () => {
  it('marks the camera deleted from its version, audits it, and lists it no more', async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id));
    expectError(
      await site.call({ method: 'DELETE', url: `${url(tenant.id, camera.id)}?version=5` }),
      409,
      'STALE_VERSION',
    );
    const response = await site.call({ method: 'DELETE', url: `${url(tenant.id, camera.id)}?version=1` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: camera.id, version: 2, authTokenHint: camera.authTokenHint });
    expect((await storedRow(camera.id)).status).toBe('DELETED');
    const [audit] = await auditRowsFor(t.db, 'camera', camera.id);
    expect(audit).toMatchObject({ action: 'DELETE', newValue: null });
    expect((await site.call({ method: 'GET', url: url(tenant.id) })).json().items).toEqual([]);
    expectError(await site.call({ method: 'DELETE', url: url(tenant.id, camera.id) }), 404, 'NOT_FOUND');
  });

  it('keeps the camera when the audit row cannot be written', async () => {
    const { tenant, point } = await industryWithPoint();
    const camera = await created(tenant.id, cameraBody(point.id));
    const undo = await failAuditWrites(t.db, 'DELETE', camera.id);
    try {
      expect((await site.call({ method: 'DELETE', url: url(tenant.id, camera.id) })).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect((await storedRow(camera.id)).status).toBe('ENABLED');
  });
});

describe('GET /api/tenants/{id}/cameras', () => {
  it('lists the cameras by name to whoever may see the industry, never with a token', async () => {
    const { tenant, point } = await industryWithPoint();
    await created(tenant.id, cameraBody(point.id, { name: 'Stack B camera', authToken: 'list-token-1111' }));
    await created(tenant.id, cameraBody(point.id, { name: 'ash pond camera', authToken: 'list-token-2222' }));
    const user = await clientFor(t, tenant.id, 'user');
    const response = await user.call({ method: 'GET', url: url(tenant.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((camera: Camera) => camera.name)).toEqual([
      'ash pond camera',
      'Stack B camera',
    ]);
    expect(response.body).not.toContain('list-token');
    expect((await t.app.inject({ method: 'GET', url: url(tenant.id) })).statusCode).toBe(401);
    expectError(
      await site.call({ method: 'GET', url: '/api/tenants/99999999999/cameras' }),
      404,
      'NOT_FOUND',
    );
  });
});
