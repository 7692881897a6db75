import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_MESSAGE,
  PARAMETER_EXISTS_MESSAGE,
  type DerivedParameter,
  type EnergyDerivedMetric,
  type ExpressionKey,
  type Parameter,
} from '@vayu/domain';
import { derivedExpressionProperties, derivedParameters, derivedStdParams } from '../../db/schema/index.js';
import { seedDerivedParameters } from '../../seed/derived-parameters.js';
import { seedParameterCatalogue } from '../../seed/demo-data.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { findDerivedSeriesUsingKey } from './derived-parameters.repository.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await signInAs(await make.siteUser('admin'));
});

let seq = 0;
/** A short tag that keeps names of this run apart: labels and keys are unique per test database. */
const tag = () => `t${Date.now().toString(36)}${++seq}`;

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

/** A standard parameter; returns its key (generated from the label). */
async function standardKey(label: string, payload: Record<string, unknown> = {}): Promise<string> {
  const response = await site({
    method: 'POST',
    url: '/api/parameters',
    payload: { label, mtype: 'stack', stdUnit: 'mg/Nm3', ...payload },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as Parameter).paramKey;
}

type Row = {
  conditionalStatement?: string | null;
  expressionParam: string;
  dataSource?: string;
  unit?: string | null;
};
const series = (derivedParamLabel: string, ...rows: (string | Row)[]) => ({
  derivedParamLabel,
  derivedExpressionProperties: rows.map((row) => (typeof row === 'string' ? { expressionParam: row } : row)),
});

const body = (label: string, list: object[], extra: Record<string, unknown> = {}) => ({
  label,
  mtype: 'stack',
  stdUnit: 'kg/h',
  derivedStdParamList: list,
  ...extra,
});

async function addDerived(payload: Record<string, unknown>): Promise<DerivedParameter> {
  const response = await site({ method: 'POST', url: '/api/derivedParameters', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DerivedParameter;
}

async function derivedCountWithLabel(label: string) {
  const rows = await t.db.select().from(derivedParameters).where(eq(derivedParameters.label, label));
  return rows.length;
}

describe('POST /api/derivedParameters', () => {
  it('generates the names from the labels, keeps rows in order and writes an audit row', async () => {
    const id = tag();
    const so2 = await standardKey(`SO2 ${id}`);
    const flow = await standardKey(`Stack-Flow ${id}`, { stdUnit: 'm3/h' });
    const o2 = await standardKey(`O2 ${id}`, { stdUnit: '%' });
    const created = await addDerived(
      body(
        `SO2 Mass-Emission ${id}`,
        [
          series(`SO2 Mass ${id}`, {
            expressionParam: `${so2} * ${flow} / 1000000`,
            dataSource: 'minute_15',
            unit: 'kg/h',
          }),
          series(
            `SO2 Corrected ${id}`,
            { conditionalStatement: `${o2} < 21`, expressionParam: `${so2} * (21 - 11) / (21 - ${o2})` },
            { expressionParam: so2 },
          ),
        ],
        { alertLabel: 'SO2 mass', metricDownsampleAgg: 'AVGABS' },
      ),
    );
    expect(created).toMatchObject({
      label: `SO2 Mass-Emission ${id}`,
      name: `so2_massemission_${id}`,
      paramKey: `so2_massemission_${id}`,
      paramMetric: `so2.massemission.${id}`,
      mtype: 'stack',
      stdUnit: 'kg/h',
      alertLabel: 'SO2 mass',
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVGABS',
      isAlertEnabled: false,
      status: 'ENABLED',
      version: 1,
      derivedStdParamList: [
        {
          derivedParamName: `so2_mass_${id}`,
          derivedParamLabel: `SO2 Mass ${id}`,
          derivedExpressionProperties: [
            {
              conditionalStatement: null,
              expressionParam: `${so2} * ${flow} / 1000000`,
              dataSource: 'minute_15',
              unit: 'kg/h',
            },
          ],
        },
        {
          derivedParamName: `so2_corrected_${id}`,
          derivedExpressionProperties: [
            { conditionalStatement: `${o2} < 21`, dataSource: 'raw', unit: null },
            { conditionalStatement: null, expressionParam: so2 },
          ],
        },
      ],
    });
    const [audit] = await auditRowsFor(t.db, 'derived_parameter', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      oldValue: null,
      newValue: {
        name: created.name,
        derivedStdParamList: [
          { derivedParamName: `so2_mass_${id}` },
          { derivedParamName: `so2_corrected_${id}` },
        ],
      },
    });
    const found = await site({ method: 'GET', url: `/api/derivedParameters/${created.id}` });
    expect(found.json()).toEqual(created);
  });

  it('answers 400 with the field of bad syntax, an unknown key or a bad condition, and writes nothing', async () => {
    const id = tag();
    const pm = await standardKey(`PM ${id}`);
    const label = `PM Check ${id}`;
    const cases = [
      {
        rows: [pm, `${pm} +* 2`],
        path: 'derivedStdParamList.0.derivedExpressionProperties.1.expressionParam',
        message: /^Invalid expression/,
      },
      {
        rows: [`${pm} * nope_${id}`],
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam',
        message: new RegExp(`^Unknown parameter 'nope_${id}'\\.$`),
      },
      {
        rows: [{ conditionalStatement: `o9_${id} < 21`, expressionParam: pm }],
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.conditionalStatement',
        message: /^Unknown parameter/,
      },
      {
        rows: [{ expressionParam: 'process.exit(1)' }],
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam',
        message: /^Unknown function 'process.exit'/,
      },
    ];
    for (const { rows, path, message } of cases) {
      const response = await site({
        method: 'POST',
        url: '/api/derivedParameters',
        payload: body(label, [series(`Corrected ${id}`, ...rows)]),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      const details = response.json().error.details as { path: string; message: string; code: string }[];
      expect(details).toHaveLength(1);
      expect(details[0]!.code).toBe('FIELD_RULE');
      expect(details[0]!.path).toBe(path);
      expect(details[0]!.message).toMatch(message);
    }
    expect(await derivedCountWithLabel(label)).toBe(0);
  });

  it('refuses a series that uses itself and a cycle across two derived parameters', async () => {
    const id = tag();
    const nox = await standardKey(`NOx ${id}`);
    const self = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: body(`Total ${id}`, [series(`Total ${id}`, `total_${id} + ${nox}`)]),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('VALIDATION_FAILED');
    // The documented detail shape: the rule's wording values stay with the clients that run the rule.
    expect(self.json().error.details).toEqual([
      {
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam',
        message: `The expression refers back to itself: total_${id} → total_${id}.`,
        code: 'FIELD_RULE',
      },
    ]);

    const first = await addDerived(body(`First ${id}`, [series(`A ${id}`, `${nox} * 2`)]));
    await addDerived(body(`Second ${id}`, [series(`B ${id}`, `a_${id} + 1`)]));
    const cycle = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${first.id}`,
      payload: body(first.label, [series(`A ${id}`, `${nox}`, `b_${id} * 2`)], { version: first.version }),
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.details).toEqual([
      expect.objectContaining({
        path: 'derivedStdParamList.0.derivedExpressionProperties.1.expressionParam',
        message: `The expression refers back to itself: a_${id} → b_${id} → a_${id}.`,
      }),
    ]);
    const unchanged = await site({ method: 'GET', url: `/api/derivedParameters/${first.id}` });
    expect(unchanged.json()).toEqual(first);
  });

  it('accepts dotted keys and series of the same body, in any order', async () => {
    const id = tag();
    const fine = await standardKey(`PM2.5 ${id}`, { mtype: 'caaqms', stdUnit: 'ug/m3' });
    expect(fine).toBe(`pm2.5_${id}`);
    const created = await addDerived(
      body(`PM Index ${id}`, [
        series(`Index ${id}`, `ratio_${id} * 100`),
        series(`Ratio ${id}`, `${fine} / 60`),
      ]),
    );
    expect(created.derivedStdParamList.map((item) => item.derivedParamName)).toEqual([
      `index_${id}`,
      `ratio_${id}`,
    ]);
  });

  it('refuses series names taken by a standard key, another derived parameter or twice in the body', async () => {
    const id = tag();
    const co = await standardKey(`CO ${id}`);
    const other = await addDerived(body(`CO Mass ${id}`, [series(`CO Rate ${id}`, co)]));
    const clash = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: body(`CO Other ${id}`, [
        series(`CO ${id}`, '1'),
        series(`CO Rate ${id}`, '2'),
        series(`Fine ${id}`, '3'),
        series(`fine  ${id}`, '4'),
      ]),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.details).toEqual([
      expect.objectContaining({
        path: 'derivedStdParamList.3.derivedParamLabel',
        message: `The series name "fine_${id}" is used twice in this derived parameter.`,
      }),
    ]);
    const taken = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: body(`CO Other ${id}`, [series(`CO ${id}`, '1'), series(`CO Rate ${id}`, '2')]),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.details).toEqual([
      expect.objectContaining({
        path: 'derivedStdParamList.0.derivedParamLabel',
        message: `The series name "co_${id}" is already the key of a standard parameter.`,
      }),
      expect.objectContaining({
        path: 'derivedStdParamList.1.derivedParamLabel',
        message: `The series name "co_rate_${id}" is already used by the derived parameter "${other.label}".`,
      }),
    ]);
    expect(await derivedCountWithLabel(`CO Other ${id}`)).toBe(0);
  });

  it('refuses unknown units, generated names sent by the client and an empty series list (400)', async () => {
    const id = tag();
    const cases: [Record<string, unknown>, string][] = [
      [body(`U ${id}`, [series(`U ${id}`, '1')], { stdUnit: 'furlongs' }), 'stdUnit'],
      [
        body(`U ${id}`, [series(`U ${id}`, { expressionParam: '1', unit: 'bar' })]),
        'derivedStdParamList.0.derivedExpressionProperties.0.unit',
      ],
      [
        body(`U ${id}`, [series(`U ${id}`, { expressionParam: '1', dataSource: 'week' })]),
        'derivedStdParamList.0.derivedExpressionProperties.0.dataSource',
      ],
      [body(`U ${id}`, []), 'derivedStdParamList'],
      [body(`U ${id}`, [series(`U ${id}`)]), 'derivedStdParamList.0.derivedExpressionProperties'],
      [body(`U ${id}`, [{ ...series(`U ${id}`, '1'), derivedParamName: 'x' }]), 'derivedStdParamList.0'],
      [body(`U ${id}`, [series(`U ${id}`, '1')], { paramKey: 'x' }), ''],
    ];
    for (const [payload, path] of cases) {
      const response = await site({ method: 'POST', url: '/api/derivedParameters', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (path) expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await derivedCountWithLabel(`U ${id}`)).toBe(0);
  });

  it('refuses a name a standard or derived parameter already has (409)', async () => {
    const id = tag();
    await standardKey(`Flue Gas ${id}`);
    const standardClash = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: body(` FLUE  GAS ${id.toUpperCase()}`, [series(`S1 ${id}`, '1')]),
    });
    expect(standardClash.statusCode).toBe(409);
    expect(standardClash.json().error.code).toBe('PARAMETER_EXISTS');
    expect(standardClash.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);

    const existing = await addDerived(body(`Heat Rate ${id}`, [series(`S2 ${id}`, '1')]));
    const derivedClash = await site({
      method: 'POST',
      url: '/api/derivedParameters',
      payload: body(`  heat   RATE ${id}`, [series(`S3 ${id}`, '1')]),
    });
    expect(derivedClash.statusCode).toBe(409);
    expect(derivedClash.json().error.code).toBe('PARAMETER_EXISTS');
    expect(derivedClash.json().error.message).toBe(PARAMETER_EXISTS_MESSAGE);
    // free again once deleted
    expect((await site({ method: 'DELETE', url: `/api/derivedParameters/${existing.id}` })).statusCode).toBe(
      200,
    );
    await addDerived(body(`Heat Rate ${id}`, [series(`S2 ${id}`, '1')]));
  });

  it('answers 401 without a session and 403 for partner and industry users', async () => {
    const payload = body(`Nobody ${tag()}`, [series(`N ${tag()}`, '1')]);
    expect((await anonymous({ method: 'POST', url: '/api/derivedParameters', payload })).statusCode).toBe(
      401,
    );
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    const refused = await partner({ method: 'POST', url: '/api/derivedParameters', payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'POST', url: '/api/derivedParameters', payload })).statusCode).toBe(403);
    expect(await derivedCountWithLabel(payload.label)).toBe(0);
  });
});

describe('PUT /api/derivedParameters/:id', () => {
  it('replaces the series from the current version and audits old and new', async () => {
    const id = tag();
    const so2 = await standardKey(`SO2 ${id}`);
    const created = await addDerived(
      body(`Edit Me ${id}`, [series(`Old ${id}`, so2), series(`Gone ${id}`, '2')]),
    );
    const response = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${created.id}`,
      payload: body(
        `Edited ${id}`,
        [
          series(
            `New ${id}`,
            { conditionalStatement: `${so2} > 0`, expressionParam: `${so2} * 2`, unit: 'mg/Nm3' },
            '0',
          ),
        ],
        { mtype: 'general', metricAgg: 'MAX', version: created.version },
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as DerivedParameter;
    expect(updated).toMatchObject({
      label: `Edited ${id}`,
      name: `edited_${id}`,
      mtype: 'general',
      metricAgg: 'MAX',
      version: created.version + 1,
      derivedStdParamList: [
        {
          derivedParamName: `new_${id}`,
          derivedExpressionProperties: [
            { conditionalStatement: `${so2} > 0`, expressionParam: `${so2} * 2`, unit: 'mg/Nm3' },
            { conditionalStatement: null, expressionParam: '0' },
          ],
        },
      ],
    });
    // the old series and their rows are gone
    const oldSeriesIds = created.derivedStdParamList.map((item) => item.id);
    for (const seriesId of oldSeriesIds) {
      expect(
        await t.db.select().from(derivedStdParams).where(eq(derivedStdParams.id, seriesId)),
      ).toHaveLength(0);
      expect(
        await t.db
          .select()
          .from(derivedExpressionProperties)
          .where(eq(derivedExpressionProperties.derivedStdParamId, seriesId)),
      ).toHaveLength(0);
    }
    const [audit] = await auditRowsFor(t.db, 'derived_parameter', created.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: {
        label: created.label,
        version: 1,
        derivedStdParamList: [{ derivedParamName: `old_${id}` }, {}],
      },
      newValue: {
        label: `Edited ${id}`,
        version: 2,
        derivedStdParamList: [{ derivedParamName: `new_${id}` }],
      },
    });

    const stale = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${created.id}`,
      payload: body(`Edited ${id}`, [series(`New ${id}`, '1')], { version: created.version }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
  });

  it('keeps its own series names usable, needs a version, and answers 404, 401 and 403', async () => {
    const id = tag();
    const created = await addDerived(body(`Keep ${id}`, [series(`Keep Series ${id}`, '1')]));
    // saving it unchanged: its own stored series neither clash nor count as a cycle
    const same = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${created.id}`,
      payload: body(created.label, [series(`Keep Series ${id}`, '1')], { version: 1 }),
    });
    expect(same.statusCode, same.body).toBe(200);

    const noVersion = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${created.id}`,
      payload: body(created.label, [series(`Keep Series ${id}`, '1')]),
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.code).toBe('VALIDATION_FAILED');
    expect(noVersion.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'version',
        message: 'This field is required',
        code: 'FIELD_REQUIRED',
      }),
    );
    const missing = await site({
      method: 'PUT',
      url: '/api/derivedParameters/2000000000',
      payload: body(`X ${id}`, [series(`X ${id}`, '1')], { version: 1 }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');

    const payload = body(`X ${id}`, [series(`X ${id}`, '1')], { version: 2 });
    const url = `/api/derivedParameters/${created.id}`;
    expect((await anonymous({ method: 'PUT', url, payload })).statusCode).toBe(401);
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expect((await partner({ method: 'PUT', url, payload })).statusCode).toBe(403);
  });

  it('refuses to rename or remove a series another derived parameter uses (409)', async () => {
    const id = tag();
    const base = await addDerived(body(`Base ${id}`, [series(`Base Series ${id}`, '1')]));
    const user = await addDerived(body(`User ${id}`, [series(`User Series ${id}`, `base_series_${id} * 2`)]));
    const renamed = await site({
      method: 'PUT',
      url: `/api/derivedParameters/${base.id}`,
      payload: body(base.label, [series(`Renamed ${id}`, '1')], { version: base.version }),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error).toMatchObject({
      code: 'DERIVED_PARAMETER_IN_USE',
      params: { action: 'rename', series: `base_series_${id}`, usedBy: user.label },
    });
    expect(renamed.json().error.message).toBe(
      `The series "base_series_${id}" is used in an expression of the derived parameter "${user.label}" and cannot be renamed or removed.`,
    );
  });
});

describe('DELETE /api/derivedParameters/:id', () => {
  it('marks it deleted, drops it from the list and the keys, and audits it', async () => {
    const id = tag();
    const created = await addDerived(body(`Delete Me ${id}`, [series(`Doomed ${id}`, '1')]));
    const response = await site({ method: 'DELETE', url: `/api/derivedParameters/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'DELETED' });
    const list = await site({
      method: 'GET',
      url: `/api/derivedParameters?search=${encodeURIComponent(created.label)}`,
    });
    expect(list.json().total).toBe(0);
    const keys = (
      await site({ method: 'GET', url: '/api/derivedParameters/keys' })
    ).json() as ExpressionKey[];
    expect(keys.some((key) => key.key === `doomed_${id}`)).toBe(false);
    const [audit] = await auditRowsFor(t.db, 'derived_parameter', created.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED', name: created.name },
      newValue: { status: 'DELETED', name: created.name },
    });
    expect((await site({ method: 'DELETE', url: `/api/derivedParameters/${created.id}` })).statusCode).toBe(
      404,
    );
    expect((await site({ method: 'GET', url: `/api/derivedParameters/${created.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete one whose series another uses (409) until that one is deleted', async () => {
    const id = tag();
    const base = await addDerived(body(`Used ${id}`, [series(`Used Series ${id}`, '1')]));
    const user = await addDerived(
      body(`Using ${id}`, [
        series(`Using Series ${id}`, { conditionalStatement: `used_series_${id} > 0`, expressionParam: '1' }),
      ]),
    );
    const refused = await site({ method: 'DELETE', url: `/api/derivedParameters/${base.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'DERIVED_PARAMETER_IN_USE',
      params: { action: 'delete', usedBy: user.label },
    });
    expect(refused.json().error.message).toBe(
      `This derived parameter is used in an expression of the derived parameter "${user.label}" and cannot be deleted.`,
    );
    expect(await auditRowsFor(t.db, 'derived_parameter', base.id)).toHaveLength(1);
    expect((await site({ method: 'DELETE', url: `/api/derivedParameters/${user.id}` })).statusCode).toBe(200);
    expect((await site({ method: 'DELETE', url: `/api/derivedParameters/${base.id}` })).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 for users other than the site', async () => {
    const created = await addDerived(body(`Kept ${tag()}`, [series(`Kept ${tag()}`, '1')]));
    const url = `/api/derivedParameters/${created.id}`;
    expect((await anonymous({ method: 'DELETE', url })).statusCode).toBe(401);
    const tenant = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expect((await tenant({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await site({ method: 'GET', url })).json().status).toBe('ENABLED');
  });
});

describe('GET /api/derivedParameters', () => {
  it('pages and searches by label or name, filters by mtype, with series, for any signed-in user', async () => {
    const id = `Zq${tag()}`;
    const b = await addDerived(body(`${id} Beta`, [series(`${id} Beta S`, '1')]));
    const a = await addDerived(
      body(`${id} alpha`, [series(`${id} Alpha S`, '1'), series(`${id} Alpha T`, '2')]),
    );
    const c = await addDerived(body(`${id} Gamma`, [series(`${id} Gamma S`, '1')], { mtype: 'energy' }));
    const gone = await addDerived(body(`${id} Delta`, [series(`${id} Delta S`, '1')]));
    await site({ method: 'DELETE', url: `/api/derivedParameters/${gone.id}` });

    const tenant = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const first = await tenant({
      method: 'GET',
      url: `/api/derivedParameters?search=${id.toUpperCase()}&pageSize=2`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3, pageCount: 2 });
    const items = first.json().items as DerivedParameter[];
    expect(items.map((item) => item.id)).toEqual([a.id, b.id]);
    expect(items[0]!.derivedStdParamList.map((item) => item.derivedParamLabel)).toEqual([
      `${id} Alpha S`,
      `${id} Alpha T`,
    ]);
    const second = await tenant({
      method: 'GET',
      url: `/api/derivedParameters?search=${id}&pageSize=2&page=2`,
    });
    expect(second.json().items.map((item: DerivedParameter) => item.id)).toEqual([c.id]);
    const byName = await tenant({
      method: 'GET',
      url: `/api/derivedParameters?search=${id.toLowerCase()}_gamma`,
    });
    expect(byName.json().items.map((item: DerivedParameter) => item.id)).toEqual([c.id]);
    const energy = await tenant({ method: 'GET', url: `/api/derivedParameters?search=${id}&mtype=energy` });
    expect(energy.json().items.map((item: DerivedParameter) => item.id)).toEqual([c.id]);
  });

  it('answers 400 for a bad page size or mtype and 401 without a session', async () => {
    const bad = await site({ method: 'GET', url: '/api/derivedParameters?pageSize=500' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('querystring.pageSize');
    expect((await site({ method: 'GET', url: '/api/derivedParameters?mtype=moon' })).statusCode).toBe(400);
    expect((await anonymous({ method: 'GET', url: '/api/derivedParameters' })).statusCode).toBe(401);
    expect((await anonymous({ method: 'GET', url: '/api/derivedParameters/keys' })).statusCode).toBe(401);
    expect((await anonymous({ method: 'GET', url: '/api/energy/derivedmetrics' })).statusCode).toBe(401);
  });
});

describe('GET /api/derivedParameters/keys', () => {
  it('lists standard keys and derived series names, sorted, with their units and dependencies', async () => {
    const id = tag();
    const flow = await standardKey(`Flow ${id}`, { stdUnit: 'm3/h' });
    const created = await addDerived(
      body(`Flow Sum ${id}`, [series(`Flow Twice ${id}`, { expressionParam: `${flow} * 2`, unit: 'm3/h' })], {
        stdUnit: null,
      }),
    );
    const partner = await signInAs(await make.user((await make.partner()).id, 'user'));
    const response = await partner({ method: 'GET', url: '/api/derivedParameters/keys' });
    expect(response.statusCode).toBe(200);
    const keys = response.json() as ExpressionKey[];
    expect(keys.map((key) => key.key)).toEqual([...keys.map((key) => key.key)].sort());
    expect(keys).toContainEqual({
      key: flow,
      label: `Flow ${id}`,
      kind: 'standard',
      unit: 'm3/h',
      derivedParameterId: null,
      derivedParameterLabel: null,
      dependsOn: [],
    });
    expect(keys).toContainEqual({
      key: `flow_twice_${id}`,
      label: `Flow Twice ${id}`,
      kind: 'derived',
      unit: 'm3/h',
      derivedParameterId: created.id,
      derivedParameterLabel: created.label,
      dependsOn: [flow],
    });
  });
});

describe('GET /api/energy/derivedmetrics', () => {
  it('lists the series of energy derived parameters not deleted', async () => {
    const id = tag();
    const kw = await standardKey(`Active Power ${id}`, { mtype: 'energy', stdUnit: 'kW' });
    const kva = await standardKey(`Apparent Power ${id}`, { mtype: 'energy', stdUnit: 'kVA' });
    const reactive = await addDerived(
      body(
        `Reactive Power ${id}`,
        [
          series(`Reactive ${id}`, {
            expressionParam: `sqrt(max(pow(${kva}, 2) - pow(${kw}, 2), 0))`,
            unit: 'kVAr',
          }),
          series(`Load Share ${id}`, `${kw} / 100`),
        ],
        { mtype: 'energy', stdUnit: 'kW' },
      ),
    );
    const stack = await addDerived(body(`Stack Thing ${id}`, [series(`Stack Series ${id}`, '1')]));
    const gone = await addDerived(
      body(`Gone Energy ${id}`, [series(`Gone Series ${id}`, '1')], { mtype: 'energy' }),
    );
    await site({ method: 'DELETE', url: `/api/derivedParameters/${gone.id}` });

    const tenant = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const response = await tenant({ method: 'GET', url: '/api/energy/derivedmetrics' });
    expect(response.statusCode).toBe(200);
    const metrics = response.json() as EnergyDerivedMetric[];
    const mine = metrics.filter((metric) => metric.key.endsWith(id));
    expect(mine).toEqual([
      {
        id: reactive.derivedStdParamList[0]!.id,
        key: `reactive_${id}`,
        label: `Reactive ${id}`,
        unit: 'kVAr',
        derivedParameterId: reactive.id,
        derivedParameterLabel: reactive.label,
      },
      {
        id: reactive.derivedStdParamList[1]!.id,
        key: `load_share_${id}`,
        label: `Load Share ${id}`,
        // no unit on the row: the derived parameter's
        unit: 'kW',
        derivedParameterId: reactive.id,
        derivedParameterLabel: reactive.label,
      },
    ]);
    expect(metrics.some((metric) => metric.derivedParameterId === stack.id)).toBe(false);
  });
});

describe('findDerivedSeriesUsingKey', () => {
  it('finds a derived parameter whose expression or condition uses a key, not one that only looks alike', async () => {
    const id = tag();
    const hg = await standardKey(`Hg ${id}`);
    const hgDry = await standardKey(`Hg ${id} Dry`);
    expect(await findDerivedSeriesUsingKey(t.db, hg)).toBeNull();
    await addDerived(body(`Hg Dry Only ${id}`, [series(`Hg Dry Only ${id}`, `${hgDry} * 2`)]));
    // "hg_x_dry" contains "hg_x" but is another key
    expect(await findDerivedSeriesUsingKey(t.db, hg)).toBeNull();
    const user = await addDerived(
      body(`Hg Check ${id}`, [
        series(`Hg Check ${id}`, { conditionalStatement: `${hg} > 0`, expressionParam: '1' }),
      ]),
    );
    expect(await findDerivedSeriesUsingKey(t.db, hg)).toEqual({ derivedParameterLabel: user.label });
    await site({ method: 'DELETE', url: `/api/derivedParameters/${user.id}` });
    expect(await findDerivedSeriesUsingKey(t.db, hg)).toBeNull();
  });
});

describe('demo derived parameters', () => {
  it('seed cleanly on the demo catalogue and pass the save checks', async () => {
    const rollback = new Error('rollback');
    await t.db
      .transaction(async (tx) => {
        await seedParameterCatalogue(tx);
        await seedDerivedParameters(tx);
        const rows = await tx
          .select()
          .from(derivedParameters)
          .where(eq(derivedParameters.label, 'Reactive Power'));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ mtype: 'energy', stdUnit: 'kVAr', name: 'reactive_power' });
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(await derivedCountWithLabel('Reactive Power')).toBe(0);
  });
});
