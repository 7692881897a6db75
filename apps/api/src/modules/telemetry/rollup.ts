import { rowsOf } from '../../db/sql.js';
import { sql } from 'drizzle-orm';
import { DATA_DIM_MS } from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import { SLOT_ORIGIN } from './slots.js';

/**
 * The 15-minute rollup (`readings_15m`). The readings insert marks the slots
 * it touched (`readings_dirty`), touching a mark that is there already, so
 * each batch leaves its mark as a new row version. Rolling up reads a set of
 * marks with their versions, recomputes their slots from `readings`, and
 * removes each mark only if it is still the version it read: a batch stored
 * meanwhile left a newer one, so its slot stays marked and is read exactly
 * until the next round. A round holds no mark while it works, so batches never
 * wait for it (they did when a round deleted its marks first: under steady
 * ingestion a batch was waiting for a round at almost any moment). Rounds run
 * one at a time across processes (a transaction-level advisory lock): two at
 * once could store a slot counted before a batch after one counted with it.
 */

/** Marks taken in one round. */
export const ROLLUP_BATCH = 5_000;

/** The advisory lock key rounds take, in any process: 'vayu.rollup' as a number. */
const ROLLUP_LOCK = 0x76_61_79_75;

interface Mark {
  tenant_id: number;
  device_id: number;
  parameter_id: number;
  slot_ms: number;
  /** The mark's row version (the `xmin` of the batch that last touched it), as text. */
  version: string;
}

const markArrays = (marks: readonly Mark[]) => [
  marks.map((m) => m.tenant_id),
  marks.map((m) => m.device_id),
  marks.map((m) => m.parameter_id),
  marks.map((m) => Number(m.slot_ms)),
];

/** A PostgreSQL array literal of numbers ('{1,2,3}'), passed as one value. */
const arrayLiteral = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * How long a slot's mark must have been left alone before the rolling up in
 * the background takes it. A slot that is still receiving readings (the one
 * in progress) is read from `readings` meanwhile, exactly; rolling it up at
 * every batch would recompute it for nothing.
 */
export const ROLLUP_QUIET_MS = 2_000;

/**
 * One round: takes up to `limit` marks left alone for `quietMs` and rolls
 * their slots up. Answers how many marks it took (a full round means there
 * may be more). `afterMarksRead` runs in the round's transaction once the
 * marks are read (the tests store a batch there, as one arriving mid-round).
 */
export async function rollUpOnce(
  db: Database,
  limit = ROLLUP_BATCH,
  quietMs = 0,
  afterMarksRead?: (tx: Executor) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    const marks = rowsOf<Mark>(
      await tx.execute(sql`
        SELECT tenant_id, device_id, parameter_id, (extract(epoch FROM slot) * 1000)::float8 AS slot_ms,
               xmin::text AS version
          FROM readings_dirty
         WHERE marked_at <= now() - ${quietMs} * interval '1 millisecond'
         ORDER BY marked_at LIMIT ${limit}`),
    );
    if (marks.length === 0) return 0;
    await afterMarksRead?.(tx);
    const [tenants, devices, parameters, slots] = markArrays(marks).map(arrayLiteral);
    const marked = sql`
      m AS (
        SELECT u.tenant_id, u.device_id, u.parameter_id, to_timestamp(u.slot_ms / 1000.0) AS slot
          FROM unnest(${tenants}::int4[], ${devices}::int4[], ${parameters}::int4[], ${slots}::float8[])
            AS u(tenant_id, device_id, parameter_id, slot_ms)
      )`;
    // A new statement, so a new snapshot: everything stored before it, and every batch whose mark
    // was read, is counted; a batch committed later left a newer mark than the one read.
    await tx.execute(sql`
      WITH ${marked}
      INSERT INTO readings_15m (tenant_id, device_id, parameter_id, slot, count, sum, min, max, last_ts, last_value,
                                other_provenance)
      SELECT m.tenant_id, m.device_id, m.parameter_id, m.slot, count(*)::int4, sum(r.value_std), min(r.value_std),
             max(r.value_std), max(r.ts), (array_agg(r.value_std ORDER BY r.ts DESC))[1],
             min(r.provenance) FILTER (WHERE r.provenance <> 'measured')
        FROM m
        JOIN readings r ON r.tenant_id = m.tenant_id AND r.device_id = m.device_id AND r.parameter_id = m.parameter_id
                       AND r.ts >= m.slot AND r.ts < m.slot + interval '15 minutes'
       GROUP BY m.tenant_id, m.device_id, m.parameter_id, m.slot
      ON CONFLICT (tenant_id, device_id, parameter_id, slot) DO UPDATE
        SET count = EXCLUDED.count, sum = EXCLUDED.sum, min = EXCLUDED.min, max = EXCLUDED.max,
            last_ts = EXCLUDED.last_ts, last_value = EXCLUDED.last_value,
            other_provenance = EXCLUDED.other_provenance`);
    await tx.execute(sql`WITH ${marked} ${CHANGED_DAYS_SQL}`);
    // Last, so that the marks the round removes are held only until it commits, a moment later.
    // A batch in flight on one of them is waited for, and then has left a newer version.
    await tx.execute(sql`
      DELETE FROM readings_dirty d
       USING unnest(${tenants}::int4[], ${devices}::int4[], ${parameters}::int4[], ${slots}::float8[],
                    ${`{${marks.map((m) => m.version).join(',')}}`}::text[])
             AS u(tenant_id, device_id, parameter_id, slot_ms, version)
       WHERE d.tenant_id = u.tenant_id AND d.device_id = u.device_id AND d.parameter_id = u.parameter_id
         AND d.slot = to_timestamp(u.slot_ms / 1000.0) AND d.xmin = u.version::xid`);
    return marks.length;
  });
}

/**
 * The days of the slots in `m` have changed: their stored points
 * (`readings_days`, modules/telemetry/series.ts) are cleared and they take a
 * new version, so that a day written from the slots as they were is not kept
 * (nor used from any process's memory). In the transaction that rolls the
 * slots up.
 */
const CHANGED_DAYS_SQL = sql.raw(`
  INSERT INTO readings_days AS d (tenant_id, device_id, parameter_id, day)
  SELECT DISTINCT tenant_id, device_id, parameter_id, date_bin('1 day', slot, TIMESTAMPTZ '${SLOT_ORIGIN}') FROM m
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, device_id, parameter_id, day)
  DO UPDATE SET version = nextval('readings_days_version_seq'), points = NULL`);

/** Rolls up every `intervalMs` in this process until stopped (a round that filled its batch goes on at once). */
export function startRollup(options: {
  db: Database;
  intervalMs: number;
  /** Marks a round takes (smaller on the embedded database, whose one connection a round holds). */
  limit?: number;
  /** How long a mark must have been left alone before it is taken (`ROLLUP_QUIET_MS`). */
  quietMs?: number;
  log: { warn(details: object, message: string): void };
}): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      const limit = options.limit ?? ROLLUP_BATCH;
      while (
        !stopped &&
        (await rollUpOnce(options.db, limit, options.quietMs ?? ROLLUP_QUIET_MS)) === limit
      ) {
        // a full round: there may be more marks, taken at once
      }
    } catch (error) {
      options.log.warn({ err: error }, 'rolling up readings failed; trying again');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

const SLOT_MS = DATA_DIM_MS.minute_15;

/**
 * Rolls up every slot of some devices from `fromMs` to `toMs` in one
 * statement and removes their marks: for bulk loads (the demo history, an
 * import), where going mark by mark would keep the database busy for long.
 * Every reading of those slots is counted, so they are exact whatever else
 * they hold. Run it in the transaction that stored the readings, or after.
 */
export async function rollUpRange(
  exec: Executor,
  { deviceIds, fromMs: from, toMs: to }: { deviceIds: number[]; fromMs: number; toMs: number },
) {
  if (deviceIds.length === 0) return;
  // Whole slots (15-minute slots start at the same instants in UTC and IST).
  const start = new Date(Math.floor(from / SLOT_MS) * SLOT_MS - SLOT_MS).toISOString();
  const end = new Date(Math.floor(to / SLOT_MS) * SLOT_MS + 2 * SLOT_MS).toISOString();
  const devices = `{${deviceIds.join(',')}}`;
  await exec.execute(sql`
    INSERT INTO readings_15m (tenant_id, device_id, parameter_id, slot, count, sum, min, max, last_ts, last_value,
                              other_provenance)
    SELECT tenant_id, device_id, parameter_id, date_bin('15 minutes', ts, ${sql.raw(`TIMESTAMPTZ '${SLOT_ORIGIN}'`)}),
           count(*)::int4, sum(value_std), min(value_std), max(value_std), max(ts),
           (array_agg(value_std ORDER BY ts DESC))[1], min(provenance) FILTER (WHERE provenance <> 'measured')
      FROM readings
     WHERE device_id = ANY(${devices}::int4[]) AND ts >= ${start}::timestamptz AND ts < ${end}::timestamptz
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, device_id, parameter_id, slot) DO UPDATE
      SET count = EXCLUDED.count, sum = EXCLUDED.sum, min = EXCLUDED.min, max = EXCLUDED.max,
          last_ts = EXCLUDED.last_ts, last_value = EXCLUDED.last_value,
          other_provenance = EXCLUDED.other_provenance`);
  await exec.execute(sql`
    WITH m AS (
      SELECT DISTINCT tenant_id, device_id, parameter_id, slot FROM readings_15m
       WHERE device_id = ANY(${devices}::int4[]) AND slot >= ${start}::timestamptz AND slot < ${end}::timestamptz
    )
    ${CHANGED_DAYS_SQL}`);
  await exec.execute(sql`
    DELETE FROM readings_dirty
     WHERE device_id = ANY(${devices}::int4[]) AND slot >= ${start}::timestamptz AND slot < ${end}::timestamptz`);
}

/** Rolls up until no mark is left (the demo history at seed time, tests). Answers the marks taken. */
export async function rollUpAll(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await rollUpOnce(db);
    total += taken;
    if (taken < ROLLUP_BATCH) return total;
  }
}
