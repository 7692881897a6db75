import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';

/**
 * Built statements of the busiest lists, kept by shape.
 *
 * Drizzle builds a statement's SQL text from its query tree on every call,
 * which costs more CPU than the rest of a list request together. A list
 * whose statement is written with `bind` (placeholders for every value) is
 * built once per shape — which filters are present, the sort, the data scope
 * — and then only run with the request's values. Each run of a list's
 * statement is still an unnamed statement, so PostgreSQL plans it for the
 * values it gets (a search for a rare word and one for a frequent word may
 * take different indexes); lookups by key ask for a kept plan instead.
 */

/** A value in a statement: the value itself, or a placeholder named after it. */
export type Bind = <T>(name: string, value: T) => T;

/** Values inline, as parameters of a statement built for one call. */
export const inline: Bind = (_name, value) => value;

/** A placeholder for each value; the values come with `execute`. */
export const placeholder: Bind = <T>(name: string) => sql.placeholder(name) as unknown as T;

interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
  toSQL(): { sql: string };
}

/**
 * The name of a named statement: PostgreSQL parses it once per pooled
 * connection and, after a few runs, keeps one plan for all values. For lookups
 * by key, whose best plan does not depend on the values: planning a statement
 * with a few joins costs more than running it. Named after a hash of its text,
 * so one text is one statement on a connection, however many shapes or users
 * share it.
 */
function statementName(text: string): string {
  return `vayu_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** Shapes kept per database and kind of statement; the least recently used go first. */
const ENTRIES = 300;
const caches = new WeakMap<object, Map<string, Prepared>>();

/** The prepared statement of `shape` for `exec`, made by `prepare` the first time it is asked for. */
function keptStatement(exec: Executor, shape: string, prepare: () => Prepared): Prepared {
  let cache = caches.get(exec);
  if (!cache) {
    cache = new Map();
    caches.set(exec, cache);
  }
  let prepared = cache.get(shape);
  if (prepared) cache.delete(shape);
  else prepared = prepare();
  cache.set(shape, prepared);
  if (cache.size > ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return prepared;
}

/**
 * Runs the statement of `shape`, built by `build` the first time (with
 * `placeholder`) and kept for `exec`. `shape` must name everything the
 * statement's text depends on; `values` hold what its placeholders stand for.
 */
export function runPrepared<R>(
  exec: Executor,
  shape: string,
  build: () => Preparable<R>,
  values: Record<string, unknown>,
  options: { plan: 'per run' | 'kept' } = { plan: 'per run' },
): Promise<R> {
  const prepared = keptStatement(exec, shape, () => {
    const query = build();
    // Unnamed, PostgreSQL plans the statement for the values of each run; named, it may keep a plan.
    const name =
      options.plan === 'kept' ? statementName(query.toSQL().sql) : (undefined as unknown as string);
    return query.prepare(name) as Prepared;
  });
  return prepared.execute(values) as Promise<R>;
}

const dialect = new PgDialect();

/**
 * Runs a statement written in SQL (a data-modifying `WITH`, say) as a named
 * statement (see `statementName`), and answers its rows.
 */
export async function runNamed<R>(exec: Executor, statement: SQL): Promise<R[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = exec._.session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute()) as { rows: R[] };
  return result.rows;
}

/**
 * Like `runPrepared`, for a statement whose columns are named after the
 * fields of the answer (`sql\`…\`.as('createdAt')`) and whose values already
 * come out as the answer has them (a timestamp formatted by PostgreSQL, say):
 * its rows are answered as the driver reads them, without drizzle's mapping
 * of each value, which was a large share of a long page's CPU.
 */
export async function runPreparedRows<R>(
  exec: Executor,
  shape: string,
  build: () => { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): Promise<R[]> {
  // Unnamed, as for runPrepared: planned for the values of each run. Kept apart from runPrepared's
  // statement of the same shape, which maps its rows.
  const prepared = keptStatement(
    exec,
    `rows ${shape}`,
    () => exec._.session.prepareQuery(build().toSQL(), undefined, undefined, false) as Prepared,
  );
  const result = (await prepared.execute(values)) as { rows: R[] };
  return result.rows;
}
