import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  ALERT_TYPES,
  ALERT_WINDOW_MS,
  DATA_DIM_MS,
  HOME_DELIVERY_DAYS,
  HOME_EXPIRING_LISTED,
  HOME_NEWEST_ALERTS,
  PUSH_SLOT_MS,
  RENEWAL_WINDOW_DAYS,
  daysBetween,
  deliveredShareOf,
  lastReadySlot,
  slotStart,
  todayInIndia,
  type AlertType,
  type ComplianceDay,
  type ExpiringSubscription,
  type FreshnessCounts,
  type HomeAlert,
  type HomeAlerts,
  type HomeDelivery,
  type HomeSubscriptions,
  type HomeSummary,
  type PushSlotState,
} from '@vayu/domain';
import { accountsWhere, tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';
import { freshnessSql, millis, rowsOf } from '../../db/sql.js';

/** Industries by status, partners and users of the accounts within the scope (none deleted). */
export async function countHomeSummary(exec: Executor, scope: DataScope): Promise<HomeSummary> {
  const visible = accountsWhere(scope);
  const [tenants] = await exec
    .select({
      total: count(),
      enabled: sql<number>`count(*) filter (where ${accounts.status} = 'ENABLED')`.mapWith(Number),
      disabled: sql<number>`count(*) filter (where ${accounts.status} = 'DISABLED')`.mapWith(Number),
    })
    .from(accounts)
    .where(and(eq(accounts.type, 'tenant'), ne(accounts.status, 'DELETED'), visible));
  const [partners] = await exec
    .select({ total: count() })
    .from(accounts)
    .where(and(eq(accounts.type, 'partner'), ne(accounts.status, 'DELETED'), visible));
  const [people] = await exec
    .select({ total: count() })
    .from(accounts)
    .innerJoin(users, eq(accounts.id, users.accountId))
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
}

/**
 * The ids of the industries (not deleted) the scope holds, as a subquery: the
 * platform all of them, a partner its own, a corporate its group's, a board
 * the industries mapped to it, an industry itself (in manage mode: the one
 * acted for). Every count of the overview is limited by it.
 */
export function industriesInView(scope: DataScope): SQL {
  const visible = tenantRowsWhere(scope, accounts.id) ?? sql`true`;
  return sql`SELECT "accounts"."id" FROM "accounts"
     WHERE "accounts"."type" = 'tenant' AND "accounts"."status" <> 'DELETED' AND ${visible}`;
}

interface FreshnessRow {
  total: number;
  live: number;
  delayed: number;
}

const toCounts = (row: FreshnessRow | undefined): FreshnessCounts => {
  const total = row?.total ?? 0;
  const live = row?.live ?? 0;
  const delayed = row?.delayed ?? 0;
  return { total, live, delayed, offline: total - live - delayed };
};

/**
 * Monitoring points (not deleted) of the industries in view by freshness: a
 * point's data time is the newest of its devices' (not deleted); a point
 * without devices or data is OFFLINE. Reads `device_last_data` (one row a
 * device), never the readings; grouped by point, so the planner may join by
 * hash across the platform and by index for a few industries.
 */
export async function countPointsByFreshness(
  exec: Executor,
  industries: SQL,
  now: Date,
): Promise<FreshnessCounts> {
  const freshness = freshnessSql(sql`f.last_ts`, now);
  const [row] = rowsOf<FreshnessRow>(
    await exec.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE ${freshness} = 'LIVE')::int AS live,
             count(*) FILTER (WHERE ${freshness} = 'DELAYED')::int AS delayed
        FROM (
          SELECT mp.id, max(l.last_ts) AS last_ts
            FROM monitoring_points mp
            LEFT JOIN devices d ON d.monitoring_point_id = mp.id AND d.status <> 'DELETED'
            LEFT JOIN device_last_data l ON l.tenant_id = d.tenant_id AND l.device_id = d.id
           WHERE mp.status <> 'DELETED' AND mp.tenant_id IN (${industries})
           GROUP BY mp.id) f`),
  );
  return toCounts(row);
}

/** Industries in view by the freshness of the newest data of any of their devices (as the boards' lists count them). */
export async function countIndustriesByFreshness(
  exec: Executor,
  industries: SQL,
  now: Date,
): Promise<FreshnessCounts> {
  const freshness = freshnessSql(sql`f.last_ts`, now);
  const [row] = rowsOf<FreshnessRow>(
    await exec.execute(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE ${freshness} = 'LIVE')::int AS live,
             count(*) FILTER (WHERE ${freshness} = 'DELAYED')::int AS delayed
        FROM (${industries}) i
        LEFT JOIN LATERAL (SELECT max(l.last_ts) AS last_ts FROM device_last_data l WHERE l.tenant_id = i.id) f ON true`),
  );
  return toCounts(row);
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Open alerts of the industries in view by type, those in the alerts window
 * (open, or begun in the last 24 hours, as the alerts module counts them) and
 * the newest open ones. The open ones are taken first (few: one a device and
 * parameter at most) and the ended ones only within the window, so the
 * history of alerts is never read whole.
 */
export async function summarizeAlerts(exec: Executor, industries: SQL, now: Date): Promise<HomeAlerts> {
  const windowStart = new Date(now.getTime() - ALERT_WINDOW_MS).toISOString();
  const counted = rowsOf<{ type: AlertType; open: number; recent: number }>(
    await exec.execute(sql`
      SELECT type, count(*) FILTER (WHERE open)::int AS open, count(*)::int AS recent
        FROM (SELECT type, true AS open FROM alerts
               WHERE ended_at IS NULL AND tenant_id IN (${industries})
              UNION ALL
              SELECT type, false FROM alerts
               WHERE started_at >= ${windowStart}::timestamptz AND ended_at IS NOT NULL
                 AND tenant_id IN (${industries})) w
       GROUP BY type`),
  );
  const openByType = Object.fromEntries(ALERT_TYPES.map((type) => [type, 0])) as Record<AlertType, number>;
  for (const row of counted) openByType[row.type] = row.open;
  const newest = rowsOf<{
    id: number;
    type: AlertType;
    tenant_id: number;
    tenant_name: string;
    monitoring_point_name: string | null;
    device_name: string;
    parameter_label: string | null;
    started_at: Date | string;
  }>(
    await exec.execute(sql`
      WITH newest AS MATERIALIZED (
        -- The open ones first, then the newest of them: not a walk back through every alert begun.
        SELECT id, type, tenant_id, monitoring_point_id, device_id, parameter_id, started_at
          FROM (SELECT * FROM alerts WHERE ended_at IS NULL AND tenant_id IN (${industries}) OFFSET 0) open
         ORDER BY started_at DESC, id DESC
         LIMIT ${HOME_NEWEST_ALERTS}::int)
      SELECT al.id, al.type, al.tenant_id, a.name AS tenant_name, mp.name AS monitoring_point_name,
             d.name AS device_name, p.label AS parameter_label, al.started_at
        FROM newest al
        JOIN accounts a ON a.id = al.tenant_id
        JOIN devices d ON d.id = al.device_id
        LEFT JOIN monitoring_points mp ON mp.id = al.monitoring_point_id
        LEFT JOIN parameters p ON p.id = al.parameter_id
       ORDER BY al.started_at DESC, al.id DESC`),
  );
  return {
    open: counted.reduce((sum, row) => sum + row.open, 0),
    openByType,
    last24h: counted.reduce((sum, row) => sum + row.recent, 0),
    newest: newest.map((row): HomeAlert => ({
      id: row.id,
      type: row.type,
      tenantId: row.tenant_id,
      tenantName: row.tenant_name,
      monitoringPointName: row.monitoring_point_name,
      deviceName: row.device_name,
      parameterLabel: row.parameter_label,
      startedAt: iso(row.started_at),
    })),
  };
}

const DAY_MS = DATA_DIM_MS.day;
const SLOT_SECONDS = PUSH_SLOT_MS / 1000;

/**
 * The slots of `dayCount` IST days from `from` (oldest first) of the mappings
 * of the industries in view (for a board's officer: to that board only): the
 * slots the mapped devices should have had since each industry's push began
 * (devices × slots ended, up to `lastReady`), and how many were delivered,
 * refused, had no data or expired; the rest are pending — the compliance
 * timeline's reckoning, added over the industries. One statement: each
 * mapping's devices and first slot by the mapping's keys, the ledger's rows of
 * the days by its key (mapping, slot) or, across the platform, by one pass.
 */
async function countDeliveryDays(
  exec: Executor,
  industries: SQL,
  boardAccountId: number | null,
  from: number,
  dayCount: number,
  lastReady: number,
): Promise<{ mappedIndustries: number; days: ComplianceDay[] }> {
  const fromAt = new Date(from).toISOString();
  const lastReadyAt = new Date(lastReady).toISOString();
  const board =
    boardAccountId === null
      ? sql``
      : sql`AND rt.board_id IN (SELECT b.id FROM regulator_boards b WHERE b.statutory_account_id = ${boardAccountId})`;
  const dayStart = sql`(${fromAt}::timestamptz + d.i * interval '1 day')`;
  const rows = rowsOf<{
    kind: 'expected' | 'counted' | 'mapped';
    i: number;
    state: PushSlotState | null;
    n: number;
  }>(
    await exec.execute(sql`
      WITH m AS (
        SELECT rt.id, rt.tenant_id,
               (SELECT count(DISTINCT rd.device_id) FROM regulator_devices rd WHERE rd.regulator_tenant_id = rt.id) AS devices,
               least(rt.next_slot, (SELECT min(p.slot) FROM regulator_pushes p WHERE p.regulator_tenant_id = rt.id)) AS first_slot
          FROM regulator_tenants rt
         WHERE rt.tenant_id IN (${industries}) ${board}
      ),
      expected AS (
        SELECT d.i, sum(m.devices * greatest(0, floor(extract(epoch FROM (
                 least(${dayStart} + interval '1 day' - ${millis(PUSH_SLOT_MS)}, ${lastReadyAt}::timestamptz)
                 - greatest(${dayStart}, m.first_slot))) / ${SLOT_SECONDS}::int) + 1))::int AS n
          FROM m CROSS JOIN generate_series(0, ${dayCount - 1}::int) AS d(i)
         GROUP BY d.i
      ),
      counted AS (
        SELECT floor(extract(epoch FROM (p.slot - ${fromAt}::timestamptz)) / ${DAY_MS / 1000}::int)::int AS i,
               p.state, count(*)::int AS n
          FROM regulator_pushes p
          JOIN m ON m.id = p.regulator_tenant_id
         WHERE p.slot >= ${fromAt}::timestamptz AND p.slot <= ${lastReadyAt}::timestamptz
         GROUP BY 1, 2
      )
      SELECT 'expected' AS kind, i, NULL AS state, n FROM expected
      UNION ALL SELECT 'counted', i, state, n FROM counted
      UNION ALL SELECT 'mapped', 0, NULL, count(DISTINCT tenant_id)::int FROM m`),
  );

  const expected = new Array<number>(dayCount).fill(0);
  const states = Array.from({ length: dayCount }, () => new Map<PushSlotState, number>());
  let mappedIndustries = 0;
  for (const row of rows) {
    if (row.kind === 'mapped') mappedIndustries = Number(row.n);
    else if (row.kind === 'expected') expected[row.i] = Number(row.n ?? 0);
    else if (row.state !== null && row.i >= 0 && row.i < dayCount)
      states[row.i]!.set(row.state, Number(row.n));
  }
  const days = expected.map((slots, i): ComplianceDay => {
    const counts = states[i]!;
    const delivered = counts.get('delivered') ?? 0;
    const refused = counts.get('refused') ?? 0;
    const noData = counts.get('no_data') ?? 0;
    const expired = counts.get('expired') ?? 0;
    return {
      day: todayInIndia(new Date(from + i * DAY_MS)),
      expected: slots,
      delivered,
      refused,
      noData,
      expired,
      pending: Math.max(0, slots - delivered - refused - noData - expired),
      deliveredShare: deliveredShareOf(delivered, slots),
    };
  });
  return { mappedIndustries, days };
}

/**
 * How long the days before today are kept per view: across the platform they
 * are the week's whole ledger (a row a device and slot), and they change only
 * when a late slot settles. Today is counted on every request.
 */
export const PAST_DELIVERY_FRESH_MS = 5 * 60_000;
const pastDeliveryCache = new WeakMap<object, Map<string, { at: number; days: ComplianceDay[] }>>();

/**
 * Delivery to the boards per IST day over the last `HOME_DELIVERY_DAYS` days,
 * today last. `viewKey` names whose view it is (the same key, the same
 * industries): the days before today are counted once per key and day and
 * kept `PAST_DELIVERY_FRESH_MS`; today is counted each time.
 */
export async function summarizeDelivery(
  exec: Executor,
  industries: SQL,
  boardAccountId: number | null,
  now: Date,
  viewKey: string,
): Promise<Omit<HomeDelivery, 'statId'>> {
  const lastReady = lastReadySlot(now).getTime();
  const todayStart = slotStart(now.getTime(), 'day');
  const from = todayStart - (HOME_DELIVERY_DAYS - 1) * DAY_MS;
  let cache = pastDeliveryCache.get(exec);
  if (!cache) {
    cache = new Map();
    pastDeliveryCache.set(exec, cache);
  }
  const key = `${viewKey}|${boardAccountId}|${todayStart}`;
  const known = cache.get(key);
  const clockMs = Date.now();
  if (known && clockMs - known.at < PAST_DELIVERY_FRESH_MS) {
    const today = await countDeliveryDays(exec, industries, boardAccountId, todayStart, 1, lastReady);
    return {
      mappedIndustries: today.mappedIndustries,
      today: today.days[0]!,
      days: [...known.days, ...today.days],
    };
  }
  const counted = await countDeliveryDays(
    exec,
    industries,
    boardAccountId,
    from,
    HOME_DELIVERY_DAYS,
    lastReady,
  );
  cache.set(key, { at: clockMs, days: counted.days.slice(0, -1) });
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  return { mappedIndustries: counted.mappedIndustries, today: counted.days.at(-1)!, days: counted.days };
}

/** The board (the lowest id) tied to a board account, for a link to its view. */
export async function findBoardOf(exec: Executor, statutoryAccountId: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await exec.execute(sql`
      SELECT id FROM regulator_boards WHERE statutory_account_id = ${statutoryAccountId} ORDER BY id LIMIT 1`),
  );
  return row?.id ?? null;
}

/**
 * The industries in view whose current subscription (their newest) is active
 * and ends within `RENEWAL_WINDOW_DAYS` after `today`: how many, and the
 * soonest few.
 */
export async function findExpiringSubscriptions(
  exec: Executor,
  industries: SQL,
  today: string,
): Promise<HomeSubscriptions> {
  const rows = rowsOf<{
    tenant_id: number;
    tenant_name: string;
    plan_code: string;
    plan_name: string;
    period_end: string | Date;
    cancel_at_period_end: boolean;
    total: number;
  }>(
    await exec.execute(sql`
      SELECT s.tenant_id, a.name AS tenant_name, bp.code AS plan_code, bp.name AS plan_name,
             s.period_end::text AS period_end, s.cancel_at_period_end, count(*) OVER ()::int AS total
        FROM subscriptions s
        JOIN accounts a ON a.id = s.tenant_id
        JOIN billing_plans bp ON bp.id = s.plan_id
       WHERE s.status = 'ACTIVE'
         AND s.period_end > ${today}::date
         AND s.period_end <= ${today}::date + ${RENEWAL_WINDOW_DAYS}::int
         AND s.tenant_id IN (${industries})
         AND NOT EXISTS (SELECT 1 FROM subscriptions n WHERE n.tenant_id = s.tenant_id AND n.id > s.id)
       ORDER BY s.period_end, lower(a.name), s.tenant_id
       LIMIT ${HOME_EXPIRING_LISTED}::int`),
  );
  return {
    expiring: rows[0]?.total ?? 0,
    soonest: rows.map((row): ExpiringSubscription => {
      const periodEnd = String(row.period_end).slice(0, 10);
      return {
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        planCode: row.plan_code,
        planName: row.plan_name,
        periodEnd,
        daysLeft: daysBetween(today, periodEnd),
        cancelAtPeriodEnd: row.cancel_at_period_end,
      };
    }),
  };
}
