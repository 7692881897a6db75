import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { HomeSummary } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { visibleAccountsCondition } from '../../auth/scope.js';
import { accounts, users } from '../../db/schema/index.js';

export function createHomeService({ db }: { db: Database }) {
  return {
    /** Counts for `/home`, limited to what the principal may see. */
    async getSummary(ctx: RequestContext): Promise<HomeSummary> {
      const visible = visibleAccountsCondition(ctx.principal);
      const [tenants] = await db
        .select({
          total: count(),
          enabled: sql<number>`count(*) filter (where ${accounts.status} = 'ENABLED')`.mapWith(Number),
          disabled: sql<number>`count(*) filter (where ${accounts.status} = 'DISABLED')`.mapWith(Number),
        })
        .from(accounts)
        .where(and(eq(accounts.type, 'tenant'), ne(accounts.status, 'DELETED'), visible));
      const [partners] = await db
        .select({ total: count() })
        .from(accounts)
        .where(and(eq(accounts.type, 'partner'), ne(accounts.status, 'DELETED'), visible));
      const [people] = await db
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
    },
  };
}
