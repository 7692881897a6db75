import { and, eq, sql } from 'drizzle-orm';
import { PLATFORM_ACCOUNT_ALIAS, PLATFORM_ACCOUNT_ID, type UserExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { canListUsersOfCorporate, scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';
import {
  type CsvExport,
  type ExportBatch,
  formatIstDateTime,
  formatPhone,
  humanize,
} from '../../lib/csv-export.js';
import { forbidden } from '../../lib/errors.js';
import { userListCondition, type UserListFilter } from './users.repository.js';

/** The list's order: lower(name), then id. */
const KEYS = [
  { expression: sql`lower(${users.name})`, direction: 'asc', type: 'text' },
  { expression: users.id, direction: 'asc', type: 'integer' },
] as const;

function selectBatch(exec: Executor, filter: UserListFilter) {
  const where = userListCondition(filter);
  return (batch: ExportBatch) =>
    exec
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        role: users.role,
        status: users.status,
        userType: users.userType,
        accountName: accounts.name,
        isPrimary: sql<boolean>`coalesce(${accounts.primaryUserId} = ${users.id}, false)`,
        activationAwaited: sql<boolean>`(${users.activatedAt} is null)`,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        ...batch.cursor,
      })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(and(where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
}

type UserExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/**
 * `GET /api/users/export`: the user list's rows for the same filters and
 * scope (in manage mode the users of the tenant acted for); another
 * corporate's users only for site users, as the list (403).
 */
export function usersExport(
  exec: Executor,
  ctx: RequestContext,
  query: UserExportQuery,
): CsvExport<UserExportRow> {
  const p = ctx.principal;
  if (query.corporateId !== undefined && !canListUsersOfCorporate(p, query.corporateId)) {
    throw forbidden('You may not list the users of this corporate.');
  }
  const accountId = query.accountId === PLATFORM_ACCOUNT_ALIAS ? PLATFORM_ACCOUNT_ID : query.accountId;
  return {
    name: 'users',
    keys: KEYS,
    readBatch: selectBatch(exec, {
      scope: scopeOf(p),
      accountId: p.actingTenantId ?? accountId,
      corporateId: query.corporateId,
      status: query.status,
      search: query.search || undefined,
    }),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
      { header: 'E-mail', value: (r) => r.email },
      { header: 'Phone', value: (r) => formatPhone(r.phone) },
      { header: 'Role', value: (r) => humanize(r.role) },
      { header: 'Status', value: (r) => humanize(r.status) },
      { header: 'User type', value: (r) => humanize(r.userType) },
      { header: 'Account', value: (r) => r.accountName },
      { header: 'Primary user', value: (r) => Boolean(r.isPrimary) },
      { header: 'Activation pending', value: (r) => Boolean(r.activationAwaited) },
      { header: 'Last sign-in (IST)', value: (r) => formatIstDateTime(r.lastLoginAt) },
      { header: 'Created (IST)', value: (r) => formatIstDateTime(r.createdAt) },
    ],
  };
}
