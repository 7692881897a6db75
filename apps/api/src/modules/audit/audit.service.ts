import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import type { RequestContext } from '../../auth/principal.js';

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string | number | null;
  action: AuditAction;
  /** The tenant the record belongs to, when it is tenant-owned. */
  tenantId?: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

/** Who did it, when there is no signed-in principal yet (sign-in) or it is the system itself. */
export interface AuditActor {
  userId: number | null;
  userName: string | null;
  accountId: number | null;
  actingTenantId: number | null;
  requestId: string | null;
  ip: string | null;
}

/**
 * A user acting for themselves before there is a session (signing in,
 * following an e-mailed link): the actor of their audit rows.
 */
export function selfActor(
  user: { id: number; email: string; accountId: number },
  client: { requestId: string; ip: string },
): AuditActor {
  return {
    userId: user.id,
    userName: user.email,
    accountId: user.accountId,
    actingTenantId: null,
    requestId: client.requestId,
    ip: client.ip,
  };
}

/** The actor of a failed sign-in with a user name no user has: the name as typed, no user or account. */
export function unknownActor(userName: string, client: { requestId: string; ip: string }): AuditActor {
  return {
    userId: null,
    userName: userName.trim(),
    accountId: null,
    actingTenantId: null,
    requestId: client.requestId,
    ip: client.ip,
  };
}

const SECRET_KEYS = /password|token|secret|hash/i;

/** Drops secrets from a value before it is stored in the trail. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([key, v]) => [key, redactSecrets(v)]),
    );
  }
  return value;
}

export function actorOf(ctx: RequestContext): AuditActor {
  return {
    userId: ctx.principal.userId,
    userName: ctx.principal.userName,
    accountId: ctx.principal.accountId,
    actingTenantId: ctx.principal.actingTenantId,
    requestId: ctx.requestId,
    ip: ctx.ip,
  };
}

type AuditRow = typeof auditLogs.$inferInsert;

/** The values of the audit row recording `entry`, done by `actor`. */
function auditRowOf(actor: AuditActor | RequestContext, entry: AuditEntry): AuditRow {
  const who = 'principal' in actor ? actorOf(actor) : actor;
  return {
    actorUserId: who.userId,
    actorUserName: who.userName,
    actorAccountId: who.accountId,
    actingTenantId: who.actingTenantId,
    tenantId: entry.tenantId ?? who.actingTenantId,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    oldValue: entry.oldValue === undefined ? null : redactSecrets(entry.oldValue),
    newValue: entry.newValue === undefined ? null : redactSecrets(entry.newValue),
    requestId: who.requestId,
    ip: who.ip,
  };
}

/**
 * Writes one audit row. Call it with the transaction that makes the change,
 * so the change and its audit row commit or roll back together.
 */
export async function recordAudit(tx: Executor, actor: AuditActor | RequestContext, entry: AuditEntry) {
  await tx.insert(auditLogs).values(auditRowOf(actor, entry));
}

const auditColumns = getTableColumns(auditLogs);

/**
 * The audit row of `entry` as an `INSERT … SELECT … FROM source`, for a
 * statement that makes a change and records it at once (a data-modifying
 * `WITH`): one row per row of `source`, none when it has none. `fromSource`
 * gives the columns whose values come from the source's rows, such as the
 * value a change replaced.
 */
export function auditInsertFrom(
  actor: AuditActor | RequestContext,
  entry: AuditEntry,
  source: SQL,
  fromSource: Partial<Record<keyof AuditRow, SQL>>,
): SQL {
  const row = auditRowOf(actor, entry);
  const keys = Object.keys(row) as (keyof AuditRow)[];
  const names = keys.map((key) => sql.identifier(auditColumns[key].name));
  // Parameters in a select list have no type of their own: each is cast to its column's.
  const values = keys.map(
    (key) =>
      fromSource[key] ??
      sql`${sql.param(row[key], auditColumns[key])}::${sql.raw(auditColumns[key].getSQLType())}`,
  );
  return sql`insert into ${auditLogs} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} from ${source}`;
}
