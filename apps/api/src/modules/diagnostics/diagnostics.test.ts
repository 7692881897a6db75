import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_MESSAGE,
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
  DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
  generateParameterIdentifiers,
  type DiagnosticParam,
  type MakeType,
} from '@vayu/domain';
import { makes, models, parameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { findDiagnosticUseOfParameter } from './diagnostics.repository.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

const unique = () => randomBytes(4).toString('hex');

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const siteAdmin = async () => signInAs(await make.siteUser('admin'));
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

/** A make with models, put straight in (the makes module's tests cover their API). */
async function addMake(type: MakeType = 'Analyser', modelNames: string[] = ['M1']) {
  const [row] = await t.db
    .insert(makes)
    .values({ name: `Make ${unique()}`, type })
    .returning({ id: makes.id, name: makes.name });
  const modelRows = [];
  for (const name of modelNames) {
    const [model] = await t.db
      .insert(models)
      .values({ name, makeId: row!.id, modelType: 'CEMS' })
      .returning({ id: models.id, name: models.name });
    modelRows.push(model!);
  }
  return { ...row!, models: modelRows };
}

async function addCatalogueParameter(label = `Cell Temperature ${unique()}`) {
  const [row] = await t.db
    .insert(parameters)
    .values({ ...generateParameterIdentifiers(label), label, mtype: 'general', stdUnit: 'degC' })
    .returning({ id: parameters.id });
  return row!.id;
}

async function addSetUp(body: Record<string, unknown>) {
  const site = await siteAdmin();
  const response = await site({ method: 'POST', url: '/api/diagnosticParams', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DiagnosticParam;
}

describe('POST /api/diagnosticParams', () => {
  it('adds a model set-up with its parameters and writes an audit row', async () => {
    const maker = await addMake('Analyser', ['MCS100FT']);
    const cell = await addCatalogueParameter(`Cell Temperature ${unique()}`);
    const flow = await addCatalogueParameter(`Sample Flow ${unique()}`);
    const created = await addSetUp({
      modelId: maker.models[0]!.id,
      paramIds: [flow, cell],
      isRemoteCalibration: true,
      isCalibrationThroughUtility: true,
      dataUploadMethod: 'IOT-EDGE',
    });
    expect(created).toMatchObject({
      tenant: null,
      model: { id: maker.models[0]!.id, name: 'MCS100FT', make: { id: maker.id, name: maker.name } },
      isRemoteCalibration: true,
      isCalibrationThroughUtility: true,
      dataUploadMethod: 'IOT-EDGE',
      status: 'ENABLED',
      version: 1,
    });
    // parameters come back by label
    expect(created.paramIds).toEqual([cell, flow]);
    expect(created.parameters[0]).toMatchObject({ id: cell, stdUnit: 'degC' });

    const [audit] = await auditRowsFor(t.db, 'diagnostic_param', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      tenantId: null,
      oldValue: null,
      newValue: { paramIds: [cell, flow], dataUploadMethod: 'IOT-EDGE' },
    });
  });

  it('adds an industry set-up, clears the upload method when not through the utility', async () => {
    const tenant = await make.tenant();
    const param = await addCatalogueParameter();
    const created = await addSetUp({
      tenantId: tenant.id,
      paramIds: [param],
      isCalibrationThroughUtility: false,
      dataUploadMethod: 'IOT-Gateway',
    });
    expect(created).toMatchObject({
      tenant: { id: tenant.id, name: tenant.name },
      model: null,
      isRemoteCalibration: false,
      isCalibrationThroughUtility: false,
      dataUploadMethod: null,
    });
    const [audit] = await auditRowsFor(t.db, 'diagnostic_param', created.id);
    // the industry's own audit log shows the change
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id });
  });

  it('answers 400 with field details for a body that breaks the rules', async () => {
    const maker = await addMake();
    const modelId = maker.models[0]!.id;
    const param = await addCatalogueParameter();
    const site = await siteAdmin();
    const post = (payload: Record<string, unknown>) =>
      site({ method: 'POST', url: '/api/diagnosticParams', payload });

    const noParams = await post({ modelId, paramIds: [] });
    expect(noParams.statusCode).toBe(400);
    expect(noParams.json().error.code).toBe('VALIDATION_FAILED');
    expect(noParams.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'paramIds',
        message: DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
      }),
    );

    const noOwner = await post({ paramIds: [param] });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'modelId',
        message: DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
      }),
    );

    const bothOwners = await post({ modelId, tenantId: (await make.tenant()).id, paramIds: [param] });
    expect(bothOwners.statusCode).toBe(400);
    expect(bothOwners.json().error.details.map((d: { path: string }) => d.path)).toContain('tenantId');

    const noMethod = await post({ modelId, paramIds: [param], isCalibrationThroughUtility: true });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'dataUploadMethod',
        message: DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
      }),
    );

    const unknownField = await post({ modelId, paramIds: [param], makeId: maker.id });
    expect(unknownField.statusCode).toBe(400);
  });

  it('refuses owners and parameters that do not exist or are deleted (400 on the field)', async () => {
    const maker = await addMake();
    const modelId = maker.models[0]!.id;
    const param = await addCatalogueParameter();
    const deletedParam = await addCatalogueParameter();
    await t.db.update(parameters).set({ status: 'DELETED' }).where(eq(parameters.id, deletedParam));
    const site = await siteAdmin();
    const post = (payload: Record<string, unknown>) =>
      site({ method: 'POST', url: '/api/diagnosticParams', payload });
    const fieldOf = async (payload: Record<string, unknown>) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details[0].code).toBe('FIELD_INVALID');
      return response.json().error.details[0].path as string;
    };

    expect(await fieldOf({ modelId, paramIds: [param, 2_000_000_000] })).toBe('paramIds');
    expect(await fieldOf({ modelId, paramIds: [deletedParam] })).toBe('paramIds');
    expect(await fieldOf({ modelId: 2_000_000_000, paramIds: [param] })).toBe('modelId');
    // a partner account is not an industry
    expect(await fieldOf({ tenantId: (await make.partner()).id, paramIds: [param] })).toBe('tenantId');
    const gone = await make.tenant({ status: 'DELETED' });
    expect(await fieldOf({ tenantId: gone.id, paramIds: [param] })).toBe('tenantId');
    const deletedModel = await addMake();
    await t.db.update(models).set({ status: 'DELETED' }).where(eq(models.id, deletedModel.models[0]!.id));
    expect(await fieldOf({ modelId: deletedModel.models[0]!.id, paramIds: [param] })).toBe('modelId');
    // nothing was written
    const list = await site({ method: 'GET', url: `/api/diagnosticParams?makeId=${maker.id}` });
    expect(list.json().total).toBe(0);
  });

  it('refuses a second active set-up for the same model or industry (409) until the first is deleted', async () => {
    const maker = await addMake();
    const modelId = maker.models[0]!.id;
    const tenant = await make.tenant();
    const param = await addCatalogueParameter();
    const first = await addSetUp({ modelId, paramIds: [param] });
    await addSetUp({ tenantId: tenant.id, paramIds: [param] });
    const site = await siteAdmin();

    const sameModel = await site({
      method: 'POST',
      url: '/api/diagnosticParams',
      payload: { modelId, paramIds: [param] },
    });
    expect(sameModel.statusCode).toBe(409);
    expect(sameModel.json().error.code).toBe('DIAGNOSTIC_MODEL_TAKEN');
    expect(sameModel.json().error.message).toBe(DIAGNOSTIC_MODEL_TAKEN_MESSAGE);
    const sameTenant = await site({
      method: 'POST',
      url: '/api/diagnosticParams',
      payload: { tenantId: tenant.id, paramIds: [param] },
    });
    expect(sameTenant.statusCode).toBe(409);
    expect(sameTenant.json().error.code).toBe('DIAGNOSTIC_TENANT_TAKEN');
    expect(sameTenant.json().error.message).toBe(DIAGNOSTIC_TENANT_TAKEN_MESSAGE);

    await site({ method: 'DELETE', url: `/api/diagnosticParams/${first.id}` });
    await addSetUp({ modelId, paramIds: [param] });
  });

  it('answers 401 without a session and 403 for partner and industry users', async () => {
    const maker = await addMake();
    const payload = { modelId: maker.models[0]!.id, paramIds: [await addCatalogueParameter()] };
    expect((await anonymous({ method: 'POST', url: '/api/diagnosticParams', payload })).statusCode).toBe(401);
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expect((await partner({ method: 'POST', url: '/api/diagnosticParams', payload })).statusCode).toBe(403);
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'POST', url: '/api/diagnosticParams', payload })).statusCode).toBe(403);
  });
});

describe('GET /api/diagnosticParams', () => {
  it('pages in the database and filters by make, model and industry', async () => {
    const maker = await addMake('Analyser', ['Beta', 'alpha', 'Gamma']);
    const otherMaker = await addMake('Analyser', ['Other']);
    const param = await addCatalogueParameter();
    const [beta, alpha, gamma] = maker.models;
    for (const model of [beta!, alpha!, gamma!, otherMaker.models[0]!]) {
      await addSetUp({ modelId: model.id, paramIds: [param] });
    }
    const tenant = await make.tenant();
    const tenantSetUp = await addSetUp({ tenantId: tenant.id, paramIds: [param] });
    const site = await siteAdmin();

    const first = await site({ method: 'GET', url: `/api/diagnosticParams?makeId=${maker.id}&pageSize=2` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    const names = (page: { items: DiagnosticParam[] }) => page.items.map((item) => item.model?.name);
    expect(names(first.json())).toEqual(['alpha', 'Beta']);
    const second = await site({
      method: 'GET',
      url: `/api/diagnosticParams?makeId=${maker.id}&pageSize=2&page=2`,
    });
    expect(names(second.json())).toEqual(['Gamma']);

    const byModel = await site({ method: 'GET', url: `/api/diagnosticParams?modelId=${gamma!.id}` });
    expect(names(byModel.json())).toEqual(['Gamma']);
    const byTenant = await site({ method: 'GET', url: `/api/diagnosticParams?tenantId=${tenant.id}` });
    expect(byTenant.json().items.map((item: DiagnosticParam) => item.id)).toEqual([tenantSetUp.id]);

    const detail = await site({ method: 'GET', url: `/api/diagnosticParams/${tenantSetUp.id}` });
    expect(detail.json()).toMatchObject({ id: tenantSetUp.id, tenant: { id: tenant.id } });

    expect((await site({ method: 'GET', url: '/api/diagnosticParams?pageSize=101' })).statusCode).toBe(400);
    expect((await anonymous({ method: 'GET', url: '/api/diagnosticParams' })).statusCode).toBe(401);
  });

  it('shows partners and industries the model set-ups and only the industry set-ups they may see', async () => {
    const partnerAccount = await make.partner();
    const ownTenant = await make.tenant({ partnerId: partnerAccount.id });
    const otherTenant = await make.tenant();
    const maker = await addMake();
    const param = await addCatalogueParameter();
    const modelSetUp = await addSetUp({ modelId: maker.models[0]!.id, paramIds: [param] });
    const ownSetUp = await addSetUp({ tenantId: ownTenant.id, paramIds: [param] });
    const otherSetUp = await addSetUp({ tenantId: otherTenant.id, paramIds: [param] });

    const idsSeenBy = async (client: Awaited<ReturnType<typeof signInAs>>) => {
      const response = await client({ method: 'GET', url: '/api/diagnosticParams?pageSize=100' });
      expect(response.statusCode).toBe(200);
      return (response.json().items as DiagnosticParam[]).map((item) => item.id);
    };

    const partner = await signInAs(await make.user(partnerAccount.id, 'user'));
    const partnerSees = await idsSeenBy(partner);
    expect(partnerSees).toEqual(expect.arrayContaining([modelSetUp.id, ownSetUp.id]));
    expect(partnerSees).not.toContain(otherSetUp.id);
    const hidden = await partner({ method: 'GET', url: `/api/diagnosticParams/${otherSetUp.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');

    const industry = await signInAs(await make.user(otherTenant.id, 'user'));
    const industrySees = await idsSeenBy(industry);
    expect(industrySees).toEqual(expect.arrayContaining([modelSetUp.id, otherSetUp.id]));
    expect(industrySees).not.toContain(ownSetUp.id);
    // filtering by an industry out of scope finds nothing
    const peek = await industry({ method: 'GET', url: `/api/diagnosticParams?tenantId=${ownTenant.id}` });
    expect(peek.json().total).toBe(0);
    expect(
      (await industry({ method: 'GET', url: `/api/diagnosticParams/${modelSetUp.id}` })).statusCode,
    ).toBe(200);
  });
});

describe('a site user acting for one industry', () => {
  it('reads and changes the model set-ups and that industry’s only; other industries are not there (404, 400)', async () => {
    const acted = await make.tenant();
    const other = await make.tenant();
    const maker = await addMake();
    const param = await addCatalogueParameter();
    const modelSetUp = await addSetUp({ modelId: maker.models[0]!.id, paramIds: [param] });
    const actedSetUp = await addSetUp({ tenantId: acted.id, paramIds: [param] });
    const otherSetUp = await addSetUp({ tenantId: other.id, paramIds: [param] });
    const siteUser = await make.siteUser('admin');
    const acting = asUser(t.app, await signIn(t.app, siteUser.email, siteUser.password), {
      'x-tenant-id': String(acted.id),
    });

    const list = await acting({ method: 'GET', url: '/api/diagnosticParams?pageSize=100' });
    const ids = (list.json().items as DiagnosticParam[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([modelSetUp.id, actedSetUp.id]));
    expect(ids).not.toContain(otherSetUp.id);

    const edit = (setUp: DiagnosticParam) =>
      acting({
        method: 'PUT',
        url: `/api/diagnosticParams/${setUp.id}`,
        payload: {
          tenantId: setUp.tenant?.id ?? null,
          modelId: setUp.model?.id ?? null,
          paramIds: [param],
          isRemoteCalibration: true,
          version: setUp.version,
        },
      });
    expect((await edit(actedSetUp)).statusCode).toBe(200);
    expect((await edit(modelSetUp)).statusCode).toBe(200);
    const hidden = await edit(otherSetUp);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    const removed = await acting({ method: 'DELETE', url: `/api/diagnosticParams/${otherSetUp.id}` });
    expect(removed.statusCode).toBe(404);

    // A set-up for another industry cannot be written from here either.
    const third = await make.tenant();
    const create = await acting({
      method: 'POST',
      url: '/api/diagnosticParams',
      payload: { tenantId: third.id, paramIds: [param] },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.details).toEqual([expect.objectContaining({ path: 'tenantId' })]);
    const untouched = await (
      await siteAdmin()
    )({ method: 'GET', url: `/api/diagnosticParams/${otherSetUp.id}` });
    expect(untouched.json()).toMatchObject({ version: otherSetUp.version, status: 'ENABLED' });
  });
});

describe('PUT /api/diagnosticParams/:id', () => {
  it('changes switches and parameters from the current version and audits old and new', async () => {
    const maker = await addMake();
    const modelId = maker.models[0]!.id;
    const [a, b, c] = [
      await addCatalogueParameter(),
      await addCatalogueParameter(),
      await addCatalogueParameter(),
    ];
    const created = await addSetUp({ modelId, paramIds: [a, b] });
    const site = await siteAdmin();
    const response = await site({
      method: 'PUT',
      url: `/api/diagnosticParams/${created.id}`,
      payload: {
        modelId,
        paramIds: [c, a],
        isRemoteCalibration: true,
        isCalibrationThroughUtility: true,
        dataUploadMethod: 'IOT-Gateway',
        version: created.version,
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as DiagnosticParam;
    expect(updated).toMatchObject({
      isRemoteCalibration: true,
      dataUploadMethod: 'IOT-Gateway',
      version: created.version + 1,
    });
    expect([...updated.paramIds].sort()).toEqual([a, c].sort());

    const [audit] = await auditRowsFor(t.db, 'diagnostic_param', created.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: { isRemoteCalibration: false, version: 1 },
      newValue: { isRemoteCalibration: true, version: 2 },
    });

    // the same edit again, from the version it no longer is
    const stale = await site({
      method: 'PUT',
      url: `/api/diagnosticParams/${created.id}`,
      payload: { modelId, paramIds: [a], version: created.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
    const after = await site({ method: 'GET', url: `/api/diagnosticParams/${created.id}` });
    expect(after.json().version).toBe(2);
  });

  it('needs the version, refuses moving onto an owner that has a set-up, and is site-only', async () => {
    const maker = await addMake('Analyser', ['One', 'Two']);
    const param = await addCatalogueParameter();
    const one = await addSetUp({ modelId: maker.models[0]!.id, paramIds: [param] });
    await addSetUp({ modelId: maker.models[1]!.id, paramIds: [param] });
    const site = await siteAdmin();
    const url = `/api/diagnosticParams/${one.id}`;

    const noVersion = await site({
      method: 'PUT',
      url,
      payload: { modelId: maker.models[0]!.id, paramIds: [param] },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'version',
        message: 'This field is required',
      }),
    );

    const taken = await site({
      method: 'PUT',
      url,
      payload: { modelId: maker.models[1]!.id, paramIds: [param], version: one.version },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('DIAGNOSTIC_MODEL_TAKEN');
    expect(taken.json().error.message).toBe(DIAGNOSTIC_MODEL_TAKEN_MESSAGE);

    const payload = { modelId: maker.models[0]!.id, paramIds: [param], version: one.version };
    expect((await anonymous({ method: 'PUT', url, payload })).statusCode).toBe(401);
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expect((await partner({ method: 'PUT', url, payload })).statusCode).toBe(403);
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await site({ method: 'PUT', url: '/api/diagnosticParams/2000000000', payload })).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/diagnosticParams/:id', () => {
  it('marks the set-up DELETED, hides it, audits it, and frees its parameters', async () => {
    const maker = await addMake();
    const param = await addCatalogueParameter();
    const created = await addSetUp({ modelId: maker.models[0]!.id, paramIds: [param] });
    expect(await findDiagnosticUseOfParameter(t.db, param)).toEqual({
      description: `the diagnostic parameters of ${maker.name} ${maker.models[0]!.name}`,
    });
    const site = await siteAdmin();

    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    const url = `/api/diagnosticParams/${created.id}`;
    expect((await partner({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await anonymous({ method: 'DELETE', url })).statusCode).toBe(401);

    const response = await site({ method: 'DELETE', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'DELETED' });
    expect((await site({ method: 'GET', url })).statusCode).toBe(404);
    expect((await site({ method: 'DELETE', url })).statusCode).toBe(404);
    const list = await site({ method: 'GET', url: `/api/diagnosticParams?makeId=${maker.id}` });
    expect(list.json().total).toBe(0);

    const [audit] = await auditRowsFor(t.db, 'diagnostic_param', created.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DELETED' },
    });
    expect(await findDiagnosticUseOfParameter(t.db, param)).toBeNull();
  });

  it('names the industry when an industry set-up uses the parameter', async () => {
    const tenant = await make.tenant();
    const param = await addCatalogueParameter();
    await addSetUp({ tenantId: tenant.id, paramIds: [param] });
    expect(await findDiagnosticUseOfParameter(t.db, param)).toEqual({
      description: `the diagnostic parameters of ${tenant.name}`,
    });
  });
});
