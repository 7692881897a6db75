import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { accounts, auditLogs, demoDataRecords, users } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { APPROVAL_REPORT_SUBJECT } from './approvals.service.js';
import { clientFor, expectError, failAuditWrites, outboxCount, outboxFor } from './partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const accountRow = async (id: number) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const anonymousPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: CONSOLE_HEADERS, payload });

describe('POST /api/tenantApprovalData', () => {
  const approve = (payload: object, call = site.call) =>
    call({ method: 'POST', url: '/api/tenantApprovalData', payload });

  it('stores the decision and remark and audits old and new values', async () => {
    const tenant = await make.tenant();
    await t.db.update(accounts).set({ approvalStatus: 'PENDING' }).where(eq(accounts.id, tenant.id));
    const response = await approve({ tenantId: tenant.id, approvalStatus: 'REJECTED', remark: '  No CTO  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tenantId: tenant.id,
      approvalStatus: 'REJECTED',
      approvalRemark: 'No CTO',
    });
    expect(await accountRow(tenant.id)).toMatchObject({
      approvalStatus: 'REJECTED',
      approvalRemark: 'No CTO',
    });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'APPROVAL',
      tenantId: tenant.id,
      actorUserId: site.user.id,
      oldValue: { approvalStatus: 'PENDING', approvalRemark: null },
      newValue: { approvalStatus: 'REJECTED', approvalRemark: 'No CTO' },
    });
  });

  it('refuses invalid fields with details and fields it does not set', async () => {
    const tenant = await make.tenant();
    const invalid = await approve({ tenantId: 'x', approvalStatus: 'PENDING' });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['tenantId', 'approvalStatus']),
    );
    expectError(
      await approve({ tenantId: tenant.id, approvalStatus: 'APPROVED', status: 'DISABLED' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await accountRow(tenant.id)).toMatchObject({ status: 'ENABLED', version: 1 });
  });

  it('answers 404 for an unknown or non-industry account, 401 without a session, 403 for a partner', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    expectError(await approve({ tenantId: 999_999_999, approvalStatus: 'APPROVED' }), 404, 'NOT_FOUND');
    expectError(await approve({ tenantId: partner.id, approvalStatus: 'APPROVED' }), 404, 'NOT_FOUND');
    expectError(
      await anonymousPost('/api/tenantApprovalData', { tenantId: tenant.id, approvalStatus: 'APPROVED' }),
      401,
      'UNAUTHENTICATED',
    );
    const { call } = await clientFor(t, partner.id);
    expectError(await approve({ tenantId: tenant.id, approvalStatus: 'REJECTED' }, call), 403, 'FORBIDDEN');
    expect((await accountRow(tenant.id)).approvalStatus).toBe('APPROVED');
  });

  it('rolls the decision back when its audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const undo = await failAuditWrites(t.db, 'APPROVAL', tenant.id);
    try {
      expectError(await approve({ tenantId: tenant.id, approvalStatus: 'REJECTED' }), 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect((await accountRow(tenant.id)).approvalStatus).toBe('APPROVED');
  });
});

describe('POST /api/tenantsApprovalReport/mail', () => {
  const mail = (payload?: object, call = site.call) =>
    call({
      method: 'POST',
      url: '/api/tenantsApprovalReport/mail',
      ...(payload === undefined ? {} : { payload }),
    });

  it('queues one mail per recipient listing pending industries first', async () => {
    const partner = await make.partner();
    const pending = await make.tenant({ partnerId: partner.id });
    await t.db.update(accounts).set({ approvalStatus: 'PENDING' }).where(eq(accounts.id, pending.id));
    const rejected = await make.tenant();
    await t.db.update(accounts).set({ approvalStatus: 'REJECTED' }).where(eq(accounts.id, rejected.id));
    const to = [`ops-${Date.now()}@board.example`, `Audit-${Date.now()}@board.example`];

    const response = await mail({ to: [...to, to[0]] });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.sentTo).toEqual([to[0], to[1]!.toLowerCase()]);
    expect(result.pending).toBeGreaterThanOrEqual(1);
    expect(result.rejected).toBeGreaterThanOrEqual(1);
    expect(result.approved).toBeGreaterThanOrEqual(0);

    for (const address of result.sentTo as string[]) {
      const mails = await outboxFor(t.db, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: 'APPROVAL_REPORT',
        subject: APPROVAL_REPORT_SUBJECT,
        sentAt: null,
      });
      const text = mails[0]!.bodyText;
      expect(text).toContain(`Pending: ${result.pending}`);
      expect(text).toContain(`- ${pending.name} | Partner: ${partner.name} | State: Gujarat | Created: `);
      expect(text.indexOf(pending.name)).toBeLessThan(text.indexOf(rejected.name));
      expect(text.indexOf('\nPending approval:\n')).toBeLessThan(text.indexOf('\nRejected:\n'));
    }
    const [audit] = (
      await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'approval_report'))
    ).filter((r) => (r.newValue as { sentTo: string[] }).sentTo.includes(to[0]!));
    expect(audit).toMatchObject({ action: 'MAIL', actorUserId: site.user.id, newValue: result });
  });

  it("goes to the platform admins' e-mails when no recipients are given", async () => {
    const admins = await t.db.select().from(users).where(eq(users.userType, 'site'));
    const enabledAdmins = admins.filter((u) => u.role === 'admin' && u.status === 'ENABLED');
    const plainSiteUser = await make.siteUser('user');
    const response = await mail();
    expect(response.statusCode, response.body).toBe(200);
    expect([...response.json().sentTo].sort()).toEqual(enabledAdmins.map((u) => u.email).sort());
    expect(response.json().sentTo).toContain(site.user.email);
    expect(response.json().sentTo).not.toContain(plainSiteUser.email);
    const [mine] = await outboxFor(t.db, site.user.email);
    expect(mine).toMatchObject({ kind: 'APPROVAL_REPORT', userId: site.user.id });
  });

  it('refuses invalid recipients with details and queues nothing; 401 without a session, 403 for a partner', async () => {
    const before = await outboxCount(t.db);
    const invalid = await mail({ to: ['not-an-email'] });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details[0].path).toBe('to.0');
    expectError(await mail({ to: [], cc: ['x@y.example'] }), 400, 'VALIDATION_FAILED');
    expectError(await anonymousPost('/api/tenantsApprovalReport/mail', {}), 401, 'UNAUTHENTICATED');
    const partner = await make.partner();
    const { call } = await clientFor(t, partner.id);
    expectError(await mail({}, call), 403, 'FORBIDDEN');
    expect(await outboxCount(t.db)).toBe(before);
  });
});

describe('POST /api/demoTenantData and GET /api/demoDataRecord', () => {
  const setDemo = (payload: object, call = site.call) =>
    call({ method: 'POST', url: '/api/demoTenantData', payload });
  const records = (tenantId: number | string, call = site.call) =>
    call({ method: 'GET', url: `/api/demoDataRecord?tenantId=${tenantId}` });

  it('records demo periods, sets the flag and lists them newest first with who made them', async () => {
    const tenant = await make.tenant();
    const first = await setDemo({
      tenantId: tenant.id,
      isDemo: true,
      validTill: '2026-12-31T00:00:00Z',
      remark: 'Trial',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      tenantId: tenant.id,
      isDemo: true,
      validTill: '2026-12-31T00:00:00.000Z',
      remark: 'Trial',
      createdBy: site.user.email,
    });
    expect((await accountRow(tenant.id)).isDemo).toBe(true);
    const second = await setDemo({ tenantId: tenant.id, isDemo: false });
    expect((await accountRow(tenant.id)).isDemo).toBe(false);

    const response = await records(tenant.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ tenantId: tenant.id, isDemo: false });
    expect(body.records.map((r: { id: number }) => r.id)).toEqual([second.json().id, first.json().id]);
    expect(body.records[1]).toMatchObject({ createdBy: site.user.email, remark: 'Trial' });

    const [audit] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(audit).toMatchObject({
      action: 'DEMO_DATA',
      tenantId: tenant.id,
      oldValue: { isDemo: true },
      newValue: { isDemo: false, validTill: null, remark: null, recordId: second.json().id },
    });
  });

  it('refuses invalid fields with details and changes nothing', async () => {
    const tenant = await make.tenant();
    const invalid = await setDemo({ tenantId: tenant.id, isDemo: 'perhaps', validTill: 'tomorrow' });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['isDemo', 'validTill']),
    );
    expectError(await setDemo({ tenantId: tenant.id, isDemo: true, createdBy: 1 }), 400, 'VALIDATION_FAILED');
    const badQuery = await records('abc');
    expectError(badQuery, 400, 'VALIDATION_FAILED');
    expect(badQuery.json().error.details[0].path).toBe('querystring.tenantId');
    expect(
      await t.db.select().from(demoDataRecords).where(eq(demoDataRecords.tenantId, tenant.id)),
    ).toHaveLength(0);
    expect((await accountRow(tenant.id)).isDemo).toBe(false);
  });

  it("lets a partner read its tenants' records only (404 outside), and not write them (403)", async () => {
    const partner = await make.partner();
    const mine = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant();
    await setDemo({ tenantId: mine.id, isDemo: true });
    const { call } = await clientFor(t, partner.id, 'user');
    expect((await records(mine.id, call)).json().records).toHaveLength(1);
    expectError(await records(foreign.id, call), 404, 'NOT_FOUND');
    expectError(await records(999_999_999), 404, 'NOT_FOUND');
    expectError(await setDemo({ tenantId: mine.id, isDemo: false }, call), 403, 'FORBIDDEN');
    expectError(await setDemo({ tenantId: 999_999_999, isDemo: true }), 404, 'NOT_FOUND');
    expect((await accountRow(mine.id)).isDemo).toBe(true);
  });

  it('answers 401 without a session and 403 for a tenant user', async () => {
    const tenant = await make.tenant();
    expectError(
      await anonymousPost('/api/demoTenantData', { tenantId: tenant.id, isDemo: true }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/demoDataRecord?tenantId=${tenant.id}` }),
      401,
      'UNAUTHENTICATED',
    );
    const { call } = await clientFor(t, tenant.id);
    expectError(await records(tenant.id, call), 403, 'FORBIDDEN');
  });

  it('rolls back the record and the flag when the audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const undo = await failAuditWrites(t.db, 'DEMO_DATA', tenant.id);
    try {
      expectError(await setDemo({ tenantId: tenant.id, isDemo: true }), 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect((await accountRow(tenant.id)).isDemo).toBe(false);
    expect(
      await t.db.select().from(demoDataRecords).where(eq(demoDataRecords.tenantId, tenant.id)),
    ).toHaveLength(0);
  });
});

describe('the approval report and its audit row', () => {
  it('queue nothing when the audit row cannot be written', async () => {
    const before = await outboxCount(t.db);
    const undo = await failAuditWrites(t.db, 'MAIL', null);
    try {
      const response = await site.call({
        method: 'POST',
        url: '/api/tenantsApprovalReport/mail',
        payload: { to: ['never@board.example'] },
      });
      expectError(response, 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect(await outboxCount(t.db)).toBe(before);
    expect(await outboxFor(t.db, 'never@board.example')).toHaveLength(0);
  });
});
