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

/**
 * Writes one audit row. Call it with the transaction that makes the change,
 * so the change and its audit row commit or roll back together.
 */
export async function recordAudit(tx: Executor, actor: AuditActor | RequestContext, entry: AuditEntry) {
  const who = 'principal' in actor ? actorOf(actor) : actor;
  await tx.insert(auditLogs).values({
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
  });
}
