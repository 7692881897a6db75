import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { HomeSummary } from '@vayu/domain';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';

/** Industries by status, partners and users of the accounts within the scope (none deleted). */
export async function countHomeSummary(exec: Executor, scope: DataScope): Promise<HomeSummary> {
  const visible = accountsWhere(scope);
  const [tenants] = await exec
    .select({
      total: count(),
      enabled: sql<number>`count(*) filter (where ${accounts.status} = 'ENABLED')`.mapWith(Number),
      disabled: sql<number>`count(*) filter (where ${accounts.status} = 'DISABLED')`.mapWith(Number),
    })
    .from(accounts)
    .where(and(eq(accounts.type, 'tenant'), ne(accounts.status, 'DELETED'), visible));
  const [partners] = await exec
    .select({ total: count() })
    .from(accounts)
    .where(and(eq(accounts.type, 'partner'), ne(accounts.status, 'DELETED'), visible));
  const [people] = await exec
    .select({ total: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(ne(accounts.status, 'DELETED'), visible));
  return {
    tenants: {
      total: tenants?.total ?? 0,
      enabled: tenants?.enabled ?? 0,
      disabled: tenants?.disabled ?? 0,
    },
    partners: partners?.total ?? 0,
    users: people?.total ?? 0,
  };
}
