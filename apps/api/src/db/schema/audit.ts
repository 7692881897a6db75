import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@vayu/domain';
import { oneOf } from './checks.js';

/** The audit trail: one row per change, written in the same transaction as the change. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorUserName: text('actor_user_name'),
    actorAccountId: integer('actor_account_id'),
    /** The tenant the actor acted for (manage mode, `X-Tenant-Id`). */
    actingTenantId: integer('acting_tenant_id'),
    /** The tenant the changed record belongs to (for per-tenant logs). */
    tenantId: integer('tenant_id'),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('audit_logs_entity_ck', t.entity, AUDIT_ENTITIES),
    oneOf('audit_logs_action_ck', t.action, AUDIT_ACTIONS),
    // The list's order with its tiebreak on id (read backwards for newest first), for all
    // tenants and for one tenant: a page walks the index and stops after its rows, and a
    // bounded count reads at most COUNT_LIMIT entries.
    index('audit_logs_created_id_idx').on(t.createdAt, t.id),
    index('audit_logs_tenant_created_id_idx').on(t.tenantId, t.createdAt, t.id),
    index('audit_logs_actor_created_idx').on(t.actorUserId, t.createdAt),
    index('audit_logs_entity_idx').on(t.entity, t.entityId),
    // The document view searches old and new values by any field.
    index('audit_logs_new_value_idx').using('gin', t.newValue.op('jsonb_path_ops')),
    index('audit_logs_old_value_idx').using('gin', t.oldValue.op('jsonb_path_ops')),
  ],
);
