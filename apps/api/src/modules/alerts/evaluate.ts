import { sql } from 'drizzle-orm';
import { DATA_DIM_MS, OFFLINE_ALERT_AFTER_MS, isExceedance, slotStart, type Provenance } from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { SLOT_ORIGIN } from '../telemetry/slots.js';

const SLOT_MS = DATA_DIM_MS.minute_15;

/**
 * Works the alerts out at `now` (the `alerts.evaluate` job, once a minute;
 * tests drive the clock). Exceedances: the 15-minute value of every watched
 * parameter of a device that sent in the last two slots — the slot that has
 * ended and the one in progress (its value so far) — against the limit at its
 * monitoring point. A value past the limit opens an episode, or follows its
 * peak; an ended slot within the limit closes it. Offline: a device watched
 * for silence that has sent nothing for `OFFLINE_ALERT_AFTER_MS` opens one;
 * data again closes it. One open episode per device and parameter is kept by
 * a unique index, so two processes judging at once make one alert.
 */
export async function evaluateAlerts(db: Database, now: Date): Promise<{ opened: number; closed: number }> {
  const exceedances = await judgeExceedances(db, now);
  const offline = await judgeSilence(db, now);
  return { opened: exceedances.opened + offline.opened, closed: exceedances.closed + offline.closed };
}

interface SlotValue {
  tenant_id: number;
  device_id: number;
  monitoring_point_id: number;
  parameter_id: number;
  lim: number;
  slot_ms: number;
  mean: number;
  provenances: Provenance[];
}

/** Watched: an enabled parameter of an enabled device whose limit at its point is on and has a value. */
async function slotValues(exec: Executor, now: Date): Promise<SlotValue[]> {
  const from = new Date(slotStart(now.getTime(), 'minute_15') - SLOT_MS);
  return rowsOf<SlotValue>(
    await exec.execute(sql`
      WITH watched AS (
        SELECT dp.tenant_id, d.id AS device_id, d.monitoring_point_id, dp.parameter_id,
               coalesce(al.custom_limit, p.standard_limit) AS lim
          FROM device_last_data dl
          JOIN devices d ON d.id = dl.device_id AND d.status = 'ENABLED'
          JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
          JOIN parameters p ON p.id = dp.parameter_id
          LEFT JOIN alert_limits al ON al.tenant_id = dp.tenant_id AND al.monitoring_point_id = d.monitoring_point_id
                                   AND al.parameter_id = dp.parameter_id
         WHERE dl.last_ts >= ${from} AND coalesce(al.enabled, p.is_alert_enabled)
           AND coalesce(al.custom_limit, p.standard_limit) IS NOT NULL
      )
      SELECT w.tenant_id, w.device_id, w.monitoring_point_id, w.parameter_id, w.lim,
             (extract(epoch FROM s.slot) * 1000)::float8 AS slot_ms, s.mean, s.provenances
        FROM watched w
        CROSS JOIN LATERAL (
          SELECT date_bin('15 minutes', r.ts, TIMESTAMPTZ '${sql.raw(SLOT_ORIGIN)}') AS slot, avg(r.value_std) AS mean,
                 array_agg(DISTINCT r.provenance) AS provenances
            FROM readings r
           WHERE r.tenant_id = w.tenant_id AND r.device_id = w.device_id AND r.parameter_id = w.parameter_id
             AND r.ts >= ${from} AND r.ts <= ${now}
           GROUP BY 1
        ) s
       ORDER BY w.device_id, w.parameter_id, s.slot`),
  ).map((row) => ({ ...row, slot_ms: Number(row.slot_ms), mean: Number(row.mean), lim: Number(row.lim) }));
}

/**
 * Judges every watched value at once, in two statements whatever their
 * number: first the ended slots within their limit close their episodes (from
 * that slot's start), then the values past their limit, gathered per device
 * and parameter (the earliest slot past the limit starts an episode, the
 * highest is its peak, the latest its last value), open or follow episodes.
 * In that order a slot back within the limit followed by one past it ends one
 * episode and begins the next.
 */
async function judgeExceedances(db: Database, now: Date) {
  const values = await slotValues(db, now);
  const closing: { device_id: number; parameter_id: number; slot: string; mean: number }[] = [];
  const over = new Map<
    string,
    SlotValue & { first: number; peak: number; last: number; from: number; to: number; seen: Set<string> }
  >();
  for (const value of values) {
    const ended = value.slot_ms + SLOT_MS <= now.getTime();
    if (!isExceedance(value.mean, value.lim)) {
      if (ended) {
        closing.push({
          device_id: value.device_id,
          parameter_id: value.parameter_id,
          slot: new Date(value.slot_ms).toISOString(),
          mean: value.mean,
        });
      }
      continue;
    }
    // Rows come in slot order per device and parameter.
    const key = `${value.device_id}:${value.parameter_id}`;
    const episode = over.get(key);
    if (episode) {
      episode.peak = Math.max(episode.peak, value.mean);
      episode.last = value.mean;
      episode.to = value.slot_ms;
      for (const p of value.provenances) episode.seen.add(p);
    } else {
      over.set(key, {
        ...value,
        first: value.mean,
        peak: value.mean,
        last: value.mean,
        from: value.slot_ms,
        to: value.slot_ms,
        seen: new Set(value.provenances),
      });
    }
  }

  let closed = 0;
  if (closing.length > 0) {
    closed = rowsOf<{ id: number }>(
      await db.execute(sql`
        UPDATE alerts a SET ended_at = v.slot, last_value = v.mean
          FROM jsonb_to_recordset(${JSON.stringify(closing)}::jsonb)
               AS v(device_id int, parameter_id int, slot timestamptz, mean float8)
         WHERE a.type = 'EXCEEDANCE' AND a.device_id = v.device_id AND a.parameter_id = v.parameter_id
           AND a.ended_at IS NULL AND a.started_at <= v.slot
        RETURNING a.id`),
    ).length;
  }

  let opened = 0;
  if (over.size > 0) {
    const rows = [...over.values()].map((e) => ({
      tenant_id: e.tenant_id,
      monitoring_point_id: e.monitoring_point_id,
      device_id: e.device_id,
      parameter_id: e.parameter_id,
      lim: e.lim,
      first_value: e.first,
      peak_value: e.peak,
      last_value: e.last,
      provenance: [...e.seen].sort(),
      started_at: new Date(e.from).toISOString(),
      last_slot: new Date(e.to).toISOString(),
    }));
    // Opens the episode, or follows it: its peak, its last value and where the values came from.
    opened = rowsOf<{ inserted: boolean }>(
      await db.execute(sql`
        INSERT INTO alerts AS a (type, tenant_id, monitoring_point_id, device_id, parameter_id, "limit",
                                first_value, peak_value, last_value, provenance, started_at, last_slot)
        SELECT 'EXCEEDANCE', v.tenant_id, v.monitoring_point_id, v.device_id, v.parameter_id, v.lim,
               v.first_value, v.peak_value, v.last_value, ARRAY(SELECT jsonb_array_elements_text(v.provenance)),
               v.started_at, v.last_slot
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS v(tenant_id int, monitoring_point_id int, device_id int, parameter_id int, lim float8,
                    first_value float8, peak_value float8, last_value float8, provenance jsonb,
                    started_at timestamptz, last_slot timestamptz)
         ORDER BY v.device_id, v.parameter_id
        ON CONFLICT (type, device_id, coalesce(parameter_id, 0)) WHERE ended_at IS NULL
        DO UPDATE SET peak_value = greatest(a.peak_value, excluded.peak_value),
                      last_value = excluded.last_value, "limit" = excluded."limit",
                      provenance = ARRAY(SELECT DISTINCT unnest(a.provenance || excluded.provenance) ORDER BY 1),
                      last_slot = greatest(a.last_slot, excluded.last_slot)
        RETURNING (xmax = 0) AS inserted`),
    ).filter((row) => row.inserted).length;
  }
  return { opened, closed };
}

async function judgeSilence(db: Database, now: Date) {
  const silentSince = new Date(now.getTime() - OFFLINE_ALERT_AFTER_MS);
  const opened = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO alerts (type, tenant_id, monitoring_point_id, device_id, started_at)
      SELECT 'OFFLINE', d.tenant_id, d.monitoring_point_id, d.id, dl.last_ts
        FROM devices d JOIN device_last_data dl ON dl.device_id = d.id
       WHERE d.status = 'ENABLED' AND dl.last_ts < ${silentSince}
         AND EXISTS (SELECT 1 FROM device_params dp WHERE dp.device_id = d.id AND dp.enabled AND dp.offline_alert)
         AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.type = 'OFFLINE' AND a.device_id = d.id AND a.ended_at IS NULL)
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  const closed = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE alerts a SET ended_at = dl.last_ts
        FROM device_last_data dl
       WHERE a.type = 'OFFLINE' AND a.ended_at IS NULL AND dl.device_id = a.device_id
         AND dl.last_ts >= ${silentSince} AND dl.last_ts > a.started_at
      RETURNING a.id`),
  );
  return { opened: opened.length, closed: closed.length };
}
