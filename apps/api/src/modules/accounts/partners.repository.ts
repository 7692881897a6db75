import { type SQL, and, asc, count, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountStatus, PartnerSummary } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';

const tenant = alias(accounts, 'tenant');

export async function findPartners(
  exec: Executor,
  filter: { status?: AccountStatus | undefined; scope: SQL | undefined },
): Promise<PartnerSummary[]> {
  const rows = await exec
    .select({
      id: accounts.id,
      name: accounts.name,
      status: accounts.status,
      contactEmail: accounts.contactEmail,
      contactNo: accounts.contactNo,
      city: accounts.city,
      state: accounts.stateCode,
      createdAt: accounts.createdAt,
      tenantCount: count(tenant.id),
    })
    .from(accounts)
    .leftJoin(
      tenant,
      and(eq(tenant.partnerId, accounts.id), eq(tenant.type, 'tenant'), ne(tenant.status, 'DELETED')),
    )
    .where(
      and(
        eq(accounts.type, 'partner'),
        filter.status ? eq(accounts.status, filter.status) : ne(accounts.status, 'DELETED'),
        filter.scope,
      ),
    )
    .groupBy(accounts.id)
    .orderBy(asc(accounts.name));
  return rows.map((r) => ({ ...r, status: r.status as AccountStatus, createdAt: r.createdAt.toISOString() }));
}
