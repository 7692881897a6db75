import { DATA_DIM_MS, slotStart, type DataDim } from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';
import { joinParts, KeptText, textOfPart, type JsonPart } from '../../lib/json-parts.js';
import { SLOT_ORIGIN } from './slots.js';

/*
 * The points of the data endpoint's series, written as JSON by PostgreSQL.
 *
 * A 30-day answer is 2,880 points a parameter. Reading that many rows and
 * writing them again in Node took most of a request; PostgreSQL writes them
 * in a fraction of that, and whole days that have not changed since they were
 * last written come from `readings_days` as stored text. What a request
 * computes is then the day in progress, the partial days at the ends of its
 * range and any day whose slots changed.
 */

type Query = Pick<DatabaseHandle, 'query'>;

/** How a series' slot value is worked out: the parameter's aggregation, or a counter's increase. */
export type SeriesAggregation = 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT' | 'DIFF';

export interface SeriesRequest {
  deviceId: number;
  parameterId: number;
  aggregation: SeriesAggregation;
}

/** A stretch of one series to write: points from `fromMs` up to `toMs` (exclusive). */
export interface Piece {
  series: SeriesRequest;
  fromMs: number;
  toMs: number;
}

const INTERVALS: Record<DataDim, string> = {
  minute_15: '15 minutes',
  hour: '1 hour',
  day: '1 day',
};

const DAY_MS = DATA_DIM_MS.day;

/**
 * Each piece's points as the JSON array the data endpoint answers with
 * (`[{t, value, count, min, max, provenance}, ...]` in time order).
 *
 * Each 15-minute slot comes from the rollup (`readings_15m`) unless it is
 * marked (`readings_dirty`: readings came since it was rolled up), in which
 * case it is aggregated from `readings` there and then, so the answer is exact
 * whenever it is asked. Hours and days combine their 15-minute slots. A slot's
 * value is the parameter's aggregation; a counter's is its increase: the last
 * reading less the previous slot's last, after a reset (a fall) what was
 * counted since zero, and max less min without a previous slot (so a piece is
 * read from one slot before its start). A slot holding any reading that is not
 * `measured` carries that provenance (the first by name when there are
 * several). Numbers are written as PostgreSQL writes float8 (the shortest
 * text that reads back the same, as JavaScript does; values are bounded at
 * ingestion, so never infinite), times as JavaScript's toISOString.
 *
 * Parameters, one array element per piece: $1 tenant, $2 devices, $3
 * parameters, $4 aggregations, $5 read from, $6 answer from, $7 to.
 */
function piecesSql(dim: DataDim, counters: boolean): string {
  const interval = INTERVALS[dim];
  const bins =
    dim === 'minute_15'
      ? `SELECT i, agg, slot AS t, count, sum, min, max, other, last_value AS last FROM slots`
      : `SELECT i, agg, date_bin('${interval}', slot, TIMESTAMPTZ '${SLOT_ORIGIN}') AS t, sum(count)::int4 AS count,
                sum(sum) AS sum, min(min) AS min, max(max) AS max, min(other) AS other,
                (array_agg(last_value ORDER BY last_ts DESC))[1] AS last
           FROM slots GROUP BY i, agg, 3`;
  // A counter's value needs the slot before; without counters the window is left out (it costs
  // as much as the rest of the statement).
  const value = counters
    ? `CASE agg
         WHEN 'DIFF' THEN CASE WHEN lag(t) OVER w IS DISTINCT FROM t - interval '${interval}' THEN max - min
                               WHEN last >= lag(last) OVER w THEN last - lag(last) OVER w
                               ELSE last END
         WHEN 'SUM' THEN sum WHEN 'MIN' THEN min WHEN 'MAX' THEN max WHEN 'COUNT' THEN count
         ELSE sum / count END`
    : `CASE agg WHEN 'SUM' THEN sum WHEN 'MIN' THEN min WHEN 'MAX' THEN max WHEN 'COUNT' THEN count
         ELSE sum / count END`;
  return `
  WITH s AS (
    SELECT s.i::int4 AS i, s.device_id, s.parameter_id, s.agg, s.read_from, s.answer_from, s.read_to,
           ARRAY(SELECT d.slot FROM readings_dirty d
                  WHERE d.tenant_id = $1::int4 AND d.device_id = s.device_id AND d.parameter_id = s.parameter_id
                    AND d.slot >= s.read_from AND d.slot < s.read_to) AS dirty
      FROM unnest($2::int4[], $3::int4[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
           WITH ORDINALITY AS s(device_id, parameter_id, agg, read_from, answer_from, read_to, i)
  ),
  -- Marked slots, one row each: each is read from readings by its own index range.
  dirty AS MATERIALIZED (
    SELECT s.i, s.device_id, s.parameter_id, s.agg, d.slot FROM s CROSS JOIN LATERAL unnest(s.dirty) AS d(slot)
  ),
  slots AS (
    SELECT s.i, s.agg, r.slot, r.count, r.sum, r.min, r.max, r.other_provenance AS other, r.last_ts, r.last_value
      FROM s JOIN readings_15m r ON r.tenant_id = $1 AND r.device_id = s.device_id
                                AND r.parameter_id = s.parameter_id AND r.slot >= s.read_from AND r.slot < s.read_to
     WHERE r.slot <> ALL (s.dirty)
    UNION ALL
    SELECT d.i, d.agg, d.slot, count(*)::int4, sum(x.value_std), min(x.value_std), max(x.value_std),
           min(x.provenance) FILTER (WHERE x.provenance <> 'measured'), max(x.ts),
           (array_agg(x.value_std ORDER BY x.ts DESC))[1]
      FROM dirty d
      JOIN readings x ON x.tenant_id = $1 AND x.device_id = d.device_id AND x.parameter_id = d.parameter_id
                     AND x.ts >= d.slot AND x.ts < d.slot + interval '15 minutes'
     GROUP BY d.i, d.agg, d.slot
  ),
  bins AS (${bins}),
  points AS (
    SELECT i, t, count, min, max, other, ${value} AS value
      FROM bins
    ${counters ? 'WINDOW w AS (PARTITION BY i ORDER BY t)' : ''}
  )
  SELECT p.i,
         '[' || string_agg('{"t":"' || to_char(p.t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                           || '","value":' || p.value::text || ',"count":' || p.count::text
                           || ',"min":' || p.min::text || ',"max":' || p.max::text
                           || ',"provenance":"' || coalesce(p.other, 'measured') || '"}', ',' ORDER BY p.t)
         || ']' AS points
    FROM points p JOIN s ON s.i = p.i
   WHERE p.t >= s.answer_from
   GROUP BY p.i`;
}

const STATEMENTS = new Map<string, string>();
for (const dim of Object.keys(INTERVALS) as DataDim[]) {
  for (const counters of [false, true]) STATEMENTS.set(`${dim}_${counters}`, piecesSql(dim, counters));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The statement that writes some pieces, as the console runs it (the benchmark's minimal handler runs it too). */
export function piecesQuery(
  tenantId: number,
  dim: DataDim,
  pieces: readonly Piece[],
): { name: string; text: string; values: unknown[] } {
  const counters = pieces.some((piece) => piece.series.aggregation === 'DIFF');
  const key = `${dim}_${counters}`;
  const slotMs = DATA_DIM_MS[dim];
  return {
    name: `vayu_series_${key}`,
    text: STATEMENTS.get(key)!,
    values: [
      tenantId,
      pieces.map((piece) => piece.series.deviceId),
      pieces.map((piece) => piece.series.parameterId),
      pieces.map((piece) => piece.series.aggregation),
      pieces.map((piece) => iso(piece.fromMs - slotMs)),
      pieces.map((piece) => iso(piece.fromMs)),
      pieces.map((piece) => iso(piece.toMs)),
    ],
  };
}

async function writePieces(database: Query, tenantId: number, dim: DataDim, pieces: readonly Piece[]) {
  if (pieces.length === 0) return [];
  const query = piecesQuery(tenantId, dim, pieces);
  const rows = await database.query<{ i: number; points: string }>(query.text, query.values, query.name);
  const texts: string[] = pieces.map(() => '[]');
  for (const row of rows) texts[row.i - 1] = row.points;
  return texts;
}

/**
 * Stored days of some series (every series with every day, in that order):
 * each day's version (null: never stored nor rolled up), whether a slot of it
 * is marked, and its text unless marked or already known at that version
 * (`$5`, one element per series and day, -1 when not known).
 */
const STORED_DAYS_SQL = `
  SELECT s.i::int4 AS i, d.j::int4 AS j, c.version,
         CASE WHEN dirty.marked OR c.version = ($5::int8[])[((s.i - 1) * $6::int4 + d.j)::int4] THEN NULL
              ELSE c.points END AS points,
         dirty.marked
    FROM unnest($2::int4[], $3::int4[]) WITH ORDINALITY AS s(device_id, parameter_id, i)
   CROSS JOIN unnest($4::timestamptz[]) WITH ORDINALITY AS d(day, j)
    LEFT JOIN readings_days c ON c.tenant_id = $1::int4 AND c.device_id = s.device_id
                             AND c.parameter_id = s.parameter_id AND c.day = d.day
   CROSS JOIN LATERAL (
     SELECT EXISTS (SELECT FROM readings_dirty m
                     WHERE m.tenant_id = $1 AND m.device_id = s.device_id AND m.parameter_id = s.parameter_id
                       AND m.slot >= d.day AND m.slot < d.day + interval '1 day') AS marked
   ) dirty`;

/**
 * Days written now, kept under the version they were read at (a day never
 * stored takes a new one): a day that was rolled up again since (its version
 * moved on) is not kept. Answers the days kept, with their versions.
 */
const STORE_DAYS_SQL = `
  INSERT INTO readings_days AS c (tenant_id, device_id, parameter_id, day, version, points)
  SELECT $1::int4, u.device_id, u.parameter_id, u.day, coalesce(u.version, nextval('readings_days_version_seq')),
         u.points
    FROM unnest($2::int4[], $3::int4[], $4::timestamptz[], $5::int8[], $6::text[])
         AS u(device_id, parameter_id, day, version, points)
   ORDER BY 2, 3, 4
  ON CONFLICT (tenant_id, device_id, parameter_id, day) DO UPDATE SET points = EXCLUDED.points
   WHERE c.version = EXCLUDED.version
  RETURNING c.device_id, c.parameter_id, (extract(epoch FROM c.day) * 1000)::float8 AS day_ms, c.version`;

/** The inside of a JSON array's text ('' for an empty one). */
const inner = (array: string) => array.slice(1, -1);

/** A day's points as its JSON array's inside, under the version it belongs to. */
interface RememberedDay {
  version: number;
  points: KeptText;
}

/**
 * Days' texts this process has read or stored, by series and day, with the
 * version they belong to: a request asks the database for a day's text only
 * when its version is not the one here. Bounded by size (each day's text, and
 * its compressed form once sent so, about a tenth more); the least recently
 * used go first. One per database (the tests run several in one process).
 */
class RememberedDays {
  private readonly days = new Map<string, RememberedDay>();
  private size = 0;
  constructor(private readonly maxChars: number) {}

  get(key: string) {
    const found = this.days.get(key);
    if (found) {
      this.days.delete(key);
      this.days.set(key, found);
    }
    return found;
  }

  /** Keeps a day's text (a JSON array); answers it as kept. */
  set(key: string, version: number, points: string): KeptText {
    const old = this.days.get(key);
    if (old) {
      this.size -= old.points.text.length;
      this.days.delete(key);
    }
    const kept = new KeptText(inner(points));
    this.days.set(key, { version, points: kept });
    this.size += kept.text.length;
    for (const [oldest, day] of this.days) {
      if (this.size <= this.maxChars) break;
      this.days.delete(oldest);
      this.size -= day.points.text.length;
    }
    return kept;
  }
}

/** About 32 MB of days' texts a process (2,900 days of a parameter). */
const REMEMBERED_CHARS = 32 * 1024 * 1024;
const remembered = new WeakMap<Query, RememberedDays>();

function rememberedOf(database: Query) {
  let days = remembered.get(database);
  if (!days) remembered.set(database, (days = new RememberedDays(REMEMBERED_CHARS)));
  return days;
}

const dayKey = (tenantId: number, item: { deviceId: number; parameterId: number }, day: number) =>
  `${tenantId}:${item.deviceId}:${item.parameterId}:${day}`;

/**
 * Each series' points over a range as the parts of its JSON array's inside
 * (to be joined with commas, leaving out empty ones), in the order asked. At
 * 15-minute resolution whole days (IST) of series other than counters come
 * from this process's memory or `readings_days` when stored and unchanged,
 * and are stored when not; the rest is written from the slots.
 */
export async function readSeriesParts(
  database: Query,
  filter: { tenantId: number; series: readonly SeriesRequest[]; dim: DataDim; fromMs: number; toMs: number },
): Promise<JsonPart[][]> {
  const { tenantId, series, dim, fromMs, toMs } = filter;
  // Whole days inside the range: from the first midnight (IST) at or after its start to the last before its end.
  const firstDay = slotStart(fromMs + DAY_MS - 1, 'day');
  const days: number[] = [];
  for (let day = firstDay; day + DAY_MS <= toMs; day += DAY_MS) days.push(day);
  const byDay = dim === 'minute_15' && days.length > 0;
  const stored = byDay ? series.filter((item) => item.aggregation !== 'DIFF') : [];
  const isStored = new Set(stored);
  const memory = rememberedOf(database);

  // What is stored for each day of each series that may be read by day, and its text.
  const storedDays = new Map<string, { version: number | null; points: KeptText | null; marked: boolean }>();
  if (stored.length > 0) {
    const known = stored.flatMap((item) => days.map((day) => memory.get(dayKey(tenantId, item, day))));
    const rows = await database.query<{
      i: number;
      j: number;
      version: string | number | null;
      points: string | null;
      marked: boolean;
    }>(
      STORED_DAYS_SQL,
      [
        tenantId,
        stored.map((item) => item.deviceId),
        stored.map((item) => item.parameterId),
        days.map(iso),
        known.map((day) => day?.version ?? -1),
        days.length,
      ],
      'vayu_stored_days',
    );
    for (const row of rows) {
      const item = stored[row.i - 1]!;
      const day = days[row.j - 1]!;
      const key = dayKey(tenantId, item, day);
      const version = row.version === null ? null : Number(row.version);
      let points: KeptText | null = null;
      if (!row.marked && version !== null) {
        const mine = known[(row.i - 1) * days.length + row.j - 1];
        if (row.points === null && mine?.version === version) points = mine.points;
        else if (row.points !== null) points = memory.set(key, version, row.points);
      }
      storedDays.set(key, { version, points, marked: row.marked });
    }
  }

  // Each series as its pieces in time order: stored days as they are, the rest to write.
  const parts: (KeptText | Piece)[][] = series.map((item) => {
    if (!isStored.has(item)) return [{ series: item, fromMs, toMs }];
    const list: (KeptText | Piece)[] = [];
    if (fromMs < firstDay) list.push({ series: item, fromMs, toMs: firstDay });
    for (const day of days) {
      const found = storedDays.get(dayKey(tenantId, item, day));
      list.push(found?.points ?? { series: item, fromMs: day, toMs: day + DAY_MS });
    }
    const lastEnd = days[days.length - 1]! + DAY_MS;
    if (lastEnd < toMs) list.push({ series: item, fromMs: lastEnd, toMs });
    return list;
  });
  const pieces = parts.flat().filter((part): part is Piece => !(part instanceof KeptText));
  const written = await writePieces(database, tenantId, dim, pieces);
  const textOf = new Map(pieces.map((piece, index) => [piece, written[index]!]));

  // Whole unmarked days written now are stored for the next request; days with no points are
  // not (they cost a look at an empty index range, and any range may be asked for).
  const keep = pieces.flatMap((piece, index) => {
    if (piece.toMs - piece.fromMs !== DAY_MS || !isStored.has(piece.series) || written[index] === '[]') {
      return [];
    }
    const found = storedDays.get(dayKey(tenantId, piece.series, piece.fromMs));
    if (!found || found.marked) return [];
    return [{ piece, version: found.version, points: written[index]! }];
  });
  if (keep.length > 0) {
    const kept = await database.query<{
      device_id: number;
      parameter_id: number;
      day_ms: number;
      version: string | number;
    }>(
      STORE_DAYS_SQL,
      [
        tenantId,
        keep.map((item) => item.piece.series.deviceId),
        keep.map((item) => item.piece.series.parameterId),
        keep.map((item) => iso(item.piece.fromMs)),
        keep.map((item) => item.version),
        keep.map((item) => item.points),
      ],
      'vayu_store_days',
    );
    const pointsOf = new Map(
      keep.map((item) => [dayKey(tenantId, item.piece.series, item.piece.fromMs), item.points]),
    );
    for (const row of kept) {
      const key = dayKey(
        tenantId,
        { deviceId: row.device_id, parameterId: row.parameter_id },
        Number(row.day_ms),
      );
      const points = pointsOf.get(key);
      if (points !== undefined) memory.set(key, Number(row.version), points);
    }
  }

  return parts.map((list) =>
    list.map((part) => (part instanceof KeptText ? part : inner(textOf.get(part)!))),
  );
}

/** A series' parts (`readSeriesParts`) as the parts of its JSON array: brackets, and commas between parts that are not empty. */
export function seriesArrayParts(parts: readonly JsonPart[]): JsonPart[] {
  const list: JsonPart[] = ['['];
  for (const part of parts) {
    if (textOfPart(part).length === 0) continue;
    if (list.length > 1) list.push(',');
    list.push(part);
  }
  list.push(']');
  return list;
}

/** Each series' points over a range as JSON text (`readSeriesParts`, joined). */
export async function readSeriesPoints(
  database: Query,
  filter: { tenantId: number; series: readonly SeriesRequest[]; dim: DataDim; fromMs: number; toMs: number },
): Promise<string[]> {
  const parts = await readSeriesParts(database, filter);
  return parts.map((list) => joinParts(seriesArrayParts(list)));
}
