import { INGEST_REFUSALS_KEPT_DAYS } from '@vayu/domain';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { jobQueue } from '../../jobs/job-definitions.js';

/**
 * Readings are partitioned by month (`readings_y2026m11` holds November 2026,
 * UTC). Partitions are created ahead: at start and by the daily
 * `telemetry.partitions` job, from the month before the current one (late
 * readings are taken for 7 days) to `MONTHS_AHEAD` months after it. A reading
 * always finds its partition: ingestion refuses times older than 7 days or
 * in the future, and the start creates what is missing before taking requests.
 */
export const MONTHS_AHEAD = 3;

/** Arbitrary key of the advisory lock that keeps two processes from creating the same partition at once. */
const PARTITION_LOCK_KEY = 7_246_016;

export interface MonthRange {
  name: string;
  from: string;
  to: string;
}

/** The partitions that should exist at `now`: the previous month through `MONTHS_AHEAD` months ahead. */
export function partitionsFor(now: Date, monthsBack = 1, monthsAhead = MONTHS_AHEAD): MonthRange[] {
  const ranges: MonthRange[] = [];
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  for (let offset = -monthsBack; offset <= monthsAhead; offset++) {
    const start = new Date(Date.UTC(year, month + offset, 1));
    const end = new Date(Date.UTC(year, month + offset + 1, 1));
    const name = `readings_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    ranges.push({ name, from: start.toISOString(), to: end.toISOString() });
  }
  return ranges;
}

/**
 * Creates the missing monthly partitions around `now` (and, with `monthsBack`,
 * further back: the demo history and data imports). Safe in any number of
 * processes. Answers the names created.
 */
export async function ensureReadingPartitions(
  database: Pick<DatabaseHandle, 'query' | 'kind'>,
  now = new Date(),
  monthsBack = 1,
): Promise<string[]> {
  const wanted = partitionsFor(now, monthsBack);
  // A readings table that is not partitioned by PostgreSQL (a TimescaleDB hypertable, say) looks after itself.
  const [table] = await database.query<{ kind: string }>(
    `SELECT relkind::text AS kind FROM pg_class WHERE relname = 'readings' AND relnamespace = 'public'::regnamespace`,
    [],
  );
  if (table?.kind !== 'p') return [];
  const existing = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'readings'`,
    [],
  );
  const have = new Set(existing.map((row) => row.name));
  const missing = wanted.filter((range) => !have.has(range.name));
  if (missing.length === 0) return [];
  const statements = missing.map(
    (range) =>
      // Names and bounds come from partitionsFor (digits and ISO dates), never from input.
      `CREATE TABLE IF NOT EXISTS "${range.name}" PARTITION OF readings FOR VALUES FROM ('${range.from}') TO ('${range.to}')`,
  );
  if (database.kind === 'postgres') {
    // One transaction under an advisory lock: two processes starting together create each month once.
    await database.query(
      `DO $$ BEGIN PERFORM pg_advisory_xact_lock(${PARTITION_LOCK_KEY}); ${statements.join('; ')}; END $$`,
      [],
    );
  } else {
    for (const statement of statements) await database.query(statement, []);
  }
  return missing.map((range) => range.name);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Queues the partition upkeep of today (now) and of tomorrow (at its
 * midnight UTC); each day's job is queued once however many processes start.
 */
export async function scheduleReadingPartitions(db: Database, now = Date.now()) {
  const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  await jobQueue.enqueue(
    db,
    'telemetry.partitions',
    { day: dayOf(now) },
    { singletonKey: `partitions:${dayOf(now)}` },
  );
  await jobQueue.enqueue(
    db,
    'telemetry.partitions',
    { day: dayOf(tomorrow) },
    { singletonKey: `partitions:${dayOf(tomorrow)}`, runAt: new Date(tomorrow) },
  );
}

/** The job: creates what is missing, then queues the day after its own. */
export function partitionsJob(database: Pick<DatabaseHandle, 'query' | 'kind' | 'db'>) {
  return async (payload: { day: string }) => {
    const created = await ensureReadingPartitions(database);
    // Refused readings are kept for the log files for INGEST_REFUSALS_KEPT_DAYS.
    const purged = await database.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ingest_refusals WHERE received_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [INGEST_REFUSALS_KEPT_DAYS],
    );
    const next = Date.parse(`${payload.day}T00:00:00Z`) + DAY_MS;
    await jobQueue.enqueue(
      database.db,
      'telemetry.partitions',
      { day: dayOf(next) },
      { singletonKey: `partitions:${dayOf(next)}`, runAt: new Date(Math.max(next, Date.now())) },
    );
    return { created, refusalsPurged: purged[0]?.n ?? 0 };
  };
}
