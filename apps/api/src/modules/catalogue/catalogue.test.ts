import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_MESSAGE,
  type EntityType,
  MASTER_CATEGORY_EXISTS_MESSAGE,
  type MasterCategory,
  type TimeZoneOption,
} from '@vayu/domain';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

const uniqueType = (type: string) => `${type} ${randomBytes(3).toString('hex')}`;
async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const siteAdmin = async () => signInAs(await make.siteUser('admin'));
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

describe('GET /api/entityProps', () => {
  it('lists the entity types with the properties each records, for every signed-in user', async () => {
    const tenantUser = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const response = await tenantUser({ method: 'GET', url: '/api/entityProps' });
    expect(response.statusCode).toBe(200);
    const types = response.json() as EntityType[];
    expect(types.map((type) => type.key)).toEqual([
      'group',
      'etp',
      'stack',
      'caaqms',
      'mobile stack',
      'Ash',
      'ground water',
    ]);
    expect(types.find((type) => type.key === 'stack')?.properties).toContainEqual(
      expect.objectContaining({ key: 'stackHeight', unit: 'm', type: 'number', required: true }),
    );
    expect((await anonymous({ method: 'GET', url: '/api/entityProps' })).statusCode).toBe(401);
  });
});

describe('GET /api/timezones', () => {
  it('lists the time zones with their offset today, India first; 401 without a session', async () => {
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    const response = await partner({ method: 'GET', url: '/api/timezones' });
    expect(response.statusCode).toBe(200);
    const zones = response.json() as TimeZoneOption[];
    expect(zones[0]).toEqual({ id: 'Asia/Kolkata', offsetMinutes: 330, label: '(UTC+05:30) Asia/Kolkata' });
    expect(zones.map((zone) => zone.id)).toContain('UTC');
    expect((await anonymous({ method: 'GET', url: '/api/timezones' })).statusCode).toBe(401);
  });
});

describe('master categories', () => {
  it('adds (trimmed), lists, edits from the current version and deletes, auditing each step', async () => {
    const site = await siteAdmin();
    const type = uniqueType('Red');
    const created = await site({
      method: 'POST',
      url: '/api/masterCategories',
      payload: { type: `  ${type} `, description: ' Highly polluting ' },
    });
    expect(created.statusCode).toBe(201);
    const category = created.json() as MasterCategory;
    expect(category).toMatchObject({ type, description: 'Highly polluting', status: 'ENABLED', version: 1 });

    const tenantUser = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const list = await tenantUser({ method: 'GET', url: '/api/masterCategories' });
    expect(list.statusCode).toBe(200);
    expect((list.json() as MasterCategory[]).map((c) => c.id)).toContain(category.id);

    const edited = await site({
      method: 'PUT',
      url: `/api/masterCategories/${category.id}`,
      payload: { type, description: '', version: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: null, version: 2 });

    const stale = await site({
      method: 'PUT',
      url: `/api/masterCategories/${category.id}`,
      payload: { type, description: 'Old form', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);

    const deleted = await site({ method: 'DELETE', url: `/api/masterCategories/${category.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ status: 'DELETED' });
    const after = (await site({ method: 'GET', url: '/api/masterCategories' })).json() as MasterCategory[];
    expect(after.map((c) => c.id)).not.toContain(category.id);
    const withDeleted = (
      await site({ method: 'GET', url: '/api/masterCategories?includeDeleted=true' })
    ).json() as MasterCategory[];
    expect(withDeleted.map((c) => c.id)).toContain(category.id);
    expect((await site({ method: 'DELETE', url: `/api/masterCategories/${category.id}` })).statusCode).toBe(
      404,
    );

    const audit = await auditRowsFor(t.db, 'master_category', category.id);
    expect(audit.map((row) => row.action)).toEqual(['DELETE', 'UPDATE', 'CREATE']);
    expect(audit[1]!.oldValue).toMatchObject({ description: 'Highly polluting' });
    expect(audit[1]!.newValue).toMatchObject({ description: null });
  });

  it('refuses a type already used (any letter case) and an empty type with field details', async () => {
    const site = await siteAdmin();
    const type = uniqueType('Orange');
    expect((await site({ method: 'POST', url: '/api/masterCategories', payload: { type } })).statusCode).toBe(
      201,
    );
    const duplicate = await site({
      method: 'POST',
      url: '/api/masterCategories',
      payload: { type: type.toUpperCase() },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('MASTER_CATEGORY_EXISTS');
    expect(duplicate.json().error.message).toBe(MASTER_CATEGORY_EXISTS_MESSAGE);

    const empty = await site({ method: 'POST', url: '/api/masterCategories', payload: { type: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    expect(empty.json().error.details).toContainEqual(expect.objectContaining({ path: 'type' }));
  });

  it('lets only site users write; 401 without a session', async () => {
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    const tenantAdmin = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    for (const caller of [partner, tenantAdmin]) {
      const response = await caller({
        method: 'POST',
        url: '/api/masterCategories',
        payload: { type: uniqueType('Green') },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect(
      (await anonymous({ method: 'POST', url: '/api/masterCategories', payload: { type: 'White' } }))
        .statusCode,
    ).toBe(401);
    const signedOut = await anonymous({ method: 'GET', url: '/api/masterCategories' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
  });
});
