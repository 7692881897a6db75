import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '@vayu/domain';
import { accounts, auditLogs } from '../db/schema/index.js';
import { factories } from '../test/factories.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../test/harness.js';

let t: TestContext;
let site: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await startTestApp();
  const user = await factories(t.db).siteUser();
  site = asUser(t.app, await signIn(t.app, user.email, user.password));
});

const detailsOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; details?: Array<{ path: string; code: string }> } }).error;

describe('text the database cannot store', () => {
  it('refuses a NUL byte in the sign-in body with 400, naming the field (no session needed)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: CONSOLE_HEADERS,
      payload: { userName: 'a\u0000b@x.y', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const error = detailsOf(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([expect.objectContaining({ path: 'userName', code: 'FIELD_INVALID' })]);
  });

  it('refuses a NUL byte in a search; the UTF-8 bytes of a surrogate in a URL are only a search', async () => {
    const nul = await site({ method: 'GET', url: '/api/parameters?search=%00' });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(detailsOf(nul.body).details).toEqual([expect.objectContaining({ path: 'querystring.search' })]);
    const surrogate = await site({ method: 'GET', url: '/api/tenants?search=%ED%A0%80' });
    // A surrogate cannot be sent in a URL: its UTF-8 bytes are invalid and decode to U+FFFD, a plain search.
    expect(surrogate.statusCode).toBe(200);
  });

  it('refuses a lone surrogate in an audited field and writes nothing', async () => {
    const tenant = await factories(t.db).tenant();
    const before = await t.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    const response = await site({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: `{"tenantId":${tenant.id},"workingStatus":"Other","remark":"a\\ud800b"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body).code).toBe('VALIDATION_FAILED');
    const [row] = await t.db
      .select({ workingStatus: accounts.workingStatus })
      .from(accounts)
      .where(and(eq(accounts.id, tenant.id)));
    expect(row?.workingStatus).toBe('ON');
    const after = await t.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id));
    expect(after).toHaveLength(before.length);
  });

  it('keeps accepting ordinary non-Latin text and paired surrogates', async () => {
    const response = await site({
      method: 'GET',
      url: `/api/parameters?search=${encodeURIComponent('धूल 🌫')}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('far dates', () => {
  it('answers 400 with the range for an audit period ending in the year 9999', async () => {
    const response = await site({ method: 'GET', url: '/api/auditLogs?endDate=9999-12-31' });
    expect(response.statusCode).toBe(400);
    const error = JSON.parse(response.body).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([
      expect.objectContaining({ path: 'querystring.endDate', message: DATE_RANGE_MESSAGE }),
    ]);
  });

  it('still takes a period within the range', async () => {
    const response = await site({
      method: 'GET',
      url: '/api/auditLogs?startDate=2026-11-01&endDate=2026-11-24',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('ids a column cannot hold', () => {
  it('answers 404 for a path id beyond a PostgreSQL integer or below 1, and 400 for one that is not a number', async () => {
    for (const url of [
      '/api/tenant-by-id/2147483648',
      '/api/tenant-by-id/99999999999999999999',
      '/api/tenant-by-id/0',
      '/api/parameters/2147483648',
    ]) {
      const response = await site({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(detailsOf(response.body).code, url).toBe('NOT_FOUND');
    }
    const written = await site({
      method: 'PATCH',
      url: '/api/tenants/2147483648',
      payload: [{ op: 'replace', att: 'city', value: 'Vapi' }],
    });
    expect(written.statusCode).toBe(404);
    const malformed = await site({ method: 'GET', url: '/api/tenant-by-id/12abc' });
    expect(malformed.statusCode).toBe(400);
    expect(detailsOf(malformed.body).code).toBe('VALIDATION_FAILED');
  });

  it('answers 400 naming the field for a body id beyond a PostgreSQL integer', async () => {
    const response = await site({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: { tenantId: 2_147_483_648, workingStatus: 'ON', remark: null },
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body).details).toEqual([expect.objectContaining({ path: 'tenantId' })]);
  });

  it('answers 400 naming the field for ids and versions beyond a PostgreSQL integer in catalogue bodies (found by the fuzz suite)', async () => {
    const energy = {
      label: 'Grid import',
      category: 'Thermal',
      unit: 'V',
      isCumulative: false,
      isAlertEnabled: true,
      metricIds: [1],
    };
    for (const [payload, field] of [
      [{ ...energy, parameterId: 2_147_483_648 }, 'parameterId'],
      [{ ...energy, metricIds: [2_147_483_648] }, 'metricIds.0'],
      [{ ...energy, version: 2_147_483_648 }, 'version'],
    ] as const) {
      const response = await site({ method: 'POST', url: '/api/energy/parameters', payload });
      expect(response.statusCode, field).toBe(400);
      expect(detailsOf(response.body).details, field).toEqual([expect.objectContaining({ path: field })]);
    }
  });
});

describe('forms the parser cannot read', () => {
  it('answers 400 for an industry form cut off before its closing boundary, and changes nothing', async () => {
    const tenant = await factories(t.db).tenant();
    const response = await site({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nRenamed Industry',
    });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response.body).code).toBe('VALIDATION_FAILED');
    const [row] = await t.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, tenant.id));
    expect(row?.name).toBe(tenant.name);
  });
});
