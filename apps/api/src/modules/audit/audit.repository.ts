import { type SQL, and, asc, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditDocument,
  AuditEntity,
  AuditLogDetail,
  AuditLogRow,
  AuditLogQuery,
  Page,
} from '@vayu/domain';
import { type DataScope, tenantRowsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { type Bind, inline, placeholder, runPrepared, runPreparedRows } from '../../lib/statements.js';
import { accounts, auditLogs } from '../../db/schema/index.js';

/** An instant range: from (included) to (excluded). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface AuditPageRequest {
  /** Whose rows: those of the tenants in scope (by the row's tenant). */
  scope: DataScope;
  page: number;
  pageSize: number;
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

/**
 * The columns of a list row named and shaped as the answer's fields
 * (`AuditLogRow`), read as they come (`runPreparedRows`): the id as a number
 * (bigint is read as text), the time as ISO 8601 in UTC, as `toISOString`
 * writes it.
 */
const auditAnswerColumns = {
  id: sql<number>`${auditLogs.id}::float8`.as('id'),
  createdAt:
    sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
      'createdAt',
    ),
  actorUserId: sql<number | null>`${auditLogs.actorUserId}`.as('actorUserId'),
  actorUserName: sql<string | null>`${auditLogs.actorUserName}`.as('actorUserName'),
  tenantId: sql<number | null>`${auditLogs.tenantId}`.as('tenantId'),
  tenantName: sql<string | null>`${accounts.name}`.as('tenantName'),
  actingTenantId: sql<number | null>`${auditLogs.actingTenantId}`.as('actingTenantId'),
  entity: sql<AuditEntity>`${auditLogs.entity}`.as('entity'),
  entityId: sql<string | null>`${auditLogs.entityId}`.as('entityId'),
  action: sql<AuditAction>`${auditLogs.action}`.as('action'),
  requestId: sql<string | null>`${auditLogs.requestId}`.as('requestId'),
  ip: sql<string | null>`${auditLogs.ip}`.as('ip'),
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
export function inWindow(window: TimeWindow, bind: Bind = inline): SQL {
  return and(
    gte(auditLogs.createdAt, bind('from', window.from)),
    lt(auditLogs.createdAt, bind('to', window.to)),
  )!;
}

/** What each order of the trail sorts by (then by id, the same way). */
export const SORT_COLUMNS: Record<AuditLogQuery['sort'], AnyPgColumn> = {
  createdAt: auditLogs.createdAt,
  entity: auditLogs.entity,
  action: auditLogs.action,
  actorUserName: auditLogs.actorUserName,
  tenantName: accounts.name,
};

export interface AuditList {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The tenant's name is read by the condition or the order. */
  joinTenant: boolean;
  /** What the condition is made of, as plain values (`readPage`'s countKey). */
  countKey: unknown;
  /**
   * For a list whose page statement is kept by shape (lib/statements.ts): the
   * shape, and the list again with placeholders for its values.
   */
  prepared?: { shape: string; list: (bind: Bind) => AuditList } | undefined;
}

/** The rows a list matches (ids only; the tenant joins in only when the list reads its name). */
function matchingIds(exec: Executor, list: AuditList) {
  const ids = exec.select({ id: auditLogs.id }).from(auditLogs).$dynamic();
  return (list.joinTenant ? ids.leftJoin(accounts, eq(accounts.id, auditLogs.tenantId)) : ids).where(
    list.where,
  );
}

/**
 * The rows of one page. The page's ids are chosen first, walking the
 * (created_at, id) or (tenant_id, created_at, id) index and stopping after
 * the page; only those rows are read in full and joined to their tenant.
 */
function pageRowsQuery(
  exec: Executor,
  list: AuditList,
  page: { limit: number; offset: number },
  withValues: boolean,
  bind: Bind = inline,
) {
  const ids = pageIds(exec, list, page, bind);
  return exec
    .select(
      withValues
        ? { ...auditRowColumns, oldValue: auditLogs.oldValue, newValue: auditLogs.newValue }
        : auditRowColumns,
    )
    .from(ids)
    .innerJoin(auditLogs, eq(auditLogs.id, ids.id))
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .orderBy(...list.orderBy);
}

/** The same page with its columns named and shaped as the answer's rows (`auditAnswerColumns`). */
function pageAnswerQuery(
  exec: Executor,
  list: AuditList,
  page: { limit: number; offset: number },
  bind: Bind,
) {
  const ids = pageIds(exec, list, page, bind);
  return exec
    .select(auditAnswerColumns)
    .from(ids)
    .innerJoin(auditLogs, eq(auditLogs.id, ids.id))
    .leftJoin(accounts, eq(accounts.id, auditLogs.tenantId))
    .orderBy(...list.orderBy);
}

/** The ids of one page, walking the list's index and stopping after the page. */
function pageIds(exec: Executor, list: AuditList, page: { limit: number; offset: number }, bind: Bind) {
  return matchingIds(exec, list)
    .orderBy(...list.orderBy)
    .limit(bind('limit', page.limit))
    .offset(bind('offset', page.offset))
    .as('page_ids');
}

/** One page of the trail with its total (`readPage`): the page as above, a bounded count joining nothing. */
function findPage<T>(
  exec: Executor,
  list: AuditList,
  request: { page: number; pageSize: number },
  map: (row: AuditRowRecord & { oldValue?: unknown; newValue?: unknown }) => T,
  withValues = false,
): Promise<Page<T>> {
  return readPage(exec, request, {
    rows: async (limit, offset) => (await pageRowsQuery(exec, list, { limit, offset }, withValues)).map(map),
    matches: () => matchingIds(exec, list),
    countKey: list.countKey,
  });
}

/**
 * One page of a list whose statements are kept by shape (lib/statements.ts),
 * its rows read as the answer's rows (`auditAnswerColumns`).
 */
function findKeptPage(
  exec: Executor,
  list: AuditList,
  prepared: NonNullable<AuditList['prepared']>,
  request: { page: number; pageSize: number },
): Promise<Page<AuditLogRow>> {
  // The values the placeholders of a kept statement stand for.
  const valuesOf = (extra: Record<string, unknown>) => {
    const values: Record<string, unknown> = { ...extra };
    prepared.list((name, value) => {
      values[name] = value instanceof Date ? value.toISOString() : value;
      return value;
    });
    return values;
  };
  return readPage(exec, request, {
    rows: (limit, offset) =>
      runPreparedRows<AuditLogRow>(
        exec,
        prepared.shape,
        () => pageAnswerQuery(exec, prepared.list(placeholder), { limit, offset }, placeholder),
        valuesOf({ limit, offset }),
      ),
    matches: () => matchingIds(exec, list),
    countKey: list.countKey,
    countUpTo: async (limit) => {
      const [row] = await runPrepared(
        exec,
        `${prepared.shape} count`,
        () =>
          exec
            .select({ n: count() })
            .from(
              matchingIds(exec, prepared.list(placeholder))
                .limit(sql.placeholder('countLimit'))
                .as('matches'),
            ),
        valuesOf({ countLimit: limit }),
      );
      return Number(row?.n ?? 0);
    },
  });
}

export interface AuditLogListRequest {
  scope: DataScope;
  window: TimeWindow;
  tenantId?: number | undefined;
  entity?: AuditEntity | undefined;
  action?: AuditAction | undefined;
  sort: AuditLogQuery['sort'];
  order: AuditLogQuery['order'];
}

/** `/auditLog`: one window, optionally one tenant, sorted with a stable tiebreak on id. */
export function auditLogList(request: AuditLogListRequest, bind: Bind = inline): AuditList {
  const direction = request.order === 'asc' ? asc : desc;
  return {
    where: and(
      auditRowsWhere(request.scope),
      inWindow(request.window, bind),
      request.tenantId === undefined ? undefined : eq(auditLogs.tenantId, bind('tenantId', request.tenantId)),
      request.entity === undefined ? undefined : eq(auditLogs.entity, bind('entity', request.entity)),
      request.action === undefined ? undefined : eq(auditLogs.action, bind('action', request.action)),
    ),
    orderBy: [direction(SORT_COLUMNS[request.sort]), direction(auditLogs.id)],
    joinTenant: request.sort === 'tenantName',
    countKey: ['audit', request.scope, request.window, request.tenantId, request.entity, request.action],
    prepared: {
      shape: `audit page ${JSON.stringify([
        request.tenantId === undefined,
        request.entity === undefined,
        request.action === undefined,
        request.sort,
        request.order,
        request.scope,
      ])}`,
      list: (statementBind) => auditLogList(request, statementBind),
    },
  };
}

/** The page query of `/auditLog` alone (no count), as the list runs it. */
export function auditLogsPageQuery(
  exec: Executor,
  request: AuditLogListRequest,
  page: { limit: number; offset: number },
) {
  return pageAnswerQuery(exec, auditLogList(request), page, inline);
}

/** A page of `/auditLog` with its total. */
export function findAuditLogsPage(
  exec: Executor,
  request: AuditLogListRequest & { page: number; pageSize: number },
) {
  const list = auditLogList(request);
  return list.prepared
    ? findKeptPage(exec, list, list.prepared, request)
    : findPage(exec, list, request, toAuditLogRow);
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
    {
      where: and(
        auditRowsWhere(request.scope),
        request.filter ? documentFilterCondition(request.filter) : undefined,
        request.text ? sql`strpos(${documentText}, lower(${request.text})) > 0` : undefined,
        request.since ? gte(auditLogs.createdAt, request.since) : undefined,
      ),
      orderBy: [desc(auditLogs.createdAt), desc(auditLogs.id)],
      // The free text and the tenant name filter read the tenant's name.
      joinTenant:
        request.text !== undefined ||
        (request.filter?.kind === 'text' && request.filter.column === 'tenantName'),
      countKey: ['audit documents', request.scope, request.filter, request.text, request.since],
    },
    request,
    toAuditDocument,
    true,
  );
}
