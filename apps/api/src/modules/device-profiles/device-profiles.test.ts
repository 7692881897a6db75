import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateParameterIdentifiers,
  PLATFORM_ACCOUNT_ID,
  PROFILE_PAGE_SIZE,
  type DeviceProfile,
  type ProfileType,
} from '@vayu/domain';
import { auditLogs, deviceProfiles, makes, models, modelTypes, parameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { seedParameterCatalogue } from '../../seed/demo-data.js';
import { seedDeviceProfiles } from '../../seed/device-profiles.js';
import { seedDiagnostics } from '../../seed/diagnostics.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;
let industryUser: Awaited<ReturnType<typeof clientFor>>;
let partnerUser: Awaited<ReturnType<typeof clientFor>>;
/** Catalogue parameters: a stack gas, an effluent pH and a stack flow. */
let so2: number;
let ph: number;
let flow: number;
/** An analyser model (its make SICK-like), a calibrator model and a deleted analyser model. */
let analyser: { id: number; name: string; makeId: number; makeName: string };
let calibrator: { id: number };
let deletedModel: { id: number };

const unique = () => randomBytes(4).toString('hex');
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

async function addParameter(label: string, mtype: 'stack' | 'etp', stdUnit: string) {
  const [row] = await t.db
    .insert(parameters)
    .values({ ...generateParameterIdentifiers(label), label, mtype, stdUnit })
    .returning({ id: parameters.id });
  return row!.id;
}

async function addModel(type: 'Analyser' | 'Calibrator', status: 'ENABLED' | 'DELETED' = 'ENABLED') {
  const makeName = `Make ${unique()}`;
  const [make] = await t.db.insert(makes).values({ name: makeName, type }).returning({ id: makes.id });
  const name = `Model ${unique()}`;
  const [model] = await t.db
    .insert(models)
    .values({ name, makeId: make!.id, modelType: 'CEMS', status })
    .returning({ id: models.id });
  return { id: model!.id, name, makeId: make!.id, makeName };
}

beforeAll(async () => {
  t = await startTestApp();
  const make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  industryUser = await clientFor(t, (await make.tenant()).id, 'admin');
  partnerUser = await clientFor(t, (await make.partner()).id, 'admin');
  await t.db.insert(modelTypes).values([{ type: 'CEMS' }, { type: 'Water Quality' }]);
  so2 = await addParameter(`SO2 ${unique()}`, 'stack', 'mg/Nm3');
  ph = await addParameter(`pH ${unique()}`, 'etp', 'pH');
  flow = await addParameter(`Stack Flow ${unique()}`, 'stack', 'm3/h');
  analyser = await addModel('Analyser');
  calibrator = await addModel('Calibrator');
  deletedModel = await addModel('Analyser', 'DELETED');
});

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: `CEMS SO2 analyser ${unique()}`,
  description: 'Extractive analyser at the kiln stack',
  type: 'Analyser',
  deviceType: 'cems',
  modelId: analyser.id,
  params: [
    { parameterId: so2, unit: 'mg/Nm3' },
    { parameterId: flow, unit: 'm3/h' },
  ],
  ...overrides,
});

async function createProfile(overrides: Record<string, unknown> = {}) {
  const response = await site.call({
    method: 'POST',
    url: '/api/profiles/devices',
    payload: validBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DeviceProfile;
}

async function listPage(type: ProfileType | 'all', offset?: number) {
  const response = await industryUser.call({
    method: 'GET',
    url: `/api/profiles/devices/${type}${offset === undefined ? '' : `?offset=${offset}`}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: DeviceProfile[]; offset: number };
}

/** Every profile of a list, asked for as the console's infinite scroll does: offset = number loaded, until a page is empty. */
async function walkList(type: ProfileType | 'all') {
  const loaded: DeviceProfile[] = [];
  const pageSizes: number[] = [];
  for (;;) {
    const page = await listPage(type, loaded.length);
    expect(page.offset).toBe(loaded.length);
    pageSizes.push(page.items.length);
    if (page.items.length === 0) break;
    loaded.push(...page.items);
  }
  return { loaded, pageSizes };
}

const detailPaths = (response: { json: () => { error: { details?: { path: string }[] } } }) =>
  (response.json().error.details ?? []).map((detail) => detail.path).sort();

describe('device profile list', () => {
  it('pages through profiles by name, a page at a time from the offset, ending with an empty page', async () => {
    // Camera profiles are made only here, so this list is exactly these.
    const names = Array.from(
      { length: 2 * PROFILE_PAGE_SIZE + 5 },
      (_, i) => `${i % 2 === 0 ? 'camera' : 'Camera'} ${String(i).padStart(2, '0')} ${unique()}`,
    );
    await t.db.insert(deviceProfiles).values(names.map((name) => ({ name, type: 'Camera' as const })));
    // A deleted one never shows.
    await t.db
      .insert(deviceProfiles)
      .values({ name: `Camera 00 gone ${unique()}`, type: 'Camera', status: 'DELETED' });

    const { loaded, pageSizes } = await walkList('Camera');
    expect(pageSizes).toEqual([PROFILE_PAGE_SIZE, PROFILE_PAGE_SIZE, 5, 0]);
    // By name whatever its case, each profile once.
    expect(loaded.map((p) => p.name)).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(new Set(loaded.map((p) => p.id)).size).toBe(names.length);
    expect(loaded.every((p) => p.type === 'Camera' && p.model === null && p.status === 'ENABLED')).toBe(true);
    // Past the end: an empty page, not an error.
    expect((await listPage('Camera', 1000)).items).toEqual([]);
    // No offset is the first page.
    expect((await listPage('Camera')).items.map((p) => p.id)).toEqual(
      loaded.slice(0, PROFILE_PAGE_SIZE).map((p) => p.id),
    );
  });

  it('lists one type or all of them, with model, make and the catalogue names of the parameters', async () => {
    const created = await createProfile({ name: `Analyser list ${unique()}` });
    const custom = await createProfile({ name: `Custom list ${unique()}`, type: 'custom', modelId: null });

    const analysers = (await walkList('Analyser')).loaded;
    expect(analysers.map((p) => p.id)).toContain(created.id);
    expect(analysers.every((p) => p.type === 'Analyser')).toBe(true);
    const all = (await walkList('all')).loaded;
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([created.id, custom.id]));
    expect(new Set(all.map((p) => p.type))).toEqual(new Set(['Analyser', 'Camera', 'custom']));
    const names = all.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const listed = analysers.find((p) => p.id === created.id)!;
    expect(listed).toEqual(created);
    expect(listed.model).toEqual({
      id: analyser.id,
      name: analyser.name,
      make: { id: analyser.makeId, name: analyser.makeName },
    });
    const [so2Row] = await t.db.select().from(parameters).where(eq(parameters.id, so2));
    expect(listed.params[0]).toEqual({
      parameterId: so2,
      name: so2Row!.name,
      label: so2Row!.label,
      unit: 'mg/Nm3',
    });
  });

  it('refuses an unknown type or a bad offset, and anyone not signed in', async () => {
    for (const url of [
      '/api/profiles/devices/Blender',
      '/api/profiles/devices/all?offset=-1',
      '/api/profiles/devices/all?offset=abc',
      '/api/profiles/devices/all?offset=99999999999',
    ]) {
      expectError(await site.call({ method: 'GET', url }), 400, 'VALIDATION_FAILED');
    }
    expect((await anonymous({ method: 'GET', url: '/api/profiles/devices/all' })).statusCode).toBe(401);
    // Every signed-in user reads the profiles.
    expect((await partnerUser.call({ method: 'GET', url: '/api/profiles/devices/all' })).statusCode).toBe(
      200,
    );
  });
});

describe('device profile writes', () => {
  it('adds a profile with trimmed texts, the device type as the master spells it, audited', async () => {
    const name = `CEMS SO2/NOx analyser ${unique()}`;
    const created = await createProfile({ name: `  ${name} `, description: '  ', status: 'DISABLED' });
    expect(created).toMatchObject({
      name,
      description: null,
      type: 'Analyser',
      deviceType: 'CEMS',
      status: 'DISABLED',
      version: 1,
    });
    expect(created.params.map((p) => [p.parameterId, p.unit])).toEqual([
      [so2, 'mg/Nm3'],
      [flow, 'm3/h'],
    ]);
    const [audit] = await auditRowsFor(t.db, 'device_profile', created.id);
    expect(audit).toMatchObject({ action: 'CREATE', oldValue: null, tenantId: null });
    expect(audit!.newValue).toMatchObject({ name, status: 'DISABLED' });
  });

  it('changes a profile from its version; an old version is refused and nothing changes', async () => {
    const created = await createProfile();
    const changed = await site.call({
      method: 'PUT',
      url: `/api/profiles/devices/${created.id}`,
      payload: validBody({
        name: `${created.name} v2`,
        params: [{ parameterId: so2, unit: 'ppm' }],
        deviceType: null,
        version: created.version,
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: `${created.name} v2`, deviceType: null, version: 2 });
    expect((changed.json() as DeviceProfile).params.map((p) => p.unit)).toEqual(['ppm']);
    const [audit] = await auditRowsFor(t.db, 'device_profile', created.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect(audit!.oldValue).toMatchObject({ name: created.name, version: 1 });
    expect(audit!.newValue).toMatchObject({ name: `${created.name} v2`, version: 2 });

    const stale = await site.call({
      method: 'PUT',
      url: `/api/profiles/devices/${created.id}`,
      payload: validBody({ name: 'Stale', version: created.version }),
    });
    expectError(stale, 409, 'STALE_VERSION');
    const noVersion = await site.call({
      method: 'PUT',
      url: `/api/profiles/devices/${created.id}`,
      payload: validBody({ name: 'No version' }),
    });
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect(detailPaths(noVersion)).toEqual(['version']);
    const stored = (await walkList('Analyser')).loaded.find((p) => p.id === created.id);
    expect(stored?.name).toBe(`${created.name} v2`);
    expectError(
      await site.call({
        method: 'PUT',
        url: '/api/profiles/devices/2000000000',
        payload: validBody({ version: 1 }),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('deletes a profile (marked DELETED, gone from the lists), audited; an old version is refused', async () => {
    const created = await createProfile();
    const stale = await site.call({
      method: 'DELETE',
      url: `/api/profiles/devices/${created.id}?version=${created.version + 1}`,
    });
    expectError(stale, 409, 'STALE_VERSION');
    const deleted = await site.call({
      method: 'DELETE',
      url: `/api/profiles/devices/${created.id}?version=${created.version}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await t.db.select().from(deviceProfiles).where(eq(deviceProfiles.id, created.id));
    expect(row!.status).toBe('DELETED');
    expect((await walkList('all')).loaded.some((p) => p.id === created.id)).toBe(false);
    const [audit] = await auditRowsFor(t.db, 'device_profile', created.id);
    expect(audit).toMatchObject({ action: 'DELETE', newValue: null });
    expect(audit!.oldValue).toMatchObject({ id: created.id, name: created.name });
    // Gone: a second delete or an edit finds nothing, and the name is free again.
    expectError(
      await site.call({ method: 'DELETE', url: `/api/profiles/devices/${created.id}` }),
      404,
      'NOT_FOUND',
    );
    await createProfile({ name: created.name });
  });

  it('refuses a name another profile has, whatever its case', async () => {
    const first = await createProfile();
    const again = await site.call({
      method: 'POST',
      url: '/api/profiles/devices',
      payload: validBody({ name: first.name.toUpperCase() }),
    });
    expectError(again, 409, 'PROFILE_EXISTS');
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'FIELD_TAKEN' }),
    ]);
    const other = await createProfile();
    const renamed = await site.call({
      method: 'PUT',
      url: `/api/profiles/devices/${other.id}`,
      payload: validBody({ name: first.name, version: other.version }),
    });
    expectError(renamed, 409, 'PROFILE_EXISTS');
  });

  it('names each field that is wrong, storing nothing', async () => {
    const before = await t.db.select({ id: deviceProfiles.id }).from(deviceProfiles);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: ' ', type: 'Blender' }, ['name', 'type']],
      [{ modelId: 2000000000 }, ['modelId']],
      [{ modelId: deletedModel.id }, ['modelId']],
      // An analyser profile takes an analyser's model; a custom one any model.
      [{ modelId: calibrator.id }, ['modelId']],
      [{ deviceType: 'Toaster' }, ['deviceType']],
      [{ params: [{ parameterId: 2000000000, unit: null }] }, ['params', 'params.0.parameterId']],
      [
        {
          params: [
            { parameterId: so2, unit: 'mg/Nm3' },
            { parameterId: ph, unit: 'furlongs' },
          ],
        },
        ['params', 'params.1.unit'],
      ],
      // A known unit that the parameter is not measured in.
      [{ params: [{ parameterId: ph, unit: 'mg/L' }] }, ['params', 'params.0.unit']],
      [
        {
          params: [
            { parameterId: so2, unit: null },
            { parameterId: so2, unit: null },
          ],
        },
        ['params'],
      ],
      [{ params: [{ parameterId: so2, unit: 'mg/Nm3', extra: 1 }] }, ['params.0']],
      [{ params: 'SO2' }, ['params']],
    ];
    for (const [overrides, paths] of cases) {
      const response = await site.call({
        method: 'POST',
        url: '/api/profiles/devices',
        payload: validBody(overrides),
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(detailPaths(response), JSON.stringify(overrides)).toEqual(paths);
    }
    expect(await t.db.select({ id: deviceProfiles.id }).from(deviceProfiles)).toHaveLength(before.length);
    // A custom profile may take the calibrator's model.
    const custom = await createProfile({ type: 'custom', modelId: calibrator.id, deviceType: null });
    expect(custom.model?.id).toBe(calibrator.id);
  });

  it('lets only site users write profiles, and nobody unsigned', async () => {
    const created = await createProfile();
    for (const client of [partnerUser, industryUser]) {
      expectError(
        await client.call({ method: 'POST', url: '/api/profiles/devices', payload: validBody() }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await client.call({
          method: 'PUT',
          url: `/api/profiles/devices/${created.id}`,
          payload: validBody({ version: 1 }),
        }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await client.call({ method: 'DELETE', url: `/api/profiles/devices/${created.id}` }),
        403,
        'FORBIDDEN',
      );
    }
    expect(
      (await anonymous({ method: 'POST', url: '/api/profiles/devices', payload: validBody() })).statusCode,
    ).toBe(401);
    expect(
      (await anonymous({ method: 'DELETE', url: `/api/profiles/devices/${created.id}` })).statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(deviceProfiles).where(eq(deviceProfiles.id, created.id));
    expect(row).toMatchObject({ status: 'ENABLED', version: 1 });
  });

  it('writes nothing when the audit row cannot be written', async () => {
    const created = await createProfile();
    for (const [action, request] of [
      [
        'UPDATE',
        {
          method: 'PUT',
          url: `/api/profiles/devices/${created.id}`,
          payload: validBody({ name: 'Never stored', version: 1 }),
        },
      ],
      ['DELETE', { method: 'DELETE', url: `/api/profiles/devices/${created.id}` }],
    ] as const) {
      const undo = await failAuditWrites(t.db, action, created.id);
      try {
        expect((await site.call(request)).statusCode).toBe(500);
      } finally {
        await undo();
      }
    }
    const [row] = await t.db.select().from(deviceProfiles).where(eq(deviceProfiles.id, created.id));
    expect(row).toMatchObject({ name: created.name, status: 'ENABLED', version: 1 });

    // A new profile whose CREATE row fails is not stored either.
    const name = `Never added ${unique()}`;
    const undo = await failAuditWrites(t.db, 'CREATE', created.id + 1);
    try {
      const response = await site.call({
        method: 'POST',
        url: '/api/profiles/devices',
        payload: validBody({ name }),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await t.db.select().from(deviceProfiles).where(eq(deviceProfiles.name, name))).toEqual([]);
    expect(
      (await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'device_profile'))).some(
        (row) => (row.newValue as { name?: string } | null)?.name === name,
      ),
    ).toBe(false);
  });
});

describe('demo device profiles', () => {
  it('seed on the demo catalogue more than a page of profiles that the API accepts as they are', async () => {
    // A database of its own: the demo makes and model types would clash with this file's.
    const demo = await startTestApp();
    await demo.db.transaction(async (tx) => {
      await seedParameterCatalogue(tx);
      await seedDiagnostics(tx);
      await seedDeviceProfiles(tx);
      // Seeding again adds nothing.
      await seedDeviceProfiles(tx);
    });
    const admin = await clientFor(demo, PLATFORM_ACCOUNT_ID, 'admin');
    const loaded: DeviceProfile[] = [];
    for (;;) {
      const page = (
        await admin.call({ method: 'GET', url: `/api/profiles/devices/all?offset=${loaded.length}` })
      ).json() as { items: DeviceProfile[] };
      if (page.items.length === 0) break;
      loaded.push(...page.items);
    }
    expect(loaded.length).toBeGreaterThan(PROFILE_PAGE_SIZE);
    expect(loaded.length).toBe((await demo.db.select({ id: deviceProfiles.id }).from(deviceProfiles)).length);
    expect(new Set(loaded.map((p) => p.type))).toEqual(
      new Set(['Analyser', 'Calibrator', 'Camera', 'custom']),
    );
    expect(loaded.some((p) => p.status === 'DISABLED')).toBe(true);
    const horiba = loaded.find((p) => p.name === 'CEMS SO2/NOx/CO analyser (Horiba ENDA-5000)');
    expect(horiba?.model).toMatchObject({ name: 'ENDA-5000', make: { name: 'Horiba' } });
    expect(horiba?.params.map((p) => [p.label, p.unit])).toEqual([
      ['SO2', 'mg/Nm3'],
      ['NOx', 'mg/Nm3'],
      ['CO', 'mg/Nm3'],
      ['CO2', '%'],
      ['O2', '%'],
    ]);
    // Every model and parameter the seed names exists, and each profile saves back unchanged.
    for (const profile of loaded) {
      if (profile.type !== 'Camera' && profile.type !== 'custom')
        expect(profile.model, profile.name).not.toBeNull();
      const saved = await admin.call({
        method: 'PUT',
        url: `/api/profiles/devices/${profile.id}`,
        payload: {
          name: profile.name,
          description: profile.description,
          type: profile.type,
          deviceType: profile.deviceType,
          modelId: profile.model?.id ?? null,
          params: profile.params.map(({ parameterId, unit }) => ({ parameterId, unit })),
          status: profile.status,
          version: profile.version,
        },
      });
      expect(saved.statusCode, `${profile.name}: ${saved.body}`).toBe(200);
      expect(saved.json()).toMatchObject({
        ...profile,
        version: profile.version + 1,
        updatedAt: expect.any(String),
      });
    }
  });
});
