import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateParameterIdentifiers,
  PLATFORM_ACCOUNT_ID,
  type Make,
  type Model,
  type ModelParameter,
  type ModelType,
} from '@vayu/domain';
import { makes, models, parameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;
let industryUser: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  industryUser = await clientFor(t, (await make.tenant()).id, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

async function createMake(body: Record<string, unknown> = {}) {
  const response = await site.call({
    method: 'POST',
    url: '/api/make',
    payload: { name: `Make ${unique()}`, type: 'Analyser', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Make;
}

async function createModelType(type = `Type ${unique()}`) {
  const response = await site.call({ method: 'POST', url: '/api/modelTypes', payload: { type } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ModelType;
}

async function addCatalogueParameter(label = `SO2 ${unique()}`, isCounter = false) {
  const [row] = await t.db
    .insert(parameters)
    .values({ ...generateParameterIdentifiers(label), label, mtype: 'stack', stdUnit: 'mg/Nm3', isCounter })
    .returning({ id: parameters.id });
  return row!.id;
}

async function createModel(body: Record<string, unknown>) {
  const response = await site.call({ method: 'POST', url: '/api/model', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Model;
}

describe('makes', () => {
  it('adds a make with its trimmed name and type, audited, and lists it to anyone signed in', async () => {
    const name = `SICK ${unique()}`;
    const created = await createMake({ name: `  ${name}  `, type: 'Calibrator' });
    expect(created).toMatchObject({ name, type: 'Calibrator', modelCount: 0, version: 1 });
    const [audit] = await auditRowsFor(t.db, 'make', created.id);
    expect(audit).toMatchObject({ action: 'CREATE', oldValue: null });
    expect(audit!.newValue).toMatchObject({ name, type: 'Calibrator' });

    const listed = (await industryUser.call({ method: 'GET', url: '/api/make' })).json() as Make[];
    expect(listed).toContainEqual(created);
    const calibrators = (
      await industryUser.call({ method: 'GET', url: '/api/Calibrator/make' })
    ).json() as Make[];
    expect(calibrators.map((m) => m.id)).toContain(created.id);
    expect(calibrators.every((m) => m.type === 'Calibrator')).toBe(true);
    const analysers = (
      await industryUser.call({ method: 'GET', url: '/api/Analyser/make' })
    ).json() as Make[];
    expect(analysers.every((m) => m.type === 'Analyser')).toBe(true);
    expect((await industryUser.call({ method: 'GET', url: `/api/make/${created.id}` })).json()).toEqual(
      created,
    );
  });

  it('lists makes not deleted, all or of one type', async () => {
    const analyser = await createMake({ type: 'Analyser' });
    const gone = await createMake({ type: 'Analyser' });
    await t.db.update(makes).set({ status: 'DELETED' }).where(eq(makes.id, gone.id));
    const all = (await site.call({ method: 'GET', url: '/api/make' })).json() as Make[];
    expect(all.map((m) => m.id)).toContain(analyser.id);
    expect(all.some((m) => m.id === gone.id)).toBe(false);
    const byQuery = (await site.call({ method: 'GET', url: '/api/make?type=Calibrator' })).json() as Make[];
    expect(byQuery).toEqual((await site.call({ method: 'GET', url: '/api/Calibrator/make' })).json());
    expectError(await site.call({ method: 'GET', url: '/api/make?type=Blender' }), 400, 'VALIDATION_FAILED');
    expectError(await site.call({ method: 'GET', url: `/api/make/${gone.id}` }), 404, 'NOT_FOUND');
  });

  it('refuses a name the type already has (whatever its case), an empty name and an unknown type', async () => {
    const first = await createMake({ type: 'Analyser' });
    const again = await site.call({
      method: 'POST',
      url: '/api/make',
      payload: { name: first.name.toUpperCase(), type: 'Analyser' },
    });
    expectError(again, 409, 'MAKE_EXISTS');
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'FIELD_TAKEN' }),
    ]);
    // The same name for another type of make is another make.
    await createMake({ name: first.name, type: 'Camera' });

    const bad = await site.call({
      method: 'POST',
      url: '/api/make',
      payload: { name: '  ', type: 'Blender' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['name', 'type']);
  });

  it('renames a make from its version; an old version is refused and nothing changes', async () => {
    const created = await createMake();
    const renamed = await site.call({
      method: 'PUT',
      url: `/api/make/${created.id}`,
      payload: { name: `${created.name} India`, type: 'Analyser', version: created.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: `${created.name} India`, version: 2 });
    const [audit] = await auditRowsFor(t.db, 'make', created.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect(audit!.oldValue).toMatchObject({ name: created.name });

    const stale = await site.call({
      method: 'PUT',
      url: `/api/make/${created.id}`,
      payload: { name: 'Stale', type: 'Analyser', version: created.version },
    });
    expectError(stale, 409, 'STALE_VERSION');
    const noVersion = await site.call({
      method: 'PUT',
      url: `/api/make/${created.id}`,
      payload: { name: 'No version', type: 'Analyser' },
    });
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect((await site.call({ method: 'GET', url: `/api/make/${created.id}` })).json().name).toBe(
      `${created.name} India`,
    );
  });

  it('writes nothing when the audit row cannot be written', async () => {
    const created = await createMake();
    const undo = await failAuditWrites(t.db, 'UPDATE', created.id);
    try {
      const response = await site.call({
        method: 'PUT',
        url: `/api/make/${created.id}`,
        payload: { name: 'Never stored', type: 'Analyser', version: 1 },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect((await site.call({ method: 'GET', url: `/api/make/${created.id}` })).json().name).toBe(
      created.name,
    );
  });

  it('lets only site users write makes, and nobody unsigned read them', async () => {
    const created = await createMake();
    const partner = await clientFor(t, (await make.partner()).id, 'admin');
    for (const client of [partner, industryUser]) {
      expectError(
        await client.call({ method: 'POST', url: '/api/make', payload: { name: 'Mine', type: 'Analyser' } }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await client.call({
          method: 'PUT',
          url: `/api/make/${created.id}`,
          payload: { name: 'Mine', type: 'Analyser', version: 1 },
        }),
        403,
        'FORBIDDEN',
      );
    }
    for (const url of [
      '/api/make',
      '/api/Analyser/make',
      '/api/Calibrator/make',
      `/api/make/${created.id}`,
    ]) {
      expect((await anonymous({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (await anonymous({ method: 'POST', url: '/api/make', payload: { name: 'X', type: 'Analyser' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('models', () => {
  it('adds a model to a make with its type and parameters; the parameters are what a device starts from', async () => {
    const maker = await createMake();
    const cems = await createModelType();
    const so2 = await addCatalogueParameter();
    const flow = await addCatalogueParameter(`Flow ${unique()}`, true);
    const model = await createModel({
      name: ' MCS100FT ',
      makeId: maker.id,
      modelType: cems.type.toLowerCase(),
      parameterIds: [so2, String(flow)],
    });
    expect(model).toMatchObject({
      name: 'MCS100FT',
      modelType: cems.type,
      make: { id: maker.id, name: maker.name, type: 'Analyser' },
      parameterIds: [so2, flow].sort((a, b) => a - b),
      version: 1,
    });
    const [audit] = await auditRowsFor(t.db, 'model', model.id);
    expect(audit).toMatchObject({ action: 'CREATE' });

    const params = (
      await industryUser.call({ method: 'GET', url: `/api/models/${model.id}/params` })
    ).json() as ModelParameter[];
    expect(params.map((p) => [p.id, p.stdUnit, p.isCounter])).toEqual(
      expect.arrayContaining([
        [so2, 'mg/Nm3', false],
        [flow, 'mg/Nm3', true],
      ]),
    );
    const listed = (await industryUser.call({ method: 'GET', url: `/api/modelByMake/${maker.id}` })).json();
    expect(listed).toEqual([model]);
    expect((await site.call({ method: 'GET', url: `/api/make/${maker.id}` })).json().modelCount).toBe(1);
  });

  it('lists the models of a make by name without deleted ones; 404 for an unknown make or model', async () => {
    const maker = await createMake();
    for (const name of ['ZX-9', 'ab 100', 'Old One']) await createModel({ name, makeId: maker.id });
    await t.db.update(models).set({ status: 'DELETED' }).where(eq(models.name, 'Old One'));
    const list = (await site.call({ method: 'GET', url: `/api/modelByMake/${maker.id}` })).json() as Model[];
    expect(list.map((m) => m.name)).toEqual(['ab 100', 'ZX-9']);
    expectError(await site.call({ method: 'GET', url: '/api/modelByMake/2000000000' }), 404, 'NOT_FOUND');
    expectError(await site.call({ method: 'GET', url: '/api/models/2000000000/params' }), 404, 'NOT_FOUND');
    expectError(await site.call({ method: 'GET', url: '/api/modelByMake/abc' }), 400, 'VALIDATION_FAILED');
    expect((await anonymous({ method: 'GET', url: `/api/modelByMake/${maker.id}` })).statusCode).toBe(401);
  });

  it('refuses an unknown make, model type or parameter, a repeated parameter and a taken name, storing nothing', async () => {
    const maker = await createMake();
    const first = await createModel({ name: 'GM35', makeId: maker.id });
    const taken = await site.call({
      method: 'POST',
      url: '/api/model',
      payload: { name: 'gm35', makeId: maker.id },
    });
    expectError(taken, 409, 'MODEL_EXISTS');
    // Another make may have a model of the same name.
    await createModel({ name: 'GM35', makeId: (await createMake()).id });

    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X1', makeId: 2000000000 }, 'makeId'],
      [{ name: 'X2', makeId: maker.id, modelType: 'Toaster' }, 'modelType'],
      [{ name: 'X3', makeId: maker.id, parameterIds: [2000000000] }, 'parameterIds'],
      [{ name: 'X4', makeId: maker.id, parameterIds: [first.id, first.id] }, 'parameterIds'],
      [{ name: '', makeId: maker.id }, 'name'],
    ];
    for (const [payload, path] of cases) {
      const response = await site.call({ method: 'POST', url: '/api/model', payload });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const stored = (
      await site.call({ method: 'GET', url: `/api/modelByMake/${maker.id}` })
    ).json() as Model[];
    expect(stored.map((m) => m.name)).toEqual(['GM35']);
  });

  it("changes a model's parameters from its version, and refuses an old version", async () => {
    const maker = await createMake();
    const [a, b] = [await addCatalogueParameter(), await addCatalogueParameter()];
    const model = await createModel({ name: 'ENDA-5000', makeId: maker.id, parameterIds: [a] });
    const changed = await site.call({
      method: 'PUT',
      url: `/api/model/${model.id}`,
      payload: { name: 'ENDA-5000', makeId: maker.id, parameterIds: [b], version: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ parameterIds: [b], version: 2 });
    const [audit] = await auditRowsFor(t.db, 'model', model.id);
    expect(audit!.oldValue).toMatchObject({ parameterIds: [a] });
    expect(audit!.newValue).toMatchObject({ parameterIds: [b] });
    const stale = await site.call({
      method: 'PUT',
      url: `/api/model/${model.id}`,
      payload: { name: 'ENDA-5000', makeId: maker.id, parameterIds: [a], version: 1 },
    });
    expectError(stale, 409, 'STALE_VERSION');
    const params = (await site.call({ method: 'GET', url: `/api/models/${model.id}/params` })).json();
    expect(params.map((p: ModelParameter) => p.id)).toEqual([b]);
    expectError(
      await industryUser.call({
        method: 'PUT',
        url: `/api/model/${model.id}`,
        payload: { name: 'Mine', makeId: maker.id, version: 2 },
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('model types', () => {
  it('adds and lists model types with how many models each has; a taken type is refused', async () => {
    const type = await createModelType(`Opacity ${unique()}`);
    expect(type).toMatchObject({ description: null, modelCount: 0, status: 'ENABLED', version: 1 });
    await createModel({ name: `M ${unique()}`, makeId: (await createMake()).id, modelType: type.type });
    const listed = (await industryUser.call({ method: 'GET', url: '/api/modelTypes' })).json() as ModelType[];
    expect(listed.find((item) => item.id === type.id)?.modelCount).toBe(1);
    const taken = await site.call({
      method: 'POST',
      url: '/api/modelTypes',
      payload: { type: type.type.toUpperCase() },
    });
    expectError(taken, 409, 'MODEL_TYPE_EXISTS');
    expect(taken.json().error.details).toEqual([expect.objectContaining({ path: 'type' })]);
    const [audit] = await auditRowsFor(t.db, 'model_type', type.id);
    expect(audit).toMatchObject({ action: 'CREATE' });
    expectError(
      await industryUser.call({ method: 'POST', url: '/api/modelTypes', payload: { type: 'Mine' } }),
      403,
      'FORBIDDEN',
    );
    expect((await anonymous({ method: 'GET', url: '/api/modelTypes' })).statusCode).toBe(401);
  });

  it('renames a model type and its models follow; an old version is refused', async () => {
    const type = await createModelType(`Dust ${unique()}`);
    const model = await createModel({
      name: `M ${unique()}`,
      makeId: (await createMake()).id,
      modelType: type.type,
    });
    const renamed = await site.call({
      method: 'PUT',
      url: `/api/modelTypes/${type.id}`,
      payload: { type: `${type.type} Monitor`, description: ' Particulate monitors ', version: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      type: `${type.type} Monitor`,
      description: 'Particulate monitors',
      modelCount: 1,
    });
    const [after] = (
      await site.call({ method: 'GET', url: `/api/modelByMake/${model.make.id}` })
    ).json() as Model[];
    expect(after!.modelType).toBe(`${type.type} Monitor`);
    expectError(
      await site.call({
        method: 'PUT',
        url: `/api/modelTypes/${type.id}`,
        payload: { type: 'Again', version: 1 },
      }),
      409,
      'STALE_VERSION',
    );
    expectError(
      await site.call({
        method: 'PUT',
        url: '/api/modelTypes/2000000000',
        payload: { type: 'Gone', version: 1 },
      }),
      404,
      'NOT_FOUND',
    );
  });
});
