import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_MESSAGE,
  ENERGY_METRICS_REQUIRED_MESSAGE,
  ENERGY_METRICS_UNKNOWN_MESSAGE,
  ENERGY_SOURCE_PARAMETER_MESSAGE,
  METRIC_EXISTS_MESSAGE,
  METRIC_KEY_MESSAGE,
  PARAMETER_EXISTS_MESSAGE,
  type EnergyMetric,
  type EnergyParameter,
  type Parameter,
} from '@vayu/domain';
import { energyMetrics, energyParameterMetrics, energyParameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { seedParameterCatalogue } from '../../seed/demo-data.js';
import { seedEnergyCatalogue } from '../../seed/energy.js';
import { findEnergyUseOfParameter } from './energy.repository.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof signInAs>>;

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await signInAs(await make.siteUser('admin'));
});

let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;
const uniqueKey = (key: string) => `${key}_${tag()}`;
const uniqueLabel = (label: string) => `${label} ${tag()}`;
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });
const partnerAdmin = async () => signInAs(await make.user((await make.partner()).id, 'admin'));
const tenantAdmin = async () => signInAs(await make.user((await make.tenant()).id, 'admin'));

async function addMetric(payload: Record<string, unknown> = {}) {
  const response = await site({
    method: 'POST',
    url: '/api/energy/metrics',
    payload: { key: uniqueKey('daily_consumption'), label: 'Daily consumption', value: 'sum', ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as EnergyMetric;
}

async function addCatalogueParameter(mtype = 'energy') {
  const response = await site({
    method: 'POST',
    url: '/api/parameters',
    payload: { label: uniqueLabel('Energy kWh'), mtype, stdUnit: 'kWh', isCounter: true },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Parameter;
}

async function addEnergyParameter(payload: Record<string, unknown> = {}) {
  const metricIds = payload.metricIds ?? [(await addMetric()).id];
  const response = await site({
    method: 'POST',
    url: '/api/energy/parameters',
    payload: {
      label: uniqueLabel('Grid Energy'),
      category: 'Electrical',
      unit: 'kWh',
      ...payload,
      metricIds,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as EnergyParameter;
}

describe('POST /api/energy/metrics', () => {
  it('stores the key lower-cased with its aggregation and writes an audit row', async () => {
    const key = uniqueKey('Peak_Demand');
    const response = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: `  ${key} `, label: ' Peak demand ', value: 'max' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as EnergyMetric;
    expect(created).toMatchObject({
      key: key.toLowerCase(),
      label: 'Peak demand',
      value: 'max',
      status: 'ENABLED',
      version: 1,
    });
    const [audit] = await auditRowsFor(t.db, 'energy_metric', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      oldValue: null,
      newValue: { key: key.toLowerCase(), value: 'max' },
    });
  });

  it('answers 400 with field details for a bad key, aggregation or extra field', async () => {
    const bad = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: 'peak demand', label: '', value: 'median' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const details = bad.json().error.details as { path: string; message: string }[];
    expect(details).toContainEqual(expect.objectContaining({ path: 'key', message: METRIC_KEY_MESSAGE }));
    expect(details.map((d) => d.path).sort()).toEqual(['key', 'label', 'value']);
    const extra = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: uniqueKey('k'), label: 'K', value: 'sum', status: 'DELETED' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a key already used, whatever the letter case (409), and frees it once deleted', async () => {
    const existing = await addMetric();
    const dup = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: existing.key.toUpperCase(), label: 'Other', value: 'avg' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('METRIC_EXISTS');
    expect(dup.json().error.message).toBe(METRIC_EXISTS_MESSAGE);
    expect((await site({ method: 'DELETE', url: `/api/energy/metrics/${existing.id}` })).statusCode).toBe(
      200,
    );
    const again = await site({
      method: 'POST',
      url: '/api/energy/metrics',
      payload: { key: existing.key, label: 'Again', value: 'avg' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('answers 401 without a session and 403 for partner and tenant users', async () => {
    const payload = { key: uniqueKey('nobody'), label: 'Nobody', value: 'sum' };
    expect((await anonymous({ method: 'POST', url: '/api/energy/metrics', payload })).statusCode).toBe(401);
    const partner = await partnerAdmin();
    expect((await partner({ method: 'POST', url: '/api/energy/metrics', payload })).statusCode).toBe(403);
    const tenant = await tenantAdmin();
    expect((await tenant({ method: 'POST', url: '/api/energy/metrics', payload })).statusCode).toBe(403);
    const [row] = await t.db.select().from(energyMetrics).where(eq(energyMetrics.key, payload.key));
    expect(row).toBeUndefined();
  });
});

describe('GET /api/energy/metrics', () => {
  it('pages and searches by key or label for any signed-in user, without deleted ones', async () => {
    const prefix = `zq${tag()}`;
    const b = await addMetric({ key: `${prefix}_b`, label: 'Monthly consumption' });
    const a = await addMetric({ key: `${prefix}_a`, label: 'Avg load', value: 'avg' });
    const c = await addMetric({ key: `${prefix}_c`, label: 'Min voltage', value: 'min' });
    const gone = await addMetric({ key: `${prefix}_d` });
    await site({ method: 'DELETE', url: `/api/energy/metrics/${gone.id}` });

    const tenant = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const first = await tenant({
      method: 'GET',
      url: `/api/energy/metrics?search=${prefix.toUpperCase()}&pageSize=2`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    expect(first.json().items.map((m: EnergyMetric) => m.id)).toEqual([a.id, b.id]);
    const second = await tenant({
      method: 'GET',
      url: `/api/energy/metrics?search=${prefix}&pageSize=2&page=2`,
    });
    expect(second.json().items.map((m: EnergyMetric) => m.id)).toEqual([c.id]);
    // by label too, and LIKE wildcards are taken literally
    const unique = await addMetric({ label: `Label ${prefix}` });
    const byLabel = await tenant({ method: 'GET', url: `/api/energy/metrics?search=label%20${prefix}` });
    expect(byLabel.json().items.map((m: EnergyMetric) => m.id)).toEqual([unique.id]);
    const wildcard = await tenant({ method: 'GET', url: `/api/energy/metrics?search=${prefix}%25` });
    expect(wildcard.json().total).toBe(0);
  });

  it('answers 400 for a page size over 100, 401 without a session; one metric or 404', async () => {
    const bad = await site({ method: 'GET', url: '/api/energy/metrics?pageSize=101' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('querystring.pageSize');
    expect((await site({ method: 'GET', url: '/api/energy/metrics?pageSize=100' })).statusCode).toBe(200);
    expect((await anonymous({ method: 'GET', url: '/api/energy/metrics' })).statusCode).toBe(401);

    const metric = await addMetric();
    const partner = await signInAs(await make.user((await make.partner()).id, 'user'));
    const found = await partner({ method: 'GET', url: `/api/energy/metrics/${metric.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(metric);
    expect((await partner({ method: 'GET', url: '/api/energy/metrics/2000000000' })).statusCode).toBe(404);
    expect((await anonymous({ method: 'GET', url: `/api/energy/metrics/${metric.id}` })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/energy/metrics/:id', () => {
  it('edits from the current version and audits old and new; a stale version is 409', async () => {
    const metric = await addMetric({ value: 'sum' });
    const key = uniqueKey('avg_load');
    const response = await site({
      method: 'PUT',
      url: `/api/energy/metrics/${metric.id}`,
      payload: { key, label: 'Average load', value: 'avg', version: metric.version },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key, label: 'Average load', value: 'avg', version: 2 });
    const [audit] = await auditRowsFor(t.db, 'energy_metric', metric.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: { key: metric.key, value: 'sum', version: 1 },
      newValue: { key, value: 'avg', version: 2 },
    });
    const stale = await site({
      method: 'PUT',
      url: `/api/energy/metrics/${metric.id}`,
      payload: { key, label: 'Stale', value: 'min', version: metric.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
  });

  it('needs a version, refuses another metric’s key, 404 for unknown, and checks access', async () => {
    const first = await addMetric();
    const second = await addMetric();
    const noVersion = await site({
      method: 'PUT',
      url: `/api/energy/metrics/${first.id}`,
      payload: { key: first.key, label: 'X', value: 'sum' },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'version',
        message: 'This field is required',
        code: 'FIELD_REQUIRED',
      }),
    );
    const dup = await site({
      method: 'PUT',
      url: `/api/energy/metrics/${second.id}`,
      payload: { key: first.key, label: 'X', value: 'sum', version: second.version },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('METRIC_EXISTS');
    expect(dup.json().error.message).toBe(METRIC_EXISTS_MESSAGE);
    const missing = await site({
      method: 'PUT',
      url: '/api/energy/metrics/2000000000',
      payload: { key: uniqueKey('x'), label: 'X', value: 'sum', version: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');

    const payload = { key: first.key, label: 'Changed', value: 'min', version: first.version };
    const url = `/api/energy/metrics/${first.id}`;
    expect((await anonymous({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await (await partnerAdmin())({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await (await tenantAdmin())({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await site({ method: 'GET', url })).json()).toMatchObject({ label: first.label, version: 1 });
  });
});

describe('DELETE /api/energy/metrics/:id', () => {
  it('marks the metric deleted, drops it from the list and audits it', async () => {
    const metric = await addMetric();
    const response = await site({ method: 'DELETE', url: `/api/energy/metrics/${metric.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: metric.id, status: 'DELETED' });
    const list = await site({ method: 'GET', url: `/api/energy/metrics?search=${metric.key}` });
    expect(list.json().total).toBe(0);
    const [audit] = await auditRowsFor(t.db, 'energy_metric', metric.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED', key: metric.key },
      newValue: { status: 'DELETED', key: metric.key },
    });
    expect((await site({ method: 'DELETE', url: `/api/energy/metrics/${metric.id}` })).statusCode).toBe(404);
    expect((await site({ method: 'GET', url: `/api/energy/metrics/${metric.id}` })).statusCode).toBe(404);
  });

  it('refuses (409, naming the parameter) while an energy parameter computes it, not after that one goes', async () => {
    const metric = await addMetric();
    const parameter = await addEnergyParameter({ metricIds: [metric.id] });
    const refused = await site({ method: 'DELETE', url: `/api/energy/metrics/${metric.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'METRIC_IN_USE',
      params: { usedBy: parameter.label },
    });
    expect(refused.json().error.message).toBe(
      `This metric is used by the energy parameter "${parameter.label}" and cannot be deleted.`,
    );
    expect(await auditRowsFor(t.db, 'energy_metric', metric.id)).toHaveLength(1);
    expect((await site({ method: 'DELETE', url: `/api/energy/parameters/${parameter.id}` })).statusCode).toBe(
      200,
    );
    expect((await site({ method: 'DELETE', url: `/api/energy/metrics/${metric.id}` })).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 for partner and tenant users', async () => {
    const metric = await addMetric();
    const url = `/api/energy/metrics/${metric.id}`;
    expect((await anonymous({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await (await partnerAdmin())({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await (await tenantAdmin())({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await site({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('POST /api/energy/parameters', () => {
  it('generates name and key from the label, links the metrics and source, and audits it', async () => {
    const source = await addCatalogueParameter();
    const daily = await addMetric({ key: uniqueKey('a_daily'), value: 'sum' });
    const peak = await addMetric({ key: uniqueKey('b_peak'), value: 'max', label: 'Peak demand' });
    const label = uniqueLabel('Grid-Incomer  Energy');
    const response = await site({
      method: 'POST',
      url: '/api/energy/parameters',
      payload: {
        label: ` ${label} `,
        category: 'Electrical',
        unit: 'kWh',
        parameterId: source.id,
        isCumulative: true,
        isAlertEnabled: true,
        metricIds: [peak.id, daily.id, peak.id],
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as EnergyParameter;
    const name = label.toLowerCase().replace('-', '').split(/\s+/).join('_');
    expect(created).toMatchObject({
      label,
      name,
      paramKey: name,
      category: 'Electrical',
      unit: 'kWh',
      parameter: { id: source.id, label: source.label },
      isCumulative: true,
      isAlertEnabled: true,
      status: 'ENABLED',
      version: 1,
      metrics: [
        { id: daily.id, key: daily.key, value: 'sum', label: daily.label },
        { id: peak.id, key: peak.key, value: 'max', label: 'Peak demand' },
      ],
    });
    const [audit] = await auditRowsFor(t.db, 'energy_parameter', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      oldValue: null,
      newValue: { name, metrics: [{ id: daily.id }, { id: peak.id }] },
    });
    expect(await findEnergyUseOfParameter(t.db, source.id)).toEqual({ label });
  });

  it('answers 400 with field details: no metrics, unknown category or unit, identifiers sent', async () => {
    const bad = await site({
      method: 'POST',
      url: '/api/energy/parameters',
      payload: { label: 'X', category: 'Nuclear', unit: 'furlong', metricIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const details = bad.json().error.details as { path: string; message: string }[];
    expect(details).toContainEqual(
      expect.objectContaining({ path: 'metricIds', message: ENERGY_METRICS_REQUIRED_MESSAGE }),
    );
    expect(details.map((d) => d.path).sort()).toEqual(['category', 'metricIds', 'unit']);
    const metric = await addMetric();
    for (const extra of [{ name: 'x' }, { paramKey: 'x' }]) {
      const response = await site({
        method: 'POST',
        url: '/api/energy/parameters',
        payload: {
          label: uniqueLabel('X'),
          category: 'Water',
          unit: 'm3/h',
          metricIds: [metric.id],
          ...extra,
        },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('needs metrics that exist and a source parameter of the energy catalogue (400), writing nothing', async () => {
    const metric = await addMetric();
    const deleted = await addMetric();
    await site({ method: 'DELETE', url: `/api/energy/metrics/${deleted.id}` });
    const label = uniqueLabel('Boiler Steam Flow');
    const unknownMetric = await site({
      method: 'POST',
      url: '/api/energy/parameters',
      payload: { label, category: 'Thermal', unit: 'kg/h', metricIds: [metric.id, deleted.id] },
    });
    expect(unknownMetric.statusCode).toBe(400);
    expect(unknownMetric.json().error.code).toBe('VALIDATION_FAILED');
    expect(unknownMetric.json().error.details).toEqual([
      { path: 'metricIds', message: ENERGY_METRICS_UNKNOWN_MESSAGE, code: 'FIELD_RULE' },
    ]);

    const stack = await addCatalogueParameter('stack');
    const deletedSource = await addCatalogueParameter();
    await site({ method: 'DELETE', url: `/api/parameters/${deletedSource.id}` });
    for (const parameterId of [stack.id, deletedSource.id, 2_000_000_000]) {
      const response = await site({
        method: 'POST',
        url: '/api/energy/parameters',
        payload: { label, category: 'Thermal', unit: 'kg/h', parameterId, metricIds: [metric.id] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        { path: 'parameterId', message: ENERGY_SOURCE_PARAMETER_MESSAGE, code: 'FIELD_RULE' },
      ]);
    }
    const rows = await t.db.select().from(energyParameters).where(eq(energyParameters.label, label));
    expect(rows).toHaveLength(0);
  });

  it('refuses a name already used (409 "Parameter already exists.") whatever the case or hyphens', async () => {
    const existing = await addEnergyParameter({ label: uniqueLabel('Process-Water Consumption') });
    const metric = await addMetric();
    const dup = await site({
      method: 'POST',
      url: '/api/energy/parameters',
      payload: {
        label: existing.label.replace('-', '').toUpperCase(),
        category: 'Water',
        unit: 'm3/h',
        metricIds: [metric.id],
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PARAMETER_EXISTS');
    expect(dup.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);
  });

  it('answers 401 without a session and 403 for partner and tenant users', async () => {
    const metric = await addMetric();
    const payload = { label: uniqueLabel('Nobody'), category: 'Fuel', unit: 'kg/h', metricIds: [metric.id] };
    const url = '/api/energy/parameters';
    expect((await anonymous({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await (await partnerAdmin())({ method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await (await tenantAdmin())({ method: 'POST', url, payload })).statusCode).toBe(403);
  });
});

describe('GET /api/energy/parameters', () => {
  it('pages, searches by label, name or key and filters by category, with metrics and source', async () => {
    const prefix = `Zq${tag()}`;
    const source = await addCatalogueParameter();
    const metric = await addMetric();
    const b = await addEnergyParameter({ label: `${prefix} Beta`, metricIds: [metric.id] });
    const a = await addEnergyParameter({
      label: `${prefix} alpha`,
      parameterId: source.id,
      metricIds: [metric.id],
    });
    const water = await addEnergyParameter({
      label: `${prefix} Gamma`,
      category: 'Water',
      unit: 'm3/h',
      metricIds: [metric.id],
    });
    const gone = await addEnergyParameter({ label: `${prefix} Delta`, metricIds: [metric.id] });
    await site({ method: 'DELETE', url: `/api/energy/parameters/${gone.id}` });

    const tenant = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const first = await tenant({
      method: 'GET',
      url: `/api/energy/parameters?search=${prefix.toUpperCase()}&pageSize=2`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    const items = first.json().items as EnergyParameter[];
    expect(items.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(items[0]).toMatchObject({
      parameter: { id: source.id, label: source.label },
      metrics: [{ id: metric.id, key: metric.key }],
    });
    expect(items[1]!.parameter).toBeNull();

    const byCategory = await tenant({
      method: 'GET',
      url: `/api/energy/parameters?search=${prefix}&category=Water`,
    });
    expect(byCategory.json().items.map((p: EnergyParameter) => p.id)).toEqual([water.id]);
    const byName = await tenant({
      method: 'GET',
      url: `/api/energy/parameters?search=${prefix.toLowerCase()}_beta`,
    });
    expect(byName.json().items.map((p: EnergyParameter) => p.id)).toEqual([b.id]);
  });

  it('answers 400 for an unknown category, 401 without a session; one parameter or 404', async () => {
    const bad = await site({ method: 'GET', url: '/api/energy/parameters?category=Nuclear' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('querystring.category');
    expect((await anonymous({ method: 'GET', url: '/api/energy/parameters' })).statusCode).toBe(401);

    const parameter = await addEnergyParameter();
    const partner = await signInAs(await make.user((await make.partner()).id, 'user'));
    const found = await partner({ method: 'GET', url: `/api/energy/parameters/${parameter.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(parameter);
    expect((await partner({ method: 'GET', url: '/api/energy/parameters/2000000000' })).statusCode).toBe(404);
    expect(
      (await anonymous({ method: 'GET', url: `/api/energy/parameters/${parameter.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/energy/parameters/:id', () => {
  it('edits from the current version, replaces the metrics and audits old and new', async () => {
    const first = await addMetric();
    const second = await addMetric({ value: 'avg' });
    const created = await addEnergyParameter({ metricIds: [first.id] });
    const label = uniqueLabel('Incomer Energy');
    const response = await site({
      method: 'PUT',
      url: `/api/energy/parameters/${created.id}`,
      payload: {
        label,
        category: 'Electrical',
        unit: 'kVAh',
        isAlertEnabled: true,
        metricIds: [second.id],
        version: created.version,
      },
    });
    expect(response.statusCode).toBe(200);
    const name = label.toLowerCase().replace(/ /g, '_');
    expect(response.json()).toMatchObject({
      label,
      name,
      unit: 'kVAh',
      isAlertEnabled: true,
      metrics: [{ id: second.id }],
      version: created.version + 1,
    });
    const links = await t.db
      .select()
      .from(energyParameterMetrics)
      .where(eq(energyParameterMetrics.energyParameterId, created.id));
    expect(links.map((link) => link.metricId)).toEqual([second.id]);
    const [audit] = await auditRowsFor(t.db, 'energy_parameter', created.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: { label: created.label, unit: 'kWh', metrics: [{ id: first.id }], version: 1 },
      newValue: { label, unit: 'kVAh', metrics: [{ id: second.id }], version: 2 },
    });
    // the metric it no longer computes may go now
    expect((await site({ method: 'DELETE', url: `/api/energy/metrics/${first.id}` })).statusCode).toBe(200);

    const stale = await site({
      method: 'PUT',
      url: `/api/energy/parameters/${created.id}`,
      payload: { label, category: 'Electrical', unit: 'kWh', metricIds: [second.id], version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
  });

  it('keeps everything as it was when the edit is refused', async () => {
    const metric = await addMetric();
    const first = await addEnergyParameter({ metricIds: [metric.id] });
    const second = await addEnergyParameter({ metricIds: [metric.id] });
    const other = await addMetric();
    const url = `/api/energy/parameters/${second.id}`;
    const body = { category: 'Electrical', unit: 'kWh', metricIds: [other.id], version: second.version };

    const dup = await site({ method: 'PUT', url, payload: { ...body, label: first.label } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PARAMETER_EXISTS');
    expect(dup.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);
    const noVersion = await site({
      method: 'PUT',
      url,
      payload: { ...body, version: undefined, label: second.label },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'version',
        message: 'This field is required',
        code: 'FIELD_REQUIRED',
      }),
    );
    const noMetrics = await site({
      method: 'PUT',
      url,
      payload: { ...body, label: second.label, metricIds: [] },
    });
    expect(noMetrics.statusCode).toBe(400);

    const payload = { ...body, label: uniqueLabel('Changed') };
    expect((await anonymous({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await (await partnerAdmin())({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await (await tenantAdmin())({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await site({ method: 'GET', url })).json()).toEqual(second);

    const missing = await site({
      method: 'PUT',
      url: '/api/energy/parameters/2000000000',
      payload: { ...body, label: uniqueLabel('Missing') },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });
});

describe('DELETE /api/energy/parameters/:id', () => {
  it('marks it deleted, frees its name and its source, and audits it', async () => {
    const source = await addCatalogueParameter();
    const parameter = await addEnergyParameter({ parameterId: source.id });
    const url = `/api/energy/parameters/${parameter.id}`;
    expect((await anonymous({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await (await partnerAdmin())({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await (await tenantAdmin())({ method: 'DELETE', url })).statusCode).toBe(403);

    const response = await site({ method: 'DELETE', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: parameter.id, status: 'DELETED' });
    const [audit] = await auditRowsFor(t.db, 'energy_parameter', parameter.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED', name: parameter.name },
      newValue: { status: 'DELETED', name: parameter.name },
    });
    expect((await site({ method: 'GET', url })).statusCode).toBe(404);
    expect((await site({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await findEnergyUseOfParameter(t.db, source.id)).toBeNull();
    await addEnergyParameter({ label: parameter.label });
  });
});

describe('demo energy catalogue', () => {
  it('seeds metrics and energy parameters, the electrical ones fed by the standard energy parameters', async () => {
    await t.db.transaction(async (tx) => {
      await seedParameterCatalogue(tx);
      await seedEnergyCatalogue(tx);
    });
    const metrics = await site({ method: 'GET', url: '/api/energy/metrics?search=consumption' });
    expect(metrics.json().items).toContainEqual(
      expect.objectContaining({ key: 'daily_consumption', value: 'sum' }),
    );
    const page = await site({ method: 'GET', url: '/api/energy/parameters?pageSize=100' });
    const seeded = new Map((page.json().items as EnergyParameter[]).map((p) => [p.name, p]));
    expect(seeded.get('grid_energy')).toMatchObject({
      unit: 'kWh',
      isCumulative: true,
      parameter: { label: 'Energy kWh' },
      metrics: [{ key: 'daily_consumption' }, { key: 'monthly_consumption' }],
    });
    for (const name of [
      'active_power',
      'apparent_power',
      'power_factor',
      'voltage',
      'current',
      'frequency',
    ]) {
      expect(seeded.get(name)?.parameter, name).not.toBeNull();
    }
    expect(seeded.get('boiler_steam_flow')).toMatchObject({ category: 'Thermal', parameter: null });
    expect(seeded.get('process_water_consumption')).toMatchObject({ category: 'Water', unit: 'm3/h' });
    for (const parameter of seeded.values()) expect(parameter.metrics.length).toBeGreaterThan(0);
  });
});
