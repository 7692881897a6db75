import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EDGE_CLIENT_MESSAGES,
  PLATFORM_ACCOUNT_ID,
  type EdgeClient,
  type EdgeClientDetail,
  type EdgeKeyIssued,
} from '@vayu/domain';
import { auditLogs, dataTokens, edgeClients } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { failAuditWritesOf } from '../cameras/cameras.test-support.js';
import { resolveDataToken } from '../telemetry/data-tokens.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
const emailOf = (name = 'gateway') => `${name}-${unique()}@plant.example`;
type Caller = Awaited<ReturnType<typeof clientFor>>;

async function createdClient(
  tenantId: number,
  overrides: { emailId?: string; keyAllowed?: number } = {},
  caller: Caller = site,
) {
  const response = await caller.call({
    method: 'POST',
    url: '/api/createEdgeClientUser',
    payload: { emailId: emailOf(), tenantId, keyAllowed: 2, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EdgeClientDetail;
}

const issueKey = (clientId: number, caller: Caller = site) =>
  caller.call({ method: 'POST', url: '/api/getEdgeClientToken', payload: { clientTokenId: clientId } });

async function issuedKey(clientId: number, caller: Caller = site) {
  const response = await issueKey(clientId, caller);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EdgeKeyIssued;
}

const details = (id: number, caller: Caller = site) =>
  caller.call({ method: 'GET', url: `/api/getEdgeDetails/${id}` });
const storedClient = async (id: number) =>
  (await t.db.select().from(edgeClients).where(eq(edgeClients.id, id)))[0]!;
const allAuditText = async () => JSON.stringify(await t.db.select().from(auditLogs));

describe('POST /api/createEdgeClientUser', () => {
  it('adds a client for an industry with its keys allowed, no keys yet, and audits it', async () => {
    const tenant = await make.tenant();
    const email = emailOf('Stack-Gateway');
    const response = await site.call({
      method: 'POST',
      url: '/api/createEdgeClientUser',
      payload: { emailId: `  ${email.toUpperCase()} `, tenantId: tenant.id, keyAllowed: '3' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const client = response.json() as EdgeClientDetail;
    expect(client).toMatchObject({
      emailId: email.toLowerCase(),
      tenant: { id: tenant.id, name: tenant.name },
      keyAllowed: 3,
      keyUsed: 0,
      version: 1,
      keys: [],
    });
    const [audit] = await auditRowsFor(t.db, 'edge_client', client.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, oldValue: null });
    expect(audit!.newValue).toMatchObject({ emailId: email.toLowerCase(), keyAllowed: 3, keyUsed: 0 });
    expect((await details(client.id)).json()).toEqual(client);
  });

  it('refuses an e-mail another client has, whatever its case or industry, with "Email already exist" on the field', async () => {
    const first = await make.tenant();
    const second = await make.tenant();
    const email = emailOf('etp');
    await createdClient(first.id, { emailId: email });
    for (const tenantId of [first.id, second.id]) {
      const response = await site.call({
        method: 'POST',
        url: '/api/createEdgeClientUser',
        payload: { emailId: email.toUpperCase(), tenantId, keyAllowed: 1 },
      });
      expectError(response, 409, 'EDGE_CLIENT_EXISTS');
      expect(response.json().error.message).toBe('Email already exist');
      expect(response.json().error.details).toEqual([
        { path: 'emailId', message: EDGE_CLIENT_MESSAGES.emailTaken, code: 'FIELD_TAKEN' },
      ]);
    }
    const stored = await t.db.select().from(edgeClients).where(eq(edgeClients.email, email));
    expect(stored).toHaveLength(1);
  });

  it('lets one of two adds with the same e-mail at the same moment in, the other 409 on the e-mail', async () => {
    const tenant = await make.tenant();
    const email = emailOf('race');
    const answers = await Promise.all(
      [1, 2].map(() =>
        site.call({
          method: 'POST',
          url: '/api/createEdgeClientUser',
          payload: { emailId: email, tenantId: tenant.id, keyAllowed: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expectError(refused, 409, 'EDGE_CLIENT_EXISTS');
    expect(refused.json().error.details).toEqual([expect.objectContaining({ path: 'emailId' })]);
  });

  it('refuses a bad e-mail, keys allowed outside 1 to 100 and a missing industry, naming each field', async () => {
    const tenant = await make.tenant();
    for (const keyAllowed of [0, 101, 2.5, 'many', -1]) {
      const response = await site.call({
        method: 'POST',
        url: '/api/createEdgeClientUser',
        payload: { emailId: emailOf(), tenantId: tenant.id, keyAllowed },
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details.map((d: { path: string }) => d.path)).toEqual(['keyAllowed']);
    }
    const response = await site.call({
      method: 'POST',
      url: '/api/createEdgeClientUser',
      payload: { emailId: 'not-an-email', keyAllowed: 1 },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['emailId', 'tenantId']));
    const stored = await t.db.select().from(edgeClients).where(eq(edgeClients.tenantId, tenant.id));
    expect(stored).toEqual([]);
  });

  it('answers 404 for an industry the caller cannot see, and for an account that is not an industry', async () => {
    const partner = await make.partner();
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    const strangers = await make.tenant();
    for (const [caller, tenantId] of [
      [partnerAdmin, strangers.id],
      [site, partner.id],
    ] as const) {
      expectError(
        await caller.call({
          method: 'POST',
          url: '/api/createEdgeClientUser',
          payload: { emailId: emailOf(), tenantId, keyAllowed: 1 },
        }),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('frees the e-mail of a deleted client', async () => {
    const tenant = await make.tenant();
    const email = emailOf('reused');
    const client = await createdClient(tenant.id, { emailId: email });
    const removed = await site.call({ method: 'DELETE', url: `/api/deleteEdgeClientkey/${client.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    await createdClient(tenant.id, { emailId: email });
  });
});

describe('keys: POST /api/getEdgeClientToken and DELETE /api/edgeClients/{id}/keys/{keyId}', () => {
  it('issues a key shown in that answer only: stored as a hash, listed by its last characters, audited without it', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 2 });
    const issued = await issuedKey(client.id);
    expect(issued.token).toMatch(/^vek_[A-Za-z0-9_-]{43}$/);
    const tail = issued.token.slice(-4);
    expect(issued.key).toMatchObject({ hint: `••••${tail}`, revokedAt: null, lastUsedAt: null });
    expect(issued.key.createdBy).toBe(site.user.name);
    expect(issued.client).toMatchObject({ id: client.id, keyUsed: 1, keyAllowed: 2, version: 1 });

    const [row] = await t.db.select().from(dataTokens).where(eq(dataTokens.id, issued.key.id));
    expect(row).toMatchObject({ kind: 'edge', edgeClientId: client.id, tokenTail: tail });
    expect(row!.tokenHash).toBe(hashToken(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);

    // Never shown again: not in the details, not in the list, not in the audit trail.
    const again = await details(client.id);
    expect(again.body).not.toContain(issued.token);
    expect((again.json() as EdgeClientDetail).keys).toEqual([issued.key]);
    const list = await site.call({ method: 'GET', url: `/api/allEdgeClient?tenantId=${tenant.id}` });
    expect(list.body).not.toContain(issued.token);
    expect(await allAuditText()).not.toContain(issued.token);
    const [audit] = await auditRowsFor(t.db, 'data_token', issued.key.id);
    expect(audit).toMatchObject({ action: 'TOKEN_ISSUED', tenantId: tenant.id });
    expect(audit!.newValue).toMatchObject({
      edgeClient: { id: client.id, emailId: client.emailId },
      keyHint: `••••${tail}`,
    });

    // The key sends readings for the client's industry.
    const sender = await resolveDataToken(t.db, issued.token);
    expect(sender).toMatchObject({ kind: 'edge', ownerId: client.id, tenantId: tenant.id });
  });

  it('refuses a key beyond the keys allowed (422) and issues one again once a key is revoked', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 1 });
    const first = await issuedKey(client.id);
    const refused = await issueKey(client.id);
    expectError(refused, 422, 'EDGE_KEY_LIMIT');
    expect(refused.json().error.params).toEqual({ keyUsed: 1, keyAllowed: 1 });
    expect((await storedClient(client.id)).keyUsed).toBe(1);
    expect(await t.db.select().from(dataTokens).where(eq(dataTokens.edgeClientId, client.id))).toHaveLength(
      1,
    );

    const revoked = await site.call({
      method: 'DELETE',
      url: `/api/edgeClients/${client.id}/keys/${first.key.id}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ keyUsed: 0 });
    const second = await issuedKey(client.id);
    expect(second.client.keyUsed).toBe(1);
  });

  it('gives one of two keys asked for at once when one place is left, and refuses the other', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 1 });
    const answers = await Promise.all([issueKey(client.id), issueKey(client.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await storedClient(client.id)).keyUsed).toBe(1);
  });

  it('stops a revoked key at once, frees its place, shows when and by whom, and audits it without the key', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 3 });
    const kept = await issuedKey(client.id);
    const gone = await issuedKey(client.id);
    // Resolved (and remembered) while live.
    expect(await resolveDataToken(t.db, gone.token)).not.toBeNull();

    const response = await site.call({
      method: 'DELETE',
      url: `/api/edgeClients/${client.id}/keys/${gone.key.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as EdgeClientDetail;
    expect(detail.keyUsed).toBe(1);
    // Live keys first, then revoked ones.
    expect(detail.keys.map((key) => key.id)).toEqual([kept.key.id, gone.key.id]);
    expect(detail.keys[1]).toMatchObject({ hint: gone.key.hint, revokedBy: site.user.name });
    expect(detail.keys[1]!.revokedAt).not.toBeNull();

    expect(await resolveDataToken(t.db, gone.token)).toBeNull();
    expect(await resolveDataToken(t.db, kept.token)).not.toBeNull();
    const [audit] = await auditRowsFor(t.db, 'data_token', gone.key.id);
    expect(audit).toMatchObject({ action: 'TOKEN_REVOKED', tenantId: tenant.id });
    expect(audit!.oldValue).toMatchObject({ keyHint: gone.key.hint });
    expect(await allAuditText()).not.toContain(gone.token);

    // Revoking it again changes nothing; a key of another client, or none, is not found.
    const again = await site.call({
      method: 'DELETE',
      url: `/api/edgeClients/${client.id}/keys/${gone.key.id}`,
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as EdgeClientDetail).keyUsed).toBe(1);
    expect(await auditRowsFor(t.db, 'data_token', gone.key.id)).toHaveLength(2);
    const other = await createdClient(tenant.id);
    for (const url of [
      `/api/edgeClients/${other.id}/keys/${kept.key.id}`,
      `/api/edgeClients/${client.id}/keys/99999999`,
    ]) {
      expectError(await site.call({ method: 'DELETE', url }), 404, 'NOT_FOUND');
    }
    expect(await resolveDataToken(t.db, kept.token)).not.toBeNull();
  });

  it('issues nothing when the audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id);
    const undo = await failAuditWritesOf(t.db, 'data_token', 'TOKEN_ISSUED');
    try {
      const response = await issueKey(client.id);
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('vek_');
    } finally {
      await undo();
    }
    expect(await t.db.select().from(dataTokens).where(eq(dataTokens.edgeClientId, client.id))).toEqual([]);
    expect((await storedClient(client.id)).keyUsed).toBe(0);
  });
});

describe('POST /api/editEdgeClientkey and /api/updateEdgeClient', () => {
  it('refuses fewer keys allowed than the client uses (422 on the field), allows as many, and audits the change', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 3 });
    await issuedKey(client.id);
    await issuedKey(client.id);

    for (const [url, body] of [
      ['/api/editEdgeClientkey', { id: client.id, keyAllowed: 1, version: 1 }],
      ['/api/updateEdgeClient', { id: client.id, emailId: client.emailId, keyAllowed: 1, version: 1 }],
    ] as const) {
      const refused = await site.call({ method: 'POST', url, payload: body });
      expectError(refused, 422, 'EDGE_KEY_LIMIT');
      expect(refused.json().error.details).toEqual([
        { path: 'keyAllowed', message: EDGE_CLIENT_MESSAGES.keyAllowedBelowUsed, code: 'FIELD_RULE' },
      ]);
      expect(refused.json().error.params).toEqual({ keyUsed: 2 });
    }
    expect(await storedClient(client.id)).toMatchObject({ keyAllowed: 3, version: 1 });

    const saved = await site.call({
      method: 'POST',
      url: '/api/editEdgeClientkey',
      payload: { id: client.id, keyAllowed: 2, version: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ keyAllowed: 2, keyUsed: 2, version: 2 });
    expect((saved.json() as EdgeClientDetail).keys).toHaveLength(2);
    const [audit] = await auditRowsFor(t.db, 'edge_client', client.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect(audit!.oldValue).toMatchObject({ keyAllowed: 3 });
    expect(audit!.newValue).toMatchObject({ keyAllowed: 2 });
    expectError(await issueKey(client.id), 422, 'EDGE_KEY_LIMIT');
  });

  it("changes the e-mail, refusing another client's (any case) with 'Email already exist', and a stale version", async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { emailId: emailOf('north') });
    const other = await createdClient(tenant.id, { emailId: emailOf('south') });
    const update = (body: Record<string, unknown>) =>
      site.call({
        method: 'POST',
        url: '/api/updateEdgeClient',
        payload: { id: client.id, emailId: client.emailId, keyAllowed: 2, version: 1, ...body },
      });

    const taken = await update({ emailId: other.emailId.toUpperCase() });
    expectError(taken, 409, 'EDGE_CLIENT_EXISTS');
    expect(taken.json().error.details).toEqual([
      { path: 'emailId', message: 'Email already exist', code: 'FIELD_TAKEN' },
    ]);
    expectError(await update({ version: 4 }), 409, 'STALE_VERSION');
    const noVersion = await update({ version: undefined });
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect(noVersion.json().error.details).toEqual([expect.objectContaining({ path: 'version' })]);

    const renamed = emailOf('renamed');
    const saved = await update({ emailId: renamed, keyAllowed: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      emailId: renamed,
      keyAllowed: 5,
      version: 2,
      tenant: client.tenant,
    });
    // Its own e-mail in another case is no conflict.
    const same = await update({ emailId: renamed.toUpperCase(), keyAllowed: 5, version: 2 });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('DELETE /api/deleteEdgeClientkey/{id}', () => {
  it('marks the client deleted from its version, revokes its keys, audits both, and shows it no more', async () => {
    const tenant = await make.tenant();
    const client = await createdClient(tenant.id, { keyAllowed: 2 });
    const first = await issuedKey(client.id);
    const second = await issuedKey(client.id);
    expect(await resolveDataToken(t.db, first.token)).not.toBeNull();

    expectError(
      await site.call({ method: 'DELETE', url: `/api/deleteEdgeClientkey/${client.id}?version=3` }),
      409,
      'STALE_VERSION',
    );
    const response = await site.call({
      method: 'DELETE',
      url: `/api/deleteEdgeClientkey/${client.id}?version=1`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: client.id, version: 2, keyUsed: 0 });
    expect(await storedClient(client.id)).toMatchObject({ status: 'DELETED', keyUsed: 0 });

    for (const issued of [first, second]) {
      expect(await resolveDataToken(t.db, issued.token)).toBeNull();
      const [audit] = await auditRowsFor(t.db, 'data_token', issued.key.id);
      expect(audit).toMatchObject({ action: 'TOKEN_REVOKED', tenantId: tenant.id });
    }
    const [audit] = await auditRowsFor(t.db, 'edge_client', client.id);
    expect(audit).toMatchObject({ action: 'DELETE', newValue: null });
    expectError(await details(client.id), 404, 'NOT_FOUND');
    const list = await site.call({ method: 'GET', url: `/api/allEdgeClient?tenantId=${tenant.id}` });
    expect(list.json().items).toEqual([]);
    expectError(await issueKey(client.id), 404, 'NOT_FOUND');
  });
});

describe('who sees and changes edge clients', () => {
  it("lets a partner admin manage its industries' clients and an industry admin its own; others only look or see nothing", async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    const industryAdmin = await clientFor(t, tenant.id, 'admin');
    const industryUser = await clientFor(t, tenant.id, 'user');
    const otherPartnerAdmin = await clientFor(t, (await make.partner()).id, 'admin');
    const strangerAdmin = await clientFor(t, (await make.tenant()).id, 'admin');
    const { account: corporate } = await make.corporate();
    const corporateUser = await clientFor(t, corporate.id, 'admin');

    const byPartner = await createdClient(tenant.id, {}, partnerAdmin);
    const byIndustry = await createdClient(tenant.id, {}, industryAdmin);
    await issuedKey(byPartner.id, partnerAdmin);
    await issuedKey(byIndustry.id, industryAdmin);

    // The industry's own user sees the clients and their keys, and changes nothing.
    expect((await details(byPartner.id, industryUser)).statusCode).toBe(200);
    const seen = await industryUser.call({ method: 'GET', url: '/api/allEdgeClient' });
    expect(
      seen
        .json()
        .items.map((client: EdgeClient) => client.id)
        .sort(),
    ).toEqual([byPartner.id, byIndustry.id].sort());
    expectError(await issueKey(byPartner.id, industryUser), 403, 'FORBIDDEN');
    expectError(
      await industryUser.call({ method: 'DELETE', url: `/api/deleteEdgeClientkey/${byPartner.id}` }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await corporateUser.call({
        method: 'POST',
        url: '/api/createEdgeClientUser',
        payload: { emailId: emailOf(), tenantId: tenant.id, keyAllowed: 1 },
      }),
      403,
      'FORBIDDEN',
    );

    // Another partner's admin and another industry's admin: not found, whatever they try.
    for (const stranger of [otherPartnerAdmin, strangerAdmin]) {
      expectError(await details(byPartner.id, stranger), 404, 'NOT_FOUND');
      expectError(await issueKey(byPartner.id, stranger), 404, 'NOT_FOUND');
      expectError(
        await stranger.call({
          method: 'POST',
          url: '/api/editEdgeClientkey',
          payload: { id: byPartner.id, keyAllowed: 5, version: 1 },
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await stranger.call({
          method: 'POST',
          url: '/api/updateEdgeClient',
          payload: { id: byPartner.id, emailId: emailOf(), keyAllowed: 5, version: 1 },
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await stranger.call({ method: 'GET', url: `/api/allEdgeClient?tenantId=${tenant.id}` }),
        404,
        'NOT_FOUND',
      );
      const theirs = await stranger.call({ method: 'GET', url: '/api/allEdgeClient' });
      expect(theirs.json().items.map((client: EdgeClient) => client.id)).not.toContain(byPartner.id);
    }
    expect(await storedClient(byPartner.id)).toMatchObject({ keyAllowed: 2, keyUsed: 1, version: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/allEdgeClient' })).statusCode).toBe(401);
  });
});

describe('GET /api/allEdgeClient', () => {
  it('pages 20 at a time, newest first or by e-mail, by industry and by part of the e-mail', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const tag = unique();
    const made: EdgeClientDetail[] = [];
    for (let i = 0; i < 21; i += 1) {
      made.push(
        await createdClient(tenant.id, { emailId: `gw-${String(i).padStart(2, '0')}-${tag}@plant.example` }),
      );
    }
    await createdClient(other.id, { emailId: `gw-other-${tag}@plant.example` });

    const first = await site.call({ method: 'GET', url: `/api/allEdgeClient?tenantId=${tenant.id}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 20, total: 21, pageCount: 2 });
    expect(first.json().items[0].id).toBe(made[20]!.id);
    const second = await site.call({ method: 'GET', url: `/api/allEdgeClient?tenantId=${tenant.id}&page=2` });
    expect(second.json().items.map((client: EdgeClient) => client.id)).toEqual([made[0]!.id]);

    const byEmail = await site.call({
      method: 'GET',
      url: `/api/allEdgeClient?search=${tag}&sort=email&pageSize=3`,
    });
    expect(byEmail.json().items.map((client: EdgeClient) => client.emailId)).toEqual([
      `gw-00-${tag}@plant.example`,
      `gw-01-${tag}@plant.example`,
      `gw-02-${tag}@plant.example`,
    ]);
    const search = await site.call({ method: 'GET', url: `/api/allEdgeClient?search=OTHER-${tag}` });
    expect(search.json().items.map((client: EdgeClient) => client.tenant.id)).toEqual([other.id]);
    // Wildcards are taken as typed.
    const wildcard = await site.call({ method: 'GET', url: `/api/allEdgeClient?search=%25_${tag}` });
    expect(wildcard.json().items).toEqual([]);
  });

  it('refuses a bad filter with the field named', async () => {
    for (const query of ['page=0', 'sort=oldest', 'tenantId=abc', `search=${'x'.repeat(101)}`]) {
      const response = await site.call({ method: 'GET', url: `/api/allEdgeClient?${query}` });
      expectError(response, 400, 'VALIDATION_FAILED');
    }
  });
});
