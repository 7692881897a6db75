import { randomBytes } from 'node:crypto';
import {
  DATA_DIM_MS,
  PULL_DATA_MESSAGES,
  PULL_EXPIRY_MAX_DAYS,
  PULL_RATE_LIMIT_PER_MINUTE,
  PULL_TOKEN_PREFIX,
  slotStart,
  type DataPoint,
  type EntityData,
  type Page,
  type PullDataQuery,
  type PullToken,
  type PullTokenCreateBody,
  type PullTokenIssued,
  type PullTokenListQuery,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, DatabaseHandle, Executor } from '../../db/client.js';
import { AppError, fieldError, notFound, rateLimited, unauthenticated } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { countRequest } from '../auth/attempts.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { readSeriesPoints } from '../telemetry/series.js';
import {
  findIndustryPointIds,
  findLivePullToken,
  findPointParameterIds,
  findPointSeries,
  findPullToken,
  findPullTokensPage,
  insertPullToken,
  markPullTokenUsed,
  revokePullToken,
  type PullGrant,
} from './pull-data.repository.js';

const REFUSAL = 'You are not allowed to change the pull-data tokens of this industry.';
const DAY_MS = DATA_DIM_MS.day;
const MINUTE_MS = 60_000;
/** Characters of a token the screens show after it was issued. */
const TAIL_LENGTH = 4;

/** What the audit trail keeps of a token: its scope and last characters, never the token. */
const auditValue = (token: PullToken) => ({
  name: token.name,
  keyHint: token.hint,
  monitoringPointIds: token.monitoringPoints.map((point) => point.id),
  parameterIds: token.parameters.map((parameter) => parameter.id),
  historyDays: token.historyDays,
  maxRangeDays: token.maxRangeDays,
  expiresAt: token.expiresAt,
});

function createPullTokenText() {
  const token = `${PULL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token), tokenTail: token.slice(-TAIL_LENGTH) };
}

/** The Bearer token of a request, or '' without one. */
function bearerOf(headers: { authorization?: string | undefined }) {
  const header = headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

export function createPullDataService(deps: { db: Database; database: Pick<DatabaseHandle, 'query'> }) {
  const { db, database } = deps;

  async function existingToken(ctx: RequestContext, id: number, forUpdate = false, exec: Executor = db) {
    const token = await findPullToken(exec, scopeOf(ctx.principal), id, { forUpdate });
    if (!token) throw notFound('Pull-data token');
    return token;
  }

  return {
    /** The industry's tokens, newest first: for admins who see it (404 otherwise). */
    async list(ctx: RequestContext, tenantId: number, query: PullTokenListQuery): Promise<Page<PullToken>> {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return findPullTokensPage(db, industry.id, { page: query.page, pageSize: query.pageSize });
    },

    /**
     * Issues a token for an industry the caller may change, scoped to its
     * points and the parameters of their devices. The token is in this answer
     * only: what is stored is its hash and last characters.
     */
    async create(ctx: RequestContext, tenantId: number, body: PullTokenCreateBody): Promise<PullTokenIssued> {
      const now = Date.now();
      if (body.expiresAt) {
        const expiresAt = Date.parse(body.expiresAt);
        if (expiresAt <= now) throw fieldError('expiresAt', PULL_DATA_MESSAGES.expiryPast);
        if (expiresAt > now + PULL_EXPIRY_MAX_DAYS * DAY_MS) {
          throw fieldError('expiresAt', PULL_DATA_MESSAGES.expiryTooFar);
        }
      }
      return db.transaction(async (tx) => {
        const industry = await changeableIndustry(tx, ctx, tenantId, REFUSAL);
        const points = await findIndustryPointIds(tx, industry.id, body.monitoringPointIds);
        const foreignPoint = body.monitoringPointIds.findIndex((id) => !points.has(id));
        if (foreignPoint >= 0) {
          throw fieldError(`monitoringPointIds.${foreignPoint}`, PULL_DATA_MESSAGES.pointNotOfIndustry);
        }
        const measured = await findPointParameterIds(tx, industry.id, body.monitoringPointIds);
        const foreignParameter = body.parameterIds.findIndex((id) => !measured.has(id));
        if (foreignParameter >= 0) {
          throw fieldError(`parameterIds.${foreignParameter}`, PULL_DATA_MESSAGES.parameterNotOfPoints);
        }
        const issued = createPullTokenText();
        const id = await insertPullToken(tx, {
          tenantId: industry.id,
          name: body.name,
          tokenHash: issued.tokenHash,
          tokenTail: issued.tokenTail,
          monitoringPointIds: body.monitoringPointIds,
          parameterIds: body.parameterIds,
          historyDays: body.historyDays,
          maxRangeDays: body.maxRangeDays,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          createdBy: ctx.principal.userId,
        });
        const created = await existingToken(ctx, id, false, tx);
        await recordAudit(tx, ctx, {
          entity: 'pull_token',
          entityId: id,
          action: 'TOKEN_ISSUED',
          tenantId: industry.id,
          oldValue: null,
          newValue: auditValue(created),
        });
        return { token: issued.token, pullToken: created };
      });
    },

    /** Revokes a token of an industry the caller may change; revoking it again changes nothing. */
    async revoke(ctx: RequestContext, id: number): Promise<PullToken> {
      return db.transaction(async (tx) => {
        const before = await existingToken(ctx, id, true, tx);
        await changeableIndustry(tx, ctx, before.tenantId, REFUSAL);
        if (!(await revokePullToken(tx, before.id, ctx.principal.userId))) return before;
        const after = await existingToken(ctx, id, false, tx);
        await recordAudit(tx, ctx, {
          entity: 'pull_token',
          entityId: id,
          action: 'TOKEN_REVOKED',
          tenantId: before.tenantId,
          oldValue: auditValue(before),
          newValue: { reason: 'revoked', status: after.status },
        });
        return after;
      });
    },

    /**
     * The token a read comes with, before its query is read: 401 without one
     * or for one unknown, revoked or expired; 429 past its requests a minute
     * (counted in the database, so every process counts the same requests).
     */
    async authorize(headers: { authorization?: string | undefined }): Promise<PullGrant> {
      const token = bearerOf(headers);
      if (!token) throw unauthenticated(PULL_DATA_MESSAGES.noToken);
      const grant =
        token.length >= 10 && token.length <= 200 ? await findLivePullToken(db, hashToken(token)) : undefined;
      if (!grant) throw new AppError('TOKEN_INVALID', PULL_DATA_MESSAGES.tokenInvalid);
      const { count, resetInMs } = await countRequest(db, `pull:${grant.id}`, MINUTE_MS);
      if (count > PULL_RATE_LIMIT_PER_MINUTE) throw rateLimited(PULL_DATA_MESSAGES.rateLimited, resetInMs);
      await markPullTokenUsed(db, grant.id);
      return grant;
    },

    /** One monitoring point's 15-minute data within the token's scope and limits. */
    async read(grant: PullGrant, query: PullDataQuery): Promise<EntityData> {
      if (!grant.monitoringPointIds.includes(query.monitoringPointId)) {
        throw new AppError('PULL_OUT_OF_SCOPE', PULL_DATA_MESSAGES.pointOutOfScope, [
          {
            path: 'querystring.monitoringPointId',
            message: PULL_DATA_MESSAGES.pointOutOfScope,
            code: 'FIELD_INVALID',
          },
        ]);
      }
      const asked = query.parameterIds ? [...new Set(query.parameterIds)] : grant.parameterIds;
      if (asked.some((id) => !grant.parameterIds.includes(id))) {
        throw new AppError('PULL_OUT_OF_SCOPE', PULL_DATA_MESSAGES.parameterOutOfScope, [
          {
            path: 'querystring.parameterIds',
            message: PULL_DATA_MESSAGES.parameterOutOfScope,
            code: 'FIELD_INVALID',
          },
        ]);
      }
      const now = Date.now();
      const fromMs = Date.parse(query.from);
      // Left out, the end is now, or the end of the longest range the token may ask for from `from`
      // ("the last day" asked a moment later is still a day).
      const toMs = query.to ? Date.parse(query.to) : Math.min(now, fromMs + grant.maxRangeDays * DAY_MS);
      if (toMs <= fromMs) throw fieldError('querystring.to', PULL_DATA_MESSAGES.toBeforeFrom);
      if (toMs > now + DAY_MS) throw fieldError('querystring.to', PULL_DATA_MESSAGES.toInFuture);
      if (toMs - fromMs > grant.maxRangeDays * DAY_MS) {
        throw fieldError('querystring.to', PULL_DATA_MESSAGES.rangeTooLong(grant.maxRangeDays));
      }
      if (fromMs < now - grant.historyDays * DAY_MS) {
        throw fieldError('querystring.from', PULL_DATA_MESSAGES.fromTooOld(grant.historyDays));
      }
      // Slots are whole: the first one is the one `from` falls in, unless it began before the history.
      const slot = slotStart(fromMs, 'minute_15');
      const startMs = slot < now - grant.historyDays * DAY_MS ? slot + DATA_DIM_MS.minute_15 : slot;
      const result: EntityData = {
        entityId: query.monitoringPointId,
        dim: 'minute_15',
        startDate: new Date(startMs).toISOString(),
        endDate: new Date(toMs).toISOString(),
        series: [],
      };
      const rows = await findPointSeries(db, grant.tenantId, query.monitoringPointId, asked);
      if (rows.length === 0 || startMs >= toMs) return result;
      const series = rows.map((row) => ({
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        parameterId: row.parameterId,
        key: row.key,
        label: row.label,
        unit: row.unit,
        aggregation: row.isCounter ? ('DIFF' as const) : row.metricAgg,
        isDerived: false,
      }));
      const points = await readSeriesPoints(database, {
        tenantId: grant.tenantId,
        series,
        dim: 'minute_15',
        fromMs: startMs,
        toMs,
      });
      result.series = series.map((item, index) => ({
        ...item,
        points: JSON.parse(points[index]!) as DataPoint[],
      }));
      return result;
    },
  };
}

export type PullDataService = ReturnType<typeof createPullDataService>;
