import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { COUNT_LIMIT, getPageCount, getPageOffset, type Page, type TotalKind } from '@vayu/domain';
import type { Executor } from '../db/client.js';

/**
 * Paged lists without counting every match on every request.
 *
 * The page reads one row more than it shows. A page that is not full is the
 * last one and gives the exact total with no count. For a full page the
 * matches are counted only up to `COUNT_LIMIT` (`count(*)` over a `LIMIT`ed
 * subquery), which is exact below the bound and a lower bound above it. Above
 * the bound, a count of all matches made in the background (at most one at a
 * time per database, made again after `ESTIMATE_FRESH_MS`) turns the bound into
 * an estimate ("about 98,000"); no request waits for it (a count above
 * `LARGE_COUNT` is made again after `LARGE_ESTIMATE_FRESH_MS`). While that count is
 * far above the bound, it stands for the total and the request counts nothing.
 * A full page of a short list reuses a count of it made in the last
 * `SMALL_COUNT_FRESH_MS` instead of counting for each request.
 * A deep page (past the bound) counts nothing either: it has a lower bound from
 * its own rows, and the pager always offers the next page when there is one.
 */

/** How long a background count is reused before it is made again. */
export const ESTIMATE_FRESH_MS = 10_000;
/**
 * The same for a count above `LARGE_COUNT`: such a count reads tens of
 * thousands of rows each time and the rows added in a minute hardly move
 * "about 98,000", so it is made again less often.
 */
export const LARGE_ESTIMATE_FRESH_MS = 60_000;
export const LARGE_COUNT = 10 * COUNT_LIMIT;
/** How long a background count may still be shown, as an estimate, while a new one is made. */
export const ESTIMATE_KEPT_MS = 120_000;

const freshFor = (total: number) => (total > LARGE_COUNT ? LARGE_ESTIMATE_FRESH_MS : ESTIMATE_FRESH_MS);
/**
 * How long a count below the bound, made with a request, stands for the exact
 * total of the same list's next requests (a burst of requests for one list
 * counts once; a change shows in the total at most this much later).
 */
export const SMALL_COUNT_FRESH_MS = 2_000;
/** How many lists (query and parameters) each database keeps a count for. */
const ESTIMATE_ENTRIES = 500;

export interface PageQuery<T> {
  /** The page's rows in the list's order: `limit` rows from `offset`. */
  rows: (limit: number, offset: number) => Promise<T[]>;
  /**
   * The matching rows (any one column, no order, no limit): what is counted.
   * A new dynamic select each call (`….$dynamic()`), as a limit is added to it.
   */
  matches: () => PgSelect;
  /**
   * What the matches depend on (the list's name, its filter and data scope),
   * as plain values: the background count is kept under it. Two lists with
   * the same key must match the same rows.
   */
  countKey: unknown;
  /**
   * Counts the matches up to `limit`, for a list that keeps its statements by
   * shape (lib/statements.ts); by default a count over `matches()`.
   */
  countUpTo?: ((limit: number) => Promise<number>) | undefined;
}

interface Estimate {
  total: number;
  at: number;
}

interface EstimateCache {
  entries: Map<string, Estimate>;
  /** The key of the count now running, if one is. */
  running: string | undefined;
  /** Counts up to the bound under way, by key: requests for one list that come together share one. */
  bounded: Map<string, Promise<number>>;
}

const caches = new WeakMap<object, EstimateCache>();

function cacheOf(exec: Executor): EstimateCache {
  let cache = caches.get(exec);
  if (!cache) {
    cache = { entries: new Map(), running: undefined, bounded: new Map() };
    caches.set(exec, cache);
  }
  return cache;
}

async function countUpTo(exec: Executor, matches: PgSelect, limit: number | undefined): Promise<number> {
  const source = (limit === undefined ? matches : matches.limit(limit)).as('matches');
  const [row] = await exec.select({ n: count() }).from(source);
  return Number(row?.n ?? 0);
}

function remember(cache: EstimateCache, key: string, total: number) {
  cache.entries.delete(key);
  cache.entries.set(key, { total, at: Date.now() });
  while (cache.entries.size > ESTIMATE_ENTRIES) {
    const oldest = cache.entries.keys().next().value;
    if (oldest === undefined) break;
    cache.entries.delete(oldest);
  }
}

/**
 * A recent count of all matches, if there is one. With `refresh`, a count is
 * started in the background when there is none or it is older than
 * `ESTIMATE_FRESH_MS` (unless this database is already counting).
 */
function recentCount(
  exec: Executor,
  query: PageQuery<unknown>,
  key: string,
  refresh: boolean,
): number | undefined {
  const cache = cacheOf(exec);
  const now = Date.now();
  const known = cache.entries.get(key);
  if (refresh && (!known || now - known.at >= freshFor(known.total)) && cache.running === undefined) {
    cache.running = key;
    countUpTo(exec, query.matches(), undefined)
      .then((total) => remember(cache, key, total))
      // A count that fails (the database closing, a cancelled statement) only leaves the bound in place.
      .catch(() => undefined)
      .finally(() => {
        cache.running = undefined;
      });
  }
  return known !== undefined && now - known.at < ESTIMATE_KEPT_MS ? known.total : undefined;
}

/** Reads one page of a list with its total, exact when cheap and bounded otherwise (see above). */
export async function readPage<T>(
  exec: Executor,
  request: { page: number; pageSize: number },
  query: PageQuery<T>,
): Promise<Page<T>> {
  const { page, pageSize } = request;
  const offset = getPageOffset(page, pageSize);
  const rows = await query.rows(pageSize + 1, offset);
  const hasMore = rows.length > pageSize;
  const items = hasMore ? rows.slice(0, pageSize) : rows;
  const answer = (total: number, totalKind: TotalKind) => ({
    items,
    page,
    pageSize,
    total,
    totalKind,
    // A bound or an estimate never hides the next page when the page query saw one.
    pageCount: Math.max(getPageCount(total, pageSize), hasMore ? page + 1 : 1),
  });

  // The last page, or the only one: its rows give the total.
  if (!hasMore && (items.length > 0 || offset === 0)) return answer(offset + items.length, 'exact');
  // Past the end: there are at most `offset` matches, so a count bounded by it is exact
  // and costs no more than the page query that found nothing.
  const bounded = (limit: number) =>
    query.countUpTo ? query.countUpTo(limit) : countUpTo(exec, query.matches(), limit);
  if (items.length === 0) return answer(await bounded(offset), 'exact');

  // A full page with more after it: at least `known` matches.
  const known = offset + pageSize + 1;
  const any = query as PageQuery<unknown>;
  const key = JSON.stringify(query.countKey);
  // A recent count far above the bound stands for the total; counting again up to the bound
  // would only confirm that there are more than COUNT_LIMIT.
  const recent = recentCount(exec, any, key, false);
  if (recent !== undefined && recent > 2 * COUNT_LIMIT) {
    recentCount(exec, any, key, true);
    return answer(Math.max(recent, known), 'estimate');
  }
  // A short list counted a few seconds ago: that count, rather than one more for this request.
  const small = cacheOf(exec).entries.get(key);
  if (
    small &&
    small.total <= COUNT_LIMIT &&
    small.total >= known &&
    Date.now() - small.at < SMALL_COUNT_FRESH_MS
  ) {
    return answer(small.total, 'exact');
  }
  if (known <= COUNT_LIMIT) {
    const cache = cacheOf(exec);
    let counting = cache.bounded.get(key);
    if (!counting) {
      counting = bounded(COUNT_LIMIT + 1).finally(() => cache.bounded.delete(key));
      cache.bounded.set(key, counting);
    }
    const counted = await counting;
    if (counted <= COUNT_LIMIT) {
      remember(cacheOf(exec), key, counted);
      return answer(counted, 'exact');
    }
  }
  const estimate = recentCount(exec, any, key, true);
  if (estimate !== undefined) return answer(Math.max(estimate, known, COUNT_LIMIT + 1), 'estimate');
  return answer(Math.max(known, COUNT_LIMIT + 1), 'atLeast');
}
