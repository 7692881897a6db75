import { sql, type SQL } from 'drizzle-orm';
import {
  KEY_STATUS_CONNECTED,
  KEY_STATUS_NOT_YET,
  IST_OFFSET_MS,
  lastReadySlot,
  slotStart,
  todayInIndia,
  PUSH_SLOT_MS,
  type ComplianceDay,
  type ComplianceTimeline,
  type DataFreshness,
  type GroundWaterPoint,
  type Page,
  type PushSlotState,
  type RegulatoryIndustry,
} from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import { accounts, monitoringPoints } from '../../db/schema/index.js';
import { freshnessSql, rowsOf } from '../../db/sql.js';
import { readPage } from '../../lib/paging.js';

/**
 * What the boards and the platform read of the push: an industry's slots by
 * day and over the last 24 hours, and the industries under a board or of a
 * state with their freshness and delivery.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SLOTS_A_DAY = DAY_MS / PUSH_SLOT_MS;

const istDayStart = (ms: number) => slotStart(ms, 'day');
const istDayName = (start: number) => todayInIndia(new Date(start));

/** Worst first: a slot's state is the least good of its devices'. */
const STATE_ORDER: readonly PushSlotState[] = ['refused', 'pending', 'expired', 'no_data', 'delivered'];

export async function complianceTimeline(
  db: Database,
  mapping: { id: number; tenantId: number; tenantName: string; statId: number; nextSlot: string },
  days: number,
  now: Date,
): Promise<ComplianceTimeline> {
  const lastReady = lastReadySlot(now).getTime();
  const todayStart = istDayStart(lastReady);
  const from = todayStart - (days - 1) * DAY_MS;
  const [info] = rowsOf<{ devices: number; first_slot: Date | string | null }>(
    await db.execute(sql`
      SELECT (SELECT count(DISTINCT device_id)::int FROM regulator_devices WHERE regulator_tenant_id = ${mapping.id}) AS devices,
             (SELECT min(slot) FROM regulator_pushes WHERE regulator_tenant_id = ${mapping.id}) AS first_slot`),
  );
  const devices = info?.devices ?? 0;
  const firstSlot = Math.min(
    Date.parse(mapping.nextSlot),
    info?.first_slot ? new Date(info.first_slot).getTime() : Number.POSITIVE_INFINITY,
  );

  const counted = rowsOf<{ day_start: Date | string; state: PushSlotState; n: number }>(
    await db.execute(sql`
      SELECT to_timestamp(floor((extract(epoch FROM slot) * 1000 + ${IST_OFFSET_MS}) / ${DAY_MS}) * ${DAY_MS / 1000}
               - ${IST_OFFSET_MS / 1000}) AS day_start,
             state, count(*)::int AS n
        FROM regulator_pushes
       WHERE regulator_tenant_id = ${mapping.id} AND slot >= ${new Date(from)} AND slot <= ${new Date(lastReady)}
       GROUP BY 1, 2`),
  );
  const byDay = new Map<number, Partial<Record<PushSlotState, number>>>();
  for (const row of counted) {
    const key = new Date(row.day_start).getTime();
    const entry = byDay.get(key) ?? {};
    entry[row.state] = row.n;
    byDay.set(key, entry);
  }

  const dayList: ComplianceDay[] = [];
  for (let start = todayStart; start >= from; start -= DAY_MS) {
    const first = Math.max(start, Number.isFinite(firstSlot) ? firstSlot : lastReady + PUSH_SLOT_MS);
    const last = Math.min(start + DAY_MS - PUSH_SLOT_MS, lastReady);
    const slots = last >= first ? Math.floor((last - first) / PUSH_SLOT_MS) + 1 : 0;
    const expected = slots * devices;
    const counts = byDay.get(start) ?? {};
    const delivered = counts.delivered ?? 0;
    const refused = counts.refused ?? 0;
    const noData = counts.no_data ?? 0;
    const expired = counts.expired ?? 0;
    dayList.push({
      day: istDayName(start),
      expected,
      delivered,
      refused,
      noData,
      expired,
      pending: Math.max(0, expected - delivered - refused - noData - expired),
      deliveredShare: expected === 0 ? 0 : Math.round((delivered / expected) * 1000) / 1000,
    });
  }

  // The last 24 hours, slot by slot: each slot's least good state among the devices (none yet: pending).
  const windowStart = lastReady - (SLOTS_A_DAY - 1) * PUSH_SLOT_MS;
  const rows = rowsOf<{ slot: Date | string; state: PushSlotState; board_code: string | null; n: number }>(
    await db.execute(sql`
      SELECT slot, state, max(board_code) AS board_code, count(*)::int AS n
        FROM regulator_pushes
       WHERE regulator_tenant_id = ${mapping.id} AND slot >= ${new Date(windowStart)} AND slot <= ${new Date(lastReady)}
       GROUP BY slot, state`),
  );
  const bySlot = new Map<number, { states: Map<PushSlotState, number>; boardCode: string | null }>();
  for (const row of rows) {
    const key = new Date(row.slot).getTime();
    const entry = bySlot.get(key) ?? { states: new Map(), boardCode: null };
    entry.states.set(row.state, row.n);
    if (row.state === 'refused') entry.boardCode = row.board_code;
    bySlot.set(key, entry);
  }
  const slots: ComplianceTimeline['slots'] = [];
  for (let slot = Math.max(windowStart, firstSlot); slot <= lastReady; slot += PUSH_SLOT_MS) {
    const entry = bySlot.get(slot);
    const settled = entry ? [...entry.states.values()].reduce((sum, n) => sum + n, 0) : 0;
    const present = new Set(entry?.states.keys() ?? []);
    if (settled < devices) present.add('pending');
    const state = STATE_ORDER.find((candidate) => present.has(candidate)) ?? 'pending';
    slots.push({
      slot: new Date(slot).toISOString(),
      state,
      boardCode: state === 'refused' ? (entry?.boardCode ?? null) : null,
    });
  }
  return {
    regulatorTenantId: mapping.id,
    tenantId: mapping.tenantId,
    tenantName: mapping.tenantName,
    statId: mapping.statId,
    days: dayList,
    slots,
  };
}

// ── Industries with their freshness ────────────────────────────────────────

interface IndustryRow {
  regulator_tenant_id: number | null;
  tenant_id: number;
  tenant_name: string;
  city: string | null;
  spcb_tenant_id: string | null;
  freshness: DataFreshness;
  last_ts: Date | string | null;
  sync_data_status: boolean | null;
  last_delivered_at: Date | string | null;
  delivered_24h: number | null;
  devices: number | null;
  first_slot: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The last day's slots the push has reached, as the timeline counts them. */
function expectedSlots24h(
  devices: number,
  firstSlot: Date | string | null,
  windowStart: Date,
  lastReady: Date,
) {
  if (firstSlot === null) return 0;
  const first = Math.max(windowStart.getTime(), new Date(firstSlot).getTime());
  const slots =
    lastReady.getTime() >= first ? Math.floor((lastReady.getTime() - first) / PUSH_SLOT_MS) + 1 : 0;
  return devices * slots;
}

function toIndustry(row: IndustryRow, windowStart: Date, lastReady: Date): RegulatoryIndustry {
  const mapped = row.regulator_tenant_id !== null;
  const expected = expectedSlots24h(row.devices ?? 0, row.first_slot, windowStart, lastReady);
  return {
    regulatorTenantId: row.regulator_tenant_id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    city: row.city,
    spcbTenantId: row.spcb_tenant_id,
    freshness: row.freshness,
    lastDataAt: iso(row.last_ts),
    keyStatus: mapped ? (row.sync_data_status ? KEY_STATUS_CONNECTED : KEY_STATUS_NOT_YET) : null,
    lastDeliveredAt: iso(row.last_delivered_at),
    deliveredShare24h: mapped
      ? expected === 0
        ? 0
        : Math.min(1, Math.round(((row.delivered_24h ?? 0) / expected) * 1000) / 1000)
      : null,
  };
}

/**
 * The industries `source` names (a select of `tenant_id`s), with their
 * freshness and, where `boardId` maps them, their delivery over 24 hours;
 * by name, a page at a time.
 */
function industriesPage(
  exec: Executor,
  source: SQL,
  boardId: number | null,
  freshness: DataFreshness | undefined,
  request: { page: number; pageSize: number },
  countKey: unknown,
): Promise<Page<RegulatoryIndustry>> {
  const lastReady = lastReadySlot(new Date());
  const windowStart = new Date(lastReady.getTime() - (SLOTS_A_DAY - 1) * PUSH_SLOT_MS);
  // Written with the table's own name: drizzle leaves column names bare in a select from one table.
  const lastTs = sql`(SELECT max(l.last_ts) FROM device_last_data l WHERE l.tenant_id = "accounts"."id")`;
  const where = sql`"accounts"."id" IN (${source}) AND "accounts"."type" = 'tenant' AND "accounts"."status" <> 'DELETED'
     AND (${freshness ?? null}::text IS NULL OR ${freshnessSql(lastTs)} = ${freshness ?? null}::text)`;
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      rowsOf<IndustryRow>(
        await exec.execute(sql`
          SELECT rt.id AS regulator_tenant_id, "accounts"."id" AS tenant_id, "accounts"."name" AS tenant_name,
                 "accounts"."city", rt.spcb_tenant_id, ${freshnessSql(sql`f.last_ts`)} AS freshness, f.last_ts,
                 rt.sync_data_status, rt.last_delivered_at,
                 (SELECT count(*)::int FROM regulator_pushes p
                   WHERE p.regulator_tenant_id = rt.id AND p.state = 'delivered'
                     AND p.slot >= ${windowStart} AND p.slot <= ${lastReady}) AS delivered_24h,
                 (SELECT count(DISTINCT d.device_id)::int FROM regulator_devices d
                   WHERE d.regulator_tenant_id = rt.id) AS devices,
                 (SELECT min(p.slot) FROM regulator_pushes p WHERE p.regulator_tenant_id = rt.id) AS first_slot
            FROM accounts
            LEFT JOIN LATERAL (SELECT ${lastTs} AS last_ts) f ON true
            LEFT JOIN regulator_tenants rt ON rt.tenant_id = "accounts"."id" AND rt.board_id = ${boardId}
           WHERE ${where}
           ORDER BY lower("accounts"."name"), "accounts"."id"
           LIMIT ${limit} OFFSET ${offset}`),
      ).map((row) => toIndustry(row, windowStart, lastReady)),
    matches: () => exec.select({ id: accounts.id }).from(accounts).where(where).$dynamic(),
    countKey,
  });
}

/** LIVE / DELAYED / OFFLINE counts of the industries `source` names, kept a few seconds per key. */
const COUNTS_FRESH_MS = 15_000;
const countsCache = new WeakMap<object, Map<string, { at: number; counts: Counts }>>();
type Counts = { total: number; live: number; delayed: number; offline: number };

async function freshnessCounts(exec: Executor, source: SQL, key: string): Promise<Counts> {
  let cache = countsCache.get(exec);
  if (!cache) {
    cache = new Map();
    countsCache.set(exec, cache);
  }
  const known = cache.get(key);
  if (known && Date.now() - known.at < COUNTS_FRESH_MS) return known.counts;
  const [row] = rowsOf<{ total: number; live: number; delayed: number }>(
    await exec.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE ${freshnessSql(sql`f.last_ts`)} = 'LIVE')::int AS live,
             count(*) FILTER (WHERE ${freshnessSql(sql`f.last_ts`)} = 'DELAYED')::int AS delayed
        FROM accounts a
        LEFT JOIN LATERAL (SELECT max(l.last_ts) AS last_ts FROM device_last_data l WHERE l.tenant_id = a.id) f ON true
       WHERE a.id IN (${source}) AND a.type = 'tenant' AND a.status <> 'DELETED'`),
  );
  const counts = {
    total: row?.total ?? 0,
    live: row?.live ?? 0,
    delayed: row?.delayed ?? 0,
    offline: (row?.total ?? 0) - (row?.live ?? 0) - (row?.delayed ?? 0),
  };
  cache.set(key, { at: Date.now(), counts });
  if (cache.size > 200) cache.delete(cache.keys().next().value!);
  return counts;
}

/** The industries of a state, with whether the state's board (if any) has them. */
export async function stateAccounts(
  exec: Executor,
  stateCode: string,
  boardId: number | null,
  filter: { search?: string | undefined; mapped?: 'yes' | 'no' | undefined },
  request: { page: number; pageSize: number },
) {
  const all = sql`SELECT id FROM accounts WHERE state_code = ${stateCode} AND type = 'tenant'`;
  const search = filter.search ? `%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const mappedHere = sql`EXISTS (SELECT 1 FROM regulator_tenants m WHERE m.tenant_id = s.id AND m.board_id = ${boardId})`;
  const source = sql`SELECT s.id FROM accounts s
     WHERE s.state_code = ${stateCode} AND s.type = 'tenant'
       AND (${search}::text IS NULL OR lower(s.name) LIKE ${search}::text)
       AND (${filter.mapped ?? null}::text IS NULL
            OR (${filter.mapped ?? null}::text = 'yes') = ${mappedHere})`;
  const [page, counts] = await Promise.all([
    industriesPage(exec, source, boardId, undefined, request, ['stateAccounts', stateCode, boardId, filter]),
    freshnessCounts(exec, all, `state:${stateCode}`),
  ]);
  return { ...page, counts };
}

/** The industries under a board account (the board's scope), with their delivery to `boardId`. */
export async function boardIndustries(
  exec: Executor,
  statutoryAccountId: number,
  boardId: number,
  freshness: DataFreshness | undefined,
  request: { page: number; pageSize: number },
) {
  const source = sql`SELECT tenant_id FROM board_tenants WHERE statutory_account_id = ${statutoryAccountId}`;
  const [page, counts] = await Promise.all([
    industriesPage(exec, source, boardId, freshness, request, [
      'boardIndustries',
      statutoryAccountId,
      freshness,
    ]),
    freshnessCounts(exec, source, `board:${statutoryAccountId}`),
  ]);
  return { ...page, counts };
}

// ── Ground water (the CGWA view) ───────────────────────────────────────────

interface GroundWaterRow {
  monitoring_point_id: number;
  name: string;
  tenant_id: number;
  tenant_name: string;
  state_code: string | null;
  properties: Record<string, unknown> | null;
  freshness: DataFreshness;
  last_ts: Date | string | null;
}

const textProperty = (properties: Record<string, unknown> | null, key: string) => {
  const value = properties?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};
const numberProperty = (properties: Record<string, unknown> | null, key: string) => {
  const value = properties?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/**
 * Ground water points not deleted, of every industry or of those under one
 * board account, with the freshness of the devices at each point; by
 * industry and point name, a page at a time.
 */
export function groundWaterPage(
  exec: Executor,
  statutoryAccountId: number | null,
  freshness: DataFreshness | undefined,
  request: { page: number; pageSize: number },
): Promise<Page<GroundWaterPoint>> {
  const lastTs = sql`(SELECT max(l.last_ts) FROM devices d JOIN device_last_data l
      ON l.tenant_id = d.tenant_id AND l.device_id = d.id
     WHERE d.monitoring_point_id = "monitoring_points"."id" AND d.status <> 'DELETED')`;
  const where = sql`"monitoring_points"."entity_type" = 'ground water' AND "monitoring_points"."status" <> 'DELETED'
     AND (${statutoryAccountId}::int IS NULL OR "monitoring_points"."tenant_id" IN
          (SELECT tenant_id FROM board_tenants WHERE statutory_account_id = ${statutoryAccountId}::int))
     AND (${freshness ?? null}::text IS NULL OR ${freshnessSql(lastTs)} = ${freshness ?? null}::text)`;
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      rowsOf<GroundWaterRow>(
        await exec.execute(sql`
          SELECT "monitoring_points"."id" AS monitoring_point_id, "monitoring_points"."name",
                 a.id AS tenant_id, a.name AS tenant_name, a.state_code, "monitoring_points"."properties",
                 ${freshnessSql(sql`f.last_ts`)} AS freshness, f.last_ts
            FROM monitoring_points
            JOIN accounts a ON a.id = "monitoring_points"."tenant_id" AND a.status <> 'DELETED'
            LEFT JOIN LATERAL (SELECT ${lastTs} AS last_ts) f ON true
           WHERE ${where}
           ORDER BY lower(a.name), lower("monitoring_points"."name"), "monitoring_points"."id"
           LIMIT ${limit} OFFSET ${offset}`),
      ).map((row) => ({
        monitoringPointId: row.monitoring_point_id,
        name: row.name,
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        stateCode: row.state_code,
        cgwaNocNumber: textProperty(row.properties, 'cgwaNocNumber'),
        abstractionLimit: numberProperty(row.properties, 'abstractionLimit'),
        borewellDepth: numberProperty(row.properties, 'borewellDepth'),
        freshness: row.freshness,
        lastDataAt: iso(row.last_ts),
      })),
    matches: () => exec.select({ id: monitoringPoints.id }).from(monitoringPoints).where(where).$dynamic(),
    countKey: ['groundWater', statutoryAccountId, freshness],
  });
}
