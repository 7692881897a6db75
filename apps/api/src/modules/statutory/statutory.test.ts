import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE } from '@vayu/domain';
import { accounts } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { expectError } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

let seq = 0;
const boardBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Gujarat Pollution Control Board ${++seq}`,
  contactEmail: 'Member.Secretary@GPCB.example',
  contactNo: '079-23226295',
  address: 'Paryavaran Bhavan, Sector 10-A',
  city: 'Gandhinagar',
  stateCode: 'gj',
  zip: '382010',
  ...overrides,
});

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const siteAdmin = async () => signInAs(await make.siteUser('admin'));
const anonymous = (options: InjectOptions) => t.app.inject(options);

describe('GET /api/statutory/{id}', () => {
  it('shows a board with the number of industries mapped to it, to site users and its own users', async () => {
    const board = await make.board();
    await make.mapToBoard(board.id, (await make.tenant()).id);
    await make.mapToBoard(board.id, (await make.tenant()).id);
    const site = await siteAdmin();
    const response = await site({ method: 'GET', url: `/api/statutory/${board.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: board.id,
      name: board.name,
      status: 'ENABLED',
      mappedTenants: 2,
      version: 1,
    });
    const officer = await signInAs(await make.user(board.id, 'user'));
    expect((await officer({ method: 'GET', url: `/api/statutory/${board.id}` })).json().mappedTenants).toBe(
      2,
    );
  });

  it('answers 404 for another board, for an account that is not a board, 403 for other user types, 401 anonymous', async () => {
    const board = await make.board();
    const otherBoard = await make.board();
    const officer = await signInAs(await make.user(otherBoard.id, 'admin'));
    expectError(await officer({ method: 'GET', url: `/api/statutory/${board.id}` }), 404, 'NOT_FOUND');
    const tenant = await make.tenant();
    const site = await siteAdmin();
    expectError(await site({ method: 'GET', url: `/api/statutory/${tenant.id}` }), 404, 'NOT_FOUND');
    const tenantAdmin = await signInAs(await make.user(tenant.id, 'admin'));
    expectError(await tenantAdmin({ method: 'GET', url: `/api/statutory/${board.id}` }), 403, 'FORBIDDEN');
    expectError(
      await anonymous({ method: 'GET', url: `/api/statutory/${board.id}` }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await site({ method: 'GET', url: '/api/statutory/abc' }), 400, 'VALIDATION_FAILED');
  });
});

describe('POST /api/statutory/{id}', () => {
  it('creates a board account with id 0 (201) and audits it', async () => {
    const site = await siteAdmin();
    const body = boardBody();
    const response = await site({ method: 'POST', url: '/api/statutory/0', payload: body });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: body.name,
      contactEmail: 'member.secretary@gpcb.example',
      stateCode: 'GJ',
      city: 'Gandhinagar',
      mappedTenants: 0,
      version: 1,
    });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row).toMatchObject({ type: 'statutory', status: 'ENABLED' });
    const [audit] = await auditRowsFor(t.db, 'account', created.id);
    expect(audit).toMatchObject({ action: 'CREATE', newValue: { type: 'statutory', name: body.name } });
  });

  it('updates from the current version with old and new values in the audit row; a stale version gets 409', async () => {
    const site = await siteAdmin();
    const created = (await site({ method: 'POST', url: '/api/statutory/0', payload: boardBody() })).json();
    const update = await site({
      method: 'POST',
      url: `/api/statutory/${created.id}`,
      payload: boardBody({ name: 'Renamed Board', city: '', version: 1 }),
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ name: 'Renamed Board', city: null, version: 2 });
    const [audit] = await auditRowsFor(t.db, 'account', created.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      oldValue: { name: created.name, city: 'Gandhinagar' },
      newValue: { name: 'Renamed Board', city: null },
    });

    const stale = await site({
      method: 'POST',
      url: `/api/statutory/${created.id}`,
      payload: boardBody({ name: 'Lost Update', version: 1 }),
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row!.name).toBe('Renamed Board');
  });

  it('validates with field details (400): required fields, version on update, no unknown fields', async () => {
    const site = await siteAdmin();
    const invalid = await site({
      method: 'POST',
      url: '/api/statutory/0',
      payload: { name: '', contactEmail: 'x' },
    });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['name', 'contactEmail']),
    );
    const board = await make.board();
    const noVersion = await site({ method: 'POST', url: `/api/statutory/${board.id}`, payload: boardBody() });
    expectError(noVersion, 400, 'VALIDATION_FAILED');
    expect(noVersion.json().error.details[0].path).toBe('version');
    for (const field of ['type', 'status', 'partnerId']) {
      const response = await site({
        method: 'POST',
        url: `/api/statutory/${board.id}`,
        payload: { ...boardBody({ version: 1 }), [field]: field === 'partnerId' ? 5 : 'tenant' },
      });
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, board.id));
    expect(row).toMatchObject({ type: 'statutory', status: 'ENABLED', version: 1 });
  });

  it('answers 404 for an account that is not a board, 403 for board users and plain site users, 401 anonymous', async () => {
    const site = await siteAdmin();
    const tenant = await make.tenant();
    expectError(
      await site({ method: 'POST', url: `/api/statutory/${tenant.id}`, payload: boardBody({ version: 1 }) }),
      404,
      'NOT_FOUND',
    );
    const board = await make.board();
    const officer = await signInAs(await make.user(board.id, 'admin'));
    expectError(
      await officer({
        method: 'POST',
        url: `/api/statutory/${board.id}`,
        payload: boardBody({ version: 1 }),
      }),
      403,
      'FORBIDDEN',
    );
    const siteUser = await signInAs(await make.siteUser('user'));
    expectError(
      await siteUser({ method: 'POST', url: '/api/statutory/0', payload: boardBody() }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await anonymous({
        method: 'POST',
        url: '/api/statutory/0',
        headers: CONSOLE_HEADERS,
        payload: boardBody(),
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
