import {
  addDays,
  AUDIT_DOCUMENT_FIELDS,
  AUDIT_PAGE_SIZE,
  AUDIT_TEXT_SEARCH_DAYS,
  AUDIT_VALUE_ROOTS,
  type AuditDocument,
  type AuditDocumentField,
  type AuditDocumentQuery,
  type AuditLogDetail,
  type AuditLogQuery,
  type AuditLogRow,
  getAuditRangeErrors,
  getChangedFields,
  getZonedDayStart,
  type FieldErrorCode,
  INTEGER_RANGE,
  type Page,
  resolveAuditRange,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { badRequest, notFound } from '../../lib/errors.js';
import {
  type AuditDocumentFilter,
  type TimeWindow,
  findAuditDocumentsPage,
  findAuditLogDetail,
  findAuditLogsPage,
} from './audit.repository.js';

const DAY_MS = 86_400_000;

/**
 * The instants a date range covers. Dates are calendar days in India
 * (`AUDIT_TIME_ZONE`): from the start day's midnight there up to, not
 * including, the midnight after the end day. Missing ends default to the last
 * 7 days; a reversed or over-long range is a 400 on `querystring.endDate`.
 */
export function resolveAuditWindow(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): TimeWindow {
  const range = resolveAuditRange(query, now);
  const errors = getAuditRangeErrors(range);
  if (errors.length > 0) {
    throw badRequest(
      'The date range is not valid.',
      errors.map((e) => ({ path: `querystring.${e.path}`, message: e.message, code: 'FIELD_RULE' as const })),
    );
  }
  return { from: getZonedDayStart(range.startDate), to: getZonedDayStart(addDays(range.endDate, 1)) };
}

/** The names of the list rows are accepted as well as the document's own paths. */
const FIELD_ALIASES: Record<string, AuditDocumentField> = {
  actorUserId: 'actor.userId',
  actorUserName: 'actor.userName',
  actorAccountId: 'actor.accountId',
  actingTenantId: 'actor.actingTenantId',
  tenantId: 'tenant.id',
  tenantName: 'tenant.name',
};

const INTEGER_FIELDS = {
  id: 'id',
  'actor.userId': 'actorUserId',
  'actor.accountId': 'actorAccountId',
  'actor.actingTenantId': 'actingTenantId',
  'tenant.id': 'tenantId',
} as const;

const TEXT_FIELDS = {
  entity: 'entity',
  entityId: 'entityId',
  action: 'action',
  requestId: 'requestId',
  ip: 'ip',
  'actor.userName': 'actorUserName',
  'tenant.name': 'tenantName',
} as const;

const fieldError = (message: string, code: FieldErrorCode = 'FIELD_INVALID') =>
  badRequest('The search is not valid.', [{ path: 'querystring.field', message, code }]);
const valueError = (message: string, code: FieldErrorCode = 'FIELD_INVALID') =>
  badRequest('The search is not valid.', [{ path: 'querystring.value', message, code }]);

/**
 * A value typed in a search box may mean a string, a number, a boolean or
 * null inside the JSON: `true` matches both `true` and `"true"`, `42` both 42
 * and `"42"`.
 */
function getJsonCandidates(value: string): unknown[] {
  if (value === 'true' || value === 'false') return [value === 'true', value];
  if (value === 'null') return [null, value];
  if (/^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) return [Number(value), value];
  return [value];
}

/** Nests a value under a dotted path; a numeric segment means "an element of this array". */
function nestUnderPath(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, segment) => (/^\d+$/.test(segment) ? [inner] : { [segment]: inner }),
    value,
  );
}

function isAuditDocumentField(field: string): field is AuditDocumentField {
  return (AUDIT_DOCUMENT_FIELDS as readonly string[]).includes(field);
}

/** Turns `field` + `value` of the document view into a typed filter, or a 400 naming the wrong part. */
export function parseDocumentFilter(field: string, value: string): AuditDocumentFilter {
  const [root, ...path] = field.split('.');
  if ((AUDIT_VALUE_ROOTS as readonly string[]).includes(root!)) {
    if (path.length === 0) throw fieldError('Use a field path such as newValue.status');
    return {
      kind: 'json',
      root: root as (typeof AUDIT_VALUE_ROOTS)[number],
      candidates: getJsonCandidates(value).map((candidate) => nestUnderPath(path, candidate)),
    };
  }
  const name = FIELD_ALIASES[field] ?? field;
  if (!isAuditDocumentField(name)) {
    throw fieldError(
      `Unknown field. Use one of ${AUDIT_DOCUMENT_FIELDS.join(', ')}, newValue.… or oldValue.…`,
    );
  }
  if (name === 'createdAt') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw valueError('Use the format YYYY-MM-DD');
    }
    return {
      kind: 'day',
      window: { from: getZonedDayStart(value), to: getZonedDayStart(addDays(value, 1)) },
    };
  }
  if (name in INTEGER_FIELDS) {
    const number = Number(value);
    const limit = name === 'id' ? Number.MAX_SAFE_INTEGER : INTEGER_RANGE.max;
    if (!/^-?\d+$/.test(value) || Math.abs(number) > limit) throw valueError('Enter a whole number');
    return { kind: 'integer', column: INTEGER_FIELDS[name as keyof typeof INTEGER_FIELDS], value: number };
  }
  return { kind: 'text', column: TEXT_FIELDS[name as keyof typeof TEXT_FIELDS], value };
}

export function createAuditQueryService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    /** `/auditLog`: one page of the trail in a date range, optionally of one tenant. */
    async listAuditLogs(ctx: RequestContext, query: AuditLogQuery): Promise<Page<AuditLogRow>> {
      const window = resolveAuditWindow(query, now());
      return findAuditLogsPage(db, {
        scope: scopeOf(ctx.principal),
        window,
        tenantId: query.tenantId,
        entity: query.entity,
        action: query.action,
        sort: query.sort,
        order: query.order,
        page: query.pageNum,
        pageSize: AUDIT_PAGE_SIZE,
      });
    },

    /** `/auditDetails/{id}`: the entry with its old and new values and what changed; 404 outside scope. */
    async getAuditDetail(ctx: RequestContext, id: number): Promise<AuditLogDetail> {
      const entry = await findAuditLogDetail(db, id, scopeOf(ctx.principal));
      if (!entry) throw notFound('Audit log');
      return { ...entry, changedFields: getChangedFields(entry.oldValue, entry.newValue) };
    },

    /**
     * `/mongo/auditLog`: entries as whole documents, searched by one field and
     * value and/or free text. Free text alone looks back 90 days so it stays
     * fast on a long trail; a field filter narrows enough to search it all.
     */
    async searchAuditDocuments(ctx: RequestContext, query: AuditDocumentQuery): Promise<Page<AuditDocument>> {
      const field = query.field || undefined;
      const value = query.value || undefined;
      const text = query.q || undefined;
      if (field && value === undefined) throw valueError('Enter a value to search for', 'FIELD_REQUIRED');
      if (value !== undefined && !field) throw fieldError('Choose a field to search', 'FIELD_REQUIRED');
      const filter = field && value !== undefined ? parseDocumentFilter(field, value) : undefined;
      const since = text && !filter ? new Date(now().getTime() - AUDIT_TEXT_SEARCH_DAYS * DAY_MS) : undefined;
      return findAuditDocumentsPage(db, {
        scope: scopeOf(ctx.principal),
        filter,
        text,
        since,
        page: query.page,
        pageSize: AUDIT_PAGE_SIZE,
      });
    },
  };
}

export type AuditQueryService = ReturnType<typeof createAuditQueryService>;
