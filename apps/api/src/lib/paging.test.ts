import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNT_LIMIT, PAGE_SIZES, type AuditLogRow, type Page, type TenantListItem } from '@vayu/domain';
import { accounts } from '../db/schema/index.js';
import { factories } from '../test/factories.js';
import { asUser, signIn, startTestApp, type TestContext } from '../test/harness.js';
import { waitFor } from '../test/wait-for.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { ESTIMATE_FRESH_MS, LARGE_COUNT, LARGE_ESTIMATE_FRESH_MS, readPage } from './paging.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  const admin = await make.siteUser();
  site = asUser(t.app, await signIn(t.app, admin.email, admin.password));
});

const PAGE = PAGE_SIZES.tenants;

/** A partner with `n` tenants, inserted in one statement. */
async function partnerWithTenants(n: number) {
  const partner = await make.partner();
  await t.db.execute(
    sql`INSERT INTO accounts (type, name, status, partner_id)
        SELECT 'tenant', 'Paging Industry ' || lpad(g::text, 5, '0'), 'ENABLED', ${partner.id}
        FROM generate_series(1, ${n}) AS g`,
  );
  return partner.id;
}

/** The tenants of a new partner with `n` of them, as a paged list that tells how often it counted all its matches. */
async function partnerList(n: number, name: string) {
  const partnerId = await partnerWithTenants(n);
  const ofPartner = eq(accounts.partnerId, partnerId);
  let counts = 0;
  const query = {
    rows: (limit: number, offset: number) =>
      t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(ofPartner)
        .orderBy(accounts.id)
        .limit(limit)
        .offset(offset),
    matches: () => {
      counts++;
      return t.db.select({ id: accounts.id }).from(accounts).where(ofPartner).$dynamic();
    },
    countKey: [name, partnerId],
  };
  return { query, counted: () => counts };
}

async function tenantsPage(partnerId: number, page: number): Promise<Page<TenantListItem>> {
  const response = await site({ method: 'GET', url: `/api/tenants?partnerId=${partnerId}&page=${page}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('readPage', () => {
  it('gives the exact total of a page that is not full without counting', async () => {
    const page = await readPage(
      t.db,
      { page: 3, pageSize: 10 },
      {
        rows: async (limit, offset) => {
          expect({ limit, offset }).toEqual({ limit: 11, offset: 20 });
          return [1, 2, 3, 4];
        },
        matches: () => {
          throw new Error('a page that is not full must not count');
        },
        countKey: ['test'],
      },
    );
    expect(page).toEqual({
      items: [1, 2, 3, 4],
      page: 3,
      pageSize: 10,
      total: 24,
      totalKind: 'exact',
      pageCount: 3,
    });
  });

  it('counts a full page only up to the bound', async () => {
    const partnerId = await partnerWithTenants(5);
    const ofPartner = eq(accounts.partnerId, partnerId);
    const limits: number[] = [];
    const page = await readPage(
      t.db,
      { page: 1, pageSize: 2 },
      {
        rows: (limit, offset) =>
          t.db
            .select({ id: accounts.id })
            .from(accounts)
            .where(ofPartner)
            .orderBy(accounts.id)
            .limit(limit)
            .offset(offset),
        matches: () => {
          const query = t.db.select({ id: accounts.id }).from(accounts).where(ofPartner).$dynamic();
          const limit = query.limit.bind(query);
          query.limit = (n: number) => {
            limits.push(n);
            return limit(n);
          };
          return query;
        },
        countKey: ['test', partnerId],
      },
    );
    expect(page).toMatchObject({ total: 5, totalKind: 'exact', pageCount: 3 });
    expect(page.items).toHaveLength(2);
    expect(limits).toEqual([COUNT_LIMIT + 1]);
  });
});

describe('readPage on a short list asked again', () => {
  it('reuses the count of a moment ago instead of counting again', async () => {
    const { query, counted } = await partnerList(7, 'short list');
    const first = await readPage(t.db, { page: 1, pageSize: 3 }, query);
    expect(first).toMatchObject({ total: 7, totalKind: 'exact', pageCount: 3 });
    expect(counted()).toBe(1);
    const again = await readPage(t.db, { page: 2, pageSize: 3 }, query);
    expect(again).toMatchObject({ total: 7, totalKind: 'exact', pageCount: 3 });
    expect(counted()).toBe(1);
    // The last page still tells the exact total from its own rows.
    expect(await readPage(t.db, { page: 3, pageSize: 3 }, query)).toMatchObject({
      total: 7,
      totalKind: 'exact',
    });
  });
});

describe('readPage asked for one list by many at once', () => {
  it('counts it once for all of them', async () => {
    const { query, counted } = await partnerList(7, 'list asked at once');
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => readPage(t.db, { page: 1, pageSize: 3 }, query)),
    );
    for (const page of pages) expect(page).toMatchObject({ total: 7, totalKind: 'exact', pageCount: 3 });
    expect(counted()).toBe(1);
  });
});

describe('readPage on a long list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`counts a list of more than ${LARGE_COUNT} matches again only after a minute, not every few seconds`, async () => {
    let size = LARGE_COUNT + 500;
    let counts = 0;
    const query = {
      rows: async (limit: number) => Array.from({ length: limit }, (_, i) => i),
      countUpTo: async (limit: number) => Math.min(limit, size),
      matches: () => {
        counts++;
        return t.db
          .select({ g: sql`g` })
          .from(sql`generate_series(1, ${size}) as g`)
          .$dynamic();
      },
      countKey: ['long list', randomUUID()],
    };
    const realNow = Date.now.bind(Date);
    let later = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
    const read = () => readPage(t.db, { page: 1, pageSize: 10 }, query);

    expect(await read()).toMatchObject({ total: COUNT_LIMIT + 1, totalKind: 'atLeast' });
    await waitFor(async () => (await read()).total === LARGE_COUNT + 500, { what: 'the background count' });
    expect(counts).toBe(1);

    // More rows; past the short interval the large count stands.
    size = LARGE_COUNT + 900;
    later = ESTIMATE_FRESH_MS + 1000;
    expect(await read()).toMatchObject({ total: LARGE_COUNT + 500, totalKind: 'estimate' });
    expect(counts).toBe(1);

    // After a minute it is counted again.
    later = LARGE_ESTIMATE_FRESH_MS + 1000;
    await waitFor(async () => (await read()).total === LARGE_COUNT + 900, { what: 'the count made again' });
    expect(counts).toBe(2);
  });
});

describe('GET /api/tenants totals', () => {
  it('answers the exact total when the page is not full, and when a full page has few matches', async () => {
    const partnerId = await partnerWithTenants(12);
    const first = await tenantsPage(partnerId, 1);
    expect(first).toMatchObject({ total: 12, totalKind: 'exact', pageCount: 2 });
    expect(first.items).toHaveLength(PAGE);
    const last = await tenantsPage(partnerId, 2);
    expect(last).toMatchObject({ total: 12, totalKind: 'exact', pageCount: 2 });
    expect(last.items.map((i) => i.name)).toEqual([
      'Paging Industry 00010',
      'Paging Industry 00011',
      'Paging Industry 00012',
    ]);
    // Past the end: no rows, and the total to go back with.
    const past = await tenantsPage(partnerId, 5);
    expect(past).toMatchObject({ items: [], total: 12, totalKind: 'exact', pageCount: 2 });
  });

  it('bounds the count of a long list, then shows a recent count as an estimate; every page stays reachable', async () => {
    const n = COUNT_LIMIT + 10;
    const partnerId = await partnerWithTenants(n);

    const first = await tenantsPage(partnerId, 1);
    expect(first.items).toHaveLength(PAGE);
    expect(['atLeast', 'estimate']).toContain(first.totalKind);
    if (first.totalKind === 'atLeast') {
      // More than COUNT_LIMIT: the least number there is.
      expect(first.total).toBe(COUNT_LIMIT + 1);
      expect(first.pageCount).toBe(Math.ceil((COUNT_LIMIT + 1) / PAGE));
    }

    // A count of all matches is made in the background; later pages show it as an estimate.
    const estimated = await waitFor(
      async () => {
        const page = await tenantsPage(partnerId, 1);
        return page.totalKind === 'estimate' ? page : undefined;
      },
      { what: 'an estimated total' },
    );
    expect(estimated.total).toBe(n);
    expect(estimated.pageCount).toBe(Math.ceil(n / PAGE));

    // A page beyond the bound counts nothing, yet offers the next page.
    const deep = await tenantsPage(partnerId, 112);
    expect(deep.items).toHaveLength(PAGE);
    expect(deep.totalKind).not.toBe('exact');
    expect(deep.pageCount).toBeGreaterThanOrEqual(113);

    // The last page tells the exact total again.
    const last = await tenantsPage(partnerId, Math.ceil(n / PAGE));
    expect(last).toMatchObject({ total: n, totalKind: 'exact', pageCount: Math.ceil(n / PAGE) });
    expect(last.items.at(-1)?.name).toBe(`Paging Industry ${String(n).padStart(5, '0')}`);
  });
});

describe('GET /api/auditLogs with pages and totals', () => {
  it('filters by tenant, kind and action, pages newest first and totals exactly below the bound', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const actor = {
      userId: null,
      userName: 'paging test',
      accountId: 1,
      actingTenantId: null,
      requestId: null,
      ip: null,
    };
    for (let i = 0; i < 25; i++) {
      await recordAudit(t.db, actor, {
        entity: 'account',
        entityId: tenant.id,
        action: i % 5 === 0 ? 'STATUS_CHANGE' : 'UPDATE',
        tenantId: tenant.id,
        newValue: { step: i },
      });
      await recordAudit(t.db, actor, {
        entity: 'user',
        entityId: i,
        action: 'UPDATE',
        tenantId: other.id,
      });
    }
    const list = async (query: string): Promise<Page<AuditLogRow>> => {
      const response = await site({ method: 'GET', url: `/api/auditLogs?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    const first = await list(`tenantId=${tenant.id}`);
    expect(first).toMatchObject({ total: 25, totalKind: 'exact', pageCount: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((row) => row.tenantId === tenant.id && row.tenantName === tenant.name)).toBe(
      true,
    );
    const ids = first.items.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = await list(`tenantId=${tenant.id}&pageNum=2`);
    expect(second).toMatchObject({ total: 25, totalKind: 'exact', pageCount: 2 });
    expect(second.items).toHaveLength(5);
    expect(Math.max(...second.items.map((row) => row.id))).toBeLessThan(Math.min(...ids));

    const statusChanges = await list(`tenantId=${tenant.id}&action=STATUS_CHANGE`);
    expect(statusChanges).toMatchObject({ total: 5, totalKind: 'exact' });
    expect(statusChanges.items.every((row) => row.action === 'STATUS_CHANGE')).toBe(true);

    const users = await list(`tenantId=${other.id}&entity=user&sort=tenantName&order=asc`);
    expect(users).toMatchObject({ total: 25, totalKind: 'exact' });
    expect(users.items.every((row) => row.entity === 'user' && row.tenantName === other.name)).toBe(true);

    const none = await list(`tenantId=${other.id}&entity=account`);
    expect(none).toMatchObject({ items: [], total: 0, totalKind: 'exact', pageCount: 1 });
  });
});
