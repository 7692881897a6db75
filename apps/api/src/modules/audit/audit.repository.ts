import { type SQL, and, asc, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditDocument,
  AuditEntity,
  AuditLogDetail,
  AuditLogRow,
  AuditLogQuery,
} from '@vayu/domain';
import { type DataScope, tenantRowsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, auditLogs } from '../../db/schema/index.js';

/** An instant range: from (included) to (excluded). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface AuditPageRequest {
  /** Whose rows: those of the tenants in scope (by the row's tenant). */
  scope: DataScope;
  limit: number;
  offset: number;
}

const auditRowColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  actorUserId: auditLogs.actorUserId,
  actorUserName: auditLogs.actorUserName,
  actorAccountId: auditLogs.actorAccountId,
  actingTenantId: auditLogs.actingTenantId,
  tenantId: auditLogs.tenantId,
  tenantName: accounts.name,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  action: auditLogs.action,
  requestId: auditLogs.requestId,
  ip: auditLogs.ip,
};

type AuditRowRecord = {
  id: number;
  createdAt: Date;
  actorUserId: number | null;
  actorUserName: string | null;
  actorAccountId: number | null;
  actingTenantId: number | null;
  tenantId: number | null;
  tenantName: string | null;
  entity: AuditEntity;
  entityId: string | null;
  action: AuditAction;
  requestId: string | null;
  ip: string | null;
};

function toAuditLogRow(r: AuditRowRecord): AuditLogRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actorUserId: r.actorUserId,
    actorUserName: r.actorUserName,
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    actingTenantId: r.actingTenantId,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    requestId: r.requestId,
    ip: r.ip,
  };
}

/** The audit rows of the tenants in scope (all of them for all tenants). */
export function auditRowsWhere(scope: DataScope): SQL | undefined {
  return tenantRowsWhere(scope, auditLogs.tenantId);
}

/** Rows written in the window; served by the created_at and (tenant_id, created_at) indexes. */
export function inWindow(window: TimeWindow): SQL {
  return and(gte(auditLogs.createdAt, window.from), lt(auditLogs.createdAt, window.to))!;
}

const SORT_COLUMNS: Record<AuditLogQuery['sort'], AnyPgColumn> = {
  createdAt: auditLogs.createdAt,
  entity: auditLogs.entity,
  action: auditLogs.action,
  actorUserName: auditLogs.actorUserName,
  tenantName: accounts.name,
};

/** Counts and reads one page; the total and the page use the same condition. */
async function findPage<T>(
  exec: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
  map: (row: AuditRowRecord & { oldValue?: unknown; newValue?: unknown }) => T,
  withValues = false,
): Promise<{ items: T[]; total: number }> {
  const [counted] = await exec
    .select({ total: count() })
    .from(auditLogs)
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .where(where);
  const columns = withValues
    ? { ...auditRowColumns, oldValue: auditLogs.oldValue, newValue: auditLogs.newValue }
    : auditRowColumns;
  const rows = await exec
    .select(columns)
    .from(auditLogs)
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { items: rows.map(map), total: counted?.total ?? 0 };
}

/** A page of `/auditLog`: one window, optionally one tenant, sorted with a stable tiebreak on id. */
export function findAuditLogsPage(
  exec: Executor,
  request: AuditPageRequest & {
    window: TimeWindow;
    tenantId?: number | undefined;
    entity?: AuditEntity | undefined;
    action?: AuditAction | undefined;
    sort: AuditLogQuery['sort'];
    order: AuditLogQuery['order'];
  },
) {
  const direction = request.order === 'asc' ? asc : desc;
  return findPage(
    exec,
    and(
      auditRowsWhere(request.scope),
      inWindow(request.window),
      request.tenantId === undefined ? undefined : eq(auditLogs.tenantId, request.tenantId),
      request.entity === undefined ? undefined : eq(auditLogs.entity, request.entity),
      request.action === undefined ? undefined : eq(auditLogs.action, request.action),
    ),
    [direction(SORT_COLUMNS[request.sort]), direction(auditLogs.id)],
    request,
    toAuditLogRow,
  );
}

export async function findAuditLogDetail(
  exec: Executor,
  id: number,
  scope: DataScope,
): Promise<Omit<AuditLogDetail, 'changedFields'> | undefined> {
  const [row] = await exec
    .select({ ...auditRowColumns, oldValue: auditLogs.oldValue, newValue: auditLogs.newValue })
    .from(auditLogs)
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .where(and(eq(auditLogs.id, id), auditRowsWhere(scope)))
    .limit(1);
  if (!row) return undefined;
  return { ...toAuditLogRow(row), oldValue: row.oldValue, newValue: row.newValue };
}

/** A search of the document view, already checked and typed by the service. */
export type AuditDocumentFilter =
  | {
      kind: 'integer';
      column: 'id' | 'actorUserId' | 'actorAccountId' | 'actingTenantId' | 'tenantId';
      value: number;
    }
  | {
      kind: 'text';
      column: 'entity' | 'entityId' | 'action' | 'requestId' | 'ip' | 'actorUserName' | 'tenantName';
      value: string;
    }
  | { kind: 'day'; window: TimeWindow }
  /** One of the candidate documents must be contained in the JSON column (`@>`, GIN jsonb_path_ops). */
  | { kind: 'json'; root: 'oldValue' | 'newValue'; candidates: unknown[] };

const DOCUMENT_INTEGER_COLUMNS = {
  id: auditLogs.id,
  actorUserId: auditLogs.actorUserId,
  actorAccountId: auditLogs.actorAccountId,
  actingTenantId: auditLogs.actingTenantId,
  tenantId: auditLogs.tenantId,
};
const DOCUMENT_TEXT_COLUMNS = {
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  action: auditLogs.action,
  requestId: auditLogs.requestId,
  ip: auditLogs.ip,
  actorUserName: auditLogs.actorUserName,
  tenantName: accounts.name,
};

function documentFilterCondition(filter: AuditDocumentFilter): SQL {
  switch (filter.kind) {
    case 'integer':
      return eq(DOCUMENT_INTEGER_COLUMNS[filter.column], filter.value);
    case 'text':
      return sql`lower(${DOCUMENT_TEXT_COLUMNS[filter.column]}) = lower(${filter.value})`;
    case 'day':
      return inWindow(filter.window);
    case 'json': {
      const column = filter.root === 'newValue' ? auditLogs.newValue : auditLogs.oldValue;
      // Each candidate is sent as one JSON parameter, never spliced into the SQL text.
      return or(...filter.candidates.map((doc) => sql`${column} @> ${JSON.stringify(doc)}::jsonb`))!;
    }
  }
}

/** The text a free-text search looks through: every column of the document and both JSON values. */
const documentText = sql`lower(concat_ws(' ', ${auditLogs.entity}, ${auditLogs.entityId}, ${auditLogs.action}, ${auditLogs.actorUserName}, ${accounts.name}, ${auditLogs.requestId}, ${auditLogs.ip}, ${auditLogs.oldValue}::text, ${auditLogs.newValue}::text))`;

function toAuditDocument(r: AuditRowRecord & { oldValue?: unknown; newValue?: unknown }): AuditDocument {
  return {
    id: r.id,
    document: {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor: {
        userId: r.actorUserId,
        userName: r.actorUserName,
        accountId: r.actorAccountId,
        actingTenantId: r.actingTenantId,
      },
      tenant: { id: r.tenantId, name: r.tenantName },
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      oldValue: r.oldValue ?? null,
      newValue: r.newValue ?? null,
      requestId: r.requestId,
      ip: r.ip,
    },
  };
}

/** A page of the document view, newest first. */
export function findAuditDocumentsPage(
  exec: Executor,
  request: AuditPageRequest & {
    filter?: AuditDocumentFilter | undefined;
    text?: string | undefined;
    /** Only rows written since then (keeps a free-text search bounded). */
    since?: Date | undefined;
  },
) {
  return findPage(
    exec,
    and(
      auditRowsWhere(request.scope),
      request.filter ? documentFilterCondition(request.filter) : undefined,
      request.text ? sql`strpos(${documentText}, lower(${request.text})) > 0` : undefined,
      request.since ? gte(auditLogs.createdAt, request.since) : undefined,
    ),
    [desc(auditLogs.createdAt), desc(auditLogs.id)],
    request,
    toAuditDocument,
    true,
  );
}
