import { and, eq, ne, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CAAQMS_LABEL_MESSAGE,
  CONFLICT_MESSAGE,
  COUNTER_DEFAULT_RESET_VALUE,
  PARAMETER_EXISTS_MESSAGE,
  UNITS,
  type Parameter,
} from '@vayu/domain';
import { makes, models, parameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

let seq = 0;
const uniqueLabel = (label: string) => `${label} ${Date.now().toString(36)}${++seq}`;

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const siteAdmin = async () => signInAs(await make.siteUser('admin'));
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

async function addParameter(payload: Record<string, unknown> = {}) {
  const site = await siteAdmin();
  const response = await site({
    method: 'POST',
    url: '/api/parameters',
    payload: { label: uniqueLabel('SO2'), mtype: 'stack', stdUnit: 'mg/Nm3', ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Parameter;
}

describe('POST /api/parameters', () => {
  it('generates name, key and metric from the label and writes an audit row', async () => {
    // the label is fixed here, so free its name from an earlier run on the same database
    await t.db
      .update(parameters)
      .set({ status: 'DELETED' })
      .where(and(eq(sql`lower(${parameters.name})`, 'stackgas_flow_rate'), ne(parameters.status, 'DELETED')));
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: '  Stack-Gas  Flow Rate ', mtype: 'stack', stdUnit: 'm3/h', alertLabel: 'Flow' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Parameter;
    expect(created).toMatchObject({
      label: 'Stack-Gas  Flow Rate',
      name: 'stackgas_flow_rate',
      paramKey: 'stackgas_flow_rate',
      paramMetric: 'stackgas.flow.rate',
      type: 'NORMAL',
      stdUnit: 'm3/h',
      alertLabel: 'Flow',
      status: 'ENABLED',
      baseParamId: null,
      isLinear: null,
    });
    const [audit] = await auditRowsFor(t.db, 'parameter', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      oldValue: null,
      newValue: { name: 'stackgas_flow_rate', paramMetric: 'stackgas.flow.rate' },
    });
    // the name is free again once deleted
    expect((await site({ method: 'DELETE', url: `/api/parameters/${created.id}` })).statusCode).toBe(200);
  });

  it('refuses identifiers sent by the client (400), they come from the label only', async () => {
    const site = await siteAdmin();
    for (const extra of [{ name: 'my_name' }, { paramKey: 'k' }, { paramMetric: 'm' }]) {
      const response = await site({
        method: 'POST',
        url: '/api/parameters',
        payload: { label: uniqueLabel('CO'), mtype: 'stack', ...extra },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a duplicate name (409) whatever the letter case or hyphens', async () => {
    const existing = await addParameter({ label: uniqueLabel('Hg-Vapour') });
    const site = await siteAdmin();
    const dup = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: existing.label.replace('-', '').toUpperCase(), mtype: 'etp' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);
  });

  it('applies the CAAQMS prefix and refuses a CAAQMS label with nothing after it', async () => {
    const site = await siteAdmin();
    const bad = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: ' ', type: 'CAAQMS', mtype: 'caaqms' },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: 'X', type: 'CAAQMS', mtype: 'caaqms', caaqmsPrefix: true },
    });
    expect(empty.statusCode).toBe(201);
    const tooShort = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: 'CAAQMS', type: 'CAAQMS', mtype: 'caaqms' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.details).toContainEqual(
      expect.objectContaining({ path: 'label', message: CAAQMS_LABEL_MESSAGE }),
    );

    const label = uniqueLabel('PM2.5');
    const created = await addParameter({ label, type: 'CAAQMS', mtype: 'caaqms', stdUnit: 'ug/m3' });
    expect(created.label).toBe(`CAAQMS ${label}`);
    expect(created.name).toBe(`caaqms_${label.toLowerCase().replace(/ /g, '_')}`);
    await site({ method: 'DELETE', url: `/api/parameters/${(empty.json() as Parameter).id}` });
  });

  it('defaults new parameters to show widget, conversion and AVG; counters reset at 10', async () => {
    const normal = await addParameter();
    expect(normal).toMatchObject({
      showWidget: true,
      isConversion: true,
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isCounter: false,
      counterResetValue: null,
      dataStoreType: 'device',
    });
    const counter = await addParameter({
      label: uniqueLabel('Energy kWh'),
      mtype: 'energy',
      isCounter: true,
      metricAgg: 'SUM',
    });
    expect(counter).toMatchObject({
      isCounter: true,
      counterResetValue: COUNTER_DEFAULT_RESET_VALUE,
      metricAgg: 'SUM',
    });
    const custom = await addParameter({
      label: uniqueLabel('Flow Totaliser'),
      mtype: 'etp',
      isCounter: true,
      counterResetValue: 99999.5,
    });
    expect(custom.counterResetValue).toBe(99999.5);
    const notCounter = await addParameter({ counterResetValue: 50 });
    expect(notCounter.counterResetValue).toBeNull();
  });

  it('needs an existing base parameter for a functional parameter', async () => {
    const base = await addParameter({ label: uniqueLabel('NOx') });
    const site = await siteAdmin();
    const missing = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: uniqueLabel('NOx as NO2'), mtype: 'stack', type: 'FUNCTIONAL' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'baseParamId',
        message: 'This field is required',
      }),
    );
    const unknown = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: {
        label: uniqueLabel('NOx as NO2'),
        mtype: 'stack',
        type: 'FUNCTIONAL',
        baseParamId: 2_000_000_000,
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].path).toBe('baseParamId');

    const functional = await addParameter({
      label: uniqueLabel('NOx as NO2'),
      type: 'FUNCTIONAL',
      baseParamId: base.id,
      isLinear: true,
    });
    expect(functional).toMatchObject({ type: 'FUNCTIONAL', baseParamId: base.id, isLinear: true });
    // a base that is deleted no longer counts
    const other = await addParameter();
    await site({ method: 'DELETE', url: `/api/parameters/${other.id}` });
    const deletedBase = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: uniqueLabel('F'), mtype: 'stack', type: 'FUNCTIONAL', baseParamId: other.id },
    });
    expect(deletedBase.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 for users other than the site', async () => {
    const payload = { label: uniqueLabel('Nobody'), mtype: 'stack' };
    expect((await anonymous({ method: 'POST', url: '/api/parameters', payload })).statusCode).toBe(401);
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expect((await partner({ method: 'POST', url: '/api/parameters', payload })).statusCode).toBe(403);
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'POST', url: '/api/parameters', payload })).statusCode).toBe(403);
  });
});

describe('GET /api/parameters', () => {
  it('pages and searches by label or name in any letter case, by label, without deleted ones', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const b = await addParameter({ label: `${tag} Beta` });
    const a = await addParameter({ label: `${tag} alpha` });
    const c = await addParameter({ label: `${tag} Gamma` });
    const gone = await addParameter({ label: `${tag} Delta` });
    const site = await siteAdmin();
    await site({ method: 'DELETE', url: `/api/parameters/${gone.id}` });

    const tenant = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const first = await tenant({
      method: 'GET',
      url: `/api/parameters?search=${tag.toUpperCase()}&pageSize=2`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    expect(first.json().items.map((p: Parameter) => p.id)).toEqual([a.id, b.id]);
    const second = await tenant({ method: 'GET', url: `/api/parameters?search=${tag}&pageSize=2&page=2` });
    expect(second.json().items.map((p: Parameter) => p.id)).toEqual([c.id]);

    // by generated name too
    const byName = await tenant({ method: 'GET', url: `/api/parameters?search=${tag.toLowerCase()}_gamma` });
    expect(byName.json().items.map((p: Parameter) => p.id)).toEqual([c.id]);
    // LIKE wildcards are taken literally
    const wildcard = await tenant({ method: 'GET', url: `/api/parameters?search=${tag}%25` });
    expect(wildcard.json().total).toBe(0);
  });

  it('answers 400 for a bad page size and 401 without a session', async () => {
    const site = await siteAdmin();
    const bad = await site({ method: 'GET', url: '/api/parameters?pageSize=500' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('querystring.pageSize');
    expect((await anonymous({ method: 'GET', url: '/api/parameters' })).statusCode).toBe(401);
  });
});

describe('GET /api/parameters/:id', () => {
  it('returns a parameter; 404 for an unknown or deleted one, 401 without a session', async () => {
    const created = await addParameter();
    const partner = await signInAs(await make.user((await make.partner()).id, 'user'));
    const found = await partner({ method: 'GET', url: `/api/parameters/${created.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(created);
    expect((await partner({ method: 'GET', url: '/api/parameters/2000000000' })).statusCode).toBe(404);
    const site = await siteAdmin();
    await site({ method: 'DELETE', url: `/api/parameters/${created.id}` });
    expect((await partner({ method: 'GET', url: `/api/parameters/${created.id}` })).statusCode).toBe(404);
    expect((await partner({ method: 'GET', url: '/api/parameters/abc' })).statusCode).toBe(400);
    expect((await anonymous({ method: 'GET', url: `/api/parameters/${created.id}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/parameters/:id', () => {
  it('edits from the current version, regenerates identifiers and audits old and new', async () => {
    const created = await addParameter();
    const site = await siteAdmin();
    const label = uniqueLabel('Sulphur-Dioxide Dry');
    const response = await site({
      method: 'PUT',
      url: `/api/parameters/${created.id}`,
      payload: { label, mtype: 'stack', stdUnit: 'ppm', metricAgg: 'MAX', version: created.version },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Parameter;
    const name = label.toLowerCase().replace('-', '').replace(/ /g, '_');
    expect(updated).toMatchObject({
      label,
      name,
      paramKey: name,
      paramMetric: name.replace(/_/g, '.'),
      stdUnit: 'ppm',
      metricAgg: 'MAX',
      version: created.version + 1,
    });
    const [audit] = await auditRowsFor(t.db, 'parameter', created.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: { label: created.label, name: created.name, stdUnit: 'mg/Nm3', version: created.version },
      newValue: { label, name, stdUnit: 'ppm', version: created.version + 1 },
    });

    const stale = await site({
      method: 'PUT',
      url: `/api/parameters/${created.id}`,
      payload: { label, mtype: 'stack', version: created.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
  });

  it('needs a version, refuses a name taken by another parameter, and checks access', async () => {
    const first = await addParameter();
    const second = await addParameter();
    const site = await siteAdmin();
    const noVersion = await site({
      method: 'PUT',
      url: `/api/parameters/${first.id}`,
      payload: { label: 'X', mtype: 'stack' },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'version',
        message: 'This field is required',
      }),
    );
    const dup = await site({
      method: 'PUT',
      url: `/api/parameters/${second.id}`,
      payload: { label: first.label, mtype: 'stack', version: second.version },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);
    // a functional parameter cannot be based on itself
    const self = await site({
      method: 'PUT',
      url: `/api/parameters/${second.id}`,
      payload: {
        label: second.label,
        mtype: 'stack',
        type: 'FUNCTIONAL',
        baseParamId: second.id,
        version: second.version,
      },
    });
    expect(self.statusCode).toBe(400);
    const missing = await site({
      method: 'PUT',
      url: '/api/parameters/2000000000',
      payload: { label: uniqueLabel('X'), mtype: 'stack', version: 1 },
    });
    expect(missing.statusCode).toBe(404);

    const payload = { label: uniqueLabel('X'), mtype: 'stack', version: first.version };
    expect((await anonymous({ method: 'PUT', url: `/api/parameters/${first.id}`, payload })).statusCode).toBe(
      401,
    );
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'PUT', url: `/api/parameters/${first.id}`, payload })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/parameters/:id', () => {
  it('marks the parameter deleted, drops it from the list and audits it', async () => {
    const created = await addParameter();
    const site = await siteAdmin();
    const response = await site({ method: 'DELETE', url: `/api/parameters/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'DELETED' });
    const [row] = await t.db.select().from(parameters).where(eq(parameters.id, created.id));
    expect(row?.status).toBe('DELETED');
    const list = await site({
      method: 'GET',
      url: `/api/parameters?search=${encodeURIComponent(created.label)}`,
    });
    expect(list.json().total).toBe(0);
    const [audit] = await auditRowsFor(t.db, 'parameter', created.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED', name: created.name },
      newValue: { status: 'DELETED', name: created.name },
    });
    expect((await site({ method: 'DELETE', url: `/api/parameters/${created.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete the base of a functional parameter (409) until that one is deleted', async () => {
    const base = await addParameter({ label: uniqueLabel('Stack Flow') });
    const functional = await addParameter({
      label: uniqueLabel('Dry Flow'),
      type: 'FUNCTIONAL',
      baseParamId: base.id,
      isLinear: false,
    });
    const site = await siteAdmin();
    const refused = await site({ method: 'DELETE', url: `/api/parameters/${base.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('base of the functional parameter');
    expect(refused.json().error.message).toContain(functional.label);
    expect(await auditRowsFor(t.db, 'parameter', base.id)).toHaveLength(1);
    expect((await site({ method: 'DELETE', url: `/api/parameters/${functional.id}` })).statusCode).toBe(200);
    expect((await site({ method: 'DELETE', url: `/api/parameters/${base.id}` })).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 for users other than the site', async () => {
    const created = await addParameter();
    expect((await anonymous({ method: 'DELETE', url: `/api/parameters/${created.id}` })).statusCode).toBe(
      401,
    );
    const corporate = await signInAs(await make.user((await make.corporate()).account.id, 'admin'));
    expect((await corporate({ method: 'DELETE', url: `/api/parameters/${created.id}` })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/units', () => {
  it('lists the units for every signed-in user; 401 without a session', async () => {
    const board = await signInAs(await make.user((await make.board()).id, 'user'));
    const response = await board({ method: 'GET', url: '/api/units' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      UNITS.map((u) => ({ code: u.code, label: u.label, quantity: u.quantity })),
    );
    expect(response.json()).toContainEqual({ code: 'mg/Nm3', label: 'mg/Nm³', quantity: 'concentration' });
    expect((await anonymous({ method: 'GET', url: '/api/units' })).statusCode).toBe(401);
  });
});

describe('GET /api/parameters/:id/units', () => {
  it('gives the standard, CPCB and SPCB units and the factor from every unit a reading may arrive in', async () => {
    const so2 = await addParameter({ label: uniqueLabel('SO2'), mtype: 'stack', stdUnit: 'mg/Nm3' });
    const tenantUser = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const response = await tenantUser({ method: 'GET', url: `/api/parameters/${so2.id}/units` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      stdUnit: string;
      cpcbUnit: string;
      spcbUnit: string;
      molecularWeight: number;
      units: { code: string; toStandard: number; isStandard: boolean }[];
    };
    expect(body).toMatchObject({
      parameterId: so2.id,
      stdUnit: 'mg/Nm3',
      cpcbUnit: 'mg/Nm3',
      spcbUnit: 'mg/Nm3',
    });
    expect(body.molecularWeight).toBeCloseTo(64.07, 2);
    expect(body.units[0]).toMatchObject({ code: 'mg/Nm3', toStandard: 1, isStandard: true });
    // 100 ppm of SO2 arrives as 285.9 mg/Nm³
    expect(100 * body.units.find((u) => u.code === 'ppm')!.toStandard).toBeCloseTo(285.9, 1);
    expect(body.units.map((u) => u.code)).not.toContain('mg/L');
  });

  it('answers 404 for an unknown parameter and 401 without a session', async () => {
    const site = await siteAdmin();
    expect((await site({ method: 'GET', url: '/api/parameters/999999/units' })).statusCode).toBe(404);
    const so2 = await addParameter();
    expect((await anonymous({ method: 'GET', url: `/api/parameters/${so2.id}/units` })).statusCode).toBe(401);
  });
});

describe('a parameter something uses', () => {
  it('cannot be deleted while a derived expression, a diagnostic set-up or an energy parameter uses it', async () => {
    const site = await siteAdmin();
    const delete409 = async (id: number, message: RegExp) => {
      const response = await site({ method: 'DELETE', url: `/api/parameters/${id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(message);
      expect((await site({ method: 'GET', url: `/api/parameters/${id}` })).json().status).toBe('ENABLED');
    };

    // used in a derived expression
    const flow = await addParameter({ label: uniqueLabel('Flow'), stdUnit: 'm3/h' });
    const derivedLabel = uniqueLabel('Flow Load');
    const derived = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: {
        label: derivedLabel,
        mtype: 'stack',
        derivedStdParamList: [
          {
            derivedParamLabel: uniqueLabel('Flow Load Series'),
            derivedExpressionProperties: [{ expressionParam: `${flow.paramKey} * 2`, dataSource: 'raw' }],
          },
        ],
      },
    });
    expect(derived.statusCode).toBe(201);
    await delete409(flow.id, new RegExp(`derived parameter "${derivedLabel}"`));

    // and its key cannot be renamed from under the expression
    const renamed = await site({
      method: 'PUT',
      url: `/api/parameters/${flow.id}`,
      payload: { label: uniqueLabel('Renamed Flow'), mtype: 'stack', stdUnit: 'm3/h', version: flow.version },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toMatch(
      new RegExp(`"${flow.paramKey}" is used by the derived parameter`),
    );

    // listed by a diagnostic set-up
    const lamp = await addParameter({ label: uniqueLabel('Lamp Intensity'), mtype: 'general', stdUnit: '%' });
    const [make] = await t.db
      .insert(makes)
      .values({ name: uniqueLabel('Make'), type: 'Analyser' })
      .returning({ id: makes.id });
    const [model] = await t.db
      .insert(models)
      .values({ name: 'MIR 9000', makeId: make!.id })
      .returning({ id: models.id });
    const diagnostic = await site({
      method: 'POST',
      url: '/api/diagnosticParams',
      payload: {
        modelId: model!.id,
        paramIds: [lamp.id],
        isRemoteCalibration: false,
        isCalibrationThroughUtility: false,
      },
    });
    expect(diagnostic.statusCode).toBe(201);
    await delete409(lamp.id, /diagnostic parameters of .*MIR 9000/);

    // feeding an energy parameter
    const kwh = await addParameter({ label: uniqueLabel('Meter kWh'), mtype: 'energy', stdUnit: 'kWh' });
    const metric = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: `daily_${Date.now().toString(36)}${++seq}`, label: 'Daily', value: 'sum' },
    });
    expect(metric.statusCode).toBe(201);
    const energyLabel = uniqueLabel('Main Incomer');
    const energy = await site({
      method: 'POST',
      url: '/api/energy/parameters',
      payload: {
        label: energyLabel,
        category: 'Electrical',
        unit: 'kWh',
        parameterId: kwh.id,
        metricIds: [metric.json().id],
      },
    });
    expect(energy.statusCode).toBe(201);
    await delete409(kwh.id, new RegExp(`energy parameter "${energyLabel}"`));

    // a new standard parameter may not take the name of a derived series
    const series = derived.json().derivedStdParamList[0] as {
      derivedParamName: string;
      derivedParamLabel: string;
    };
    const clash = await site({
      method: 'POST',
      url: '/api/parameters',
      payload: { label: series.derivedParamLabel, mtype: 'stack' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);

    // once the user is gone, the parameter may go
    expect(
      (await site({ method: 'DELETE', url: `/api/energy/parameters/${energy.json().id}` })).statusCode,
    ).toBe(200);
    expect((await site({ method: 'DELETE', url: `/api/parameters/${kwh.id}` })).statusCode).toBe(200);
  });
});
