import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type Values<S extends z.ZodObject> = z.output<S>;
/** A change of the list state: any field of the query; a change without `page` goes back to page 1. */
export type ListStateChange<S extends z.ZodObject> = { [K in keyof Values<S>]?: Values<S>[K] | undefined };

export interface ListStateOptions<S extends z.ZodObject> {
  /** Fixed values the URL never holds (the page size of the screen). */
  fixed?: Partial<Values<S>>;
  /** Names in the URL that differ from the query's field names (`{ remoteCalibration: 'remote' }`). */
  urlNames?: Partial<Record<keyof Values<S> & string, string>>;
}

export interface ListState<S extends z.ZodObject> {
  /** The query to send: the URL's values checked by the endpoint's own schema (bad values are dropped). */
  query: Values<S>;
  /** Whether any field other than page and the fixed ones is set. */
  isFiltered: boolean;
  change: (change: ListStateChange<S>) => void;
  setPage: (page: number) => void;
  clear: () => void;
}

function readRaw(params: URLSearchParams, keys: readonly string[], urlName: (key: string) => string) {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(urlName(key));
    if (value !== null && value.trim() !== '') raw[key] = value.trim();
  }
  return raw;
}

/** The URL's values parsed with the query schema; a value the schema refuses is left out, not an error. */
export function parseListQuery<S extends z.ZodObject>(schema: S, raw: Record<string, unknown>): Values<S> {
  const values = { ...raw };
  for (let attempt = 0; attempt <= Object.keys(raw).length; attempt += 1) {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    if (bad.size === 0 || ![...bad].some((key) => key in values)) break;
    for (const key of bad) delete values[key];
  }
  return schema.parse({});
}

/**
 * The query a list's URL asks for, as `useListState` reads it: the URL's values
 * (under their URL names) checked by the schema, with the fixed values. Lets a
 * screen's data be fetched before the screen is drawn.
 */
export function readListQuery<S extends z.ZodObject>(
  schema: S,
  search: string,
  options: ListStateOptions<S> = {},
): Values<S> {
  const { fixed, urlNames } = options;
  const urlName = (key: string) => (urlNames as Record<string, string> | undefined)?.[key] ?? key;
  const keys = Object.keys(schema.shape).filter((key) => !fixed || !(key in fixed));
  return parseListQuery(schema, { ...readRaw(new URLSearchParams(search), keys, urlName), ...fixed });
}

/** The next URL: changed fields written (defaults and empty values left out), page 1 unless a page is given. */
export function writeListQuery<S extends z.ZodObject>(
  schema: S,
  current: URLSearchParams,
  change: ListStateChange<S>,
  urlName: (key: string) => string = (key) => key,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const defaults = parseListQuery(schema, {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(change)) {
    if (key === 'page') continue;
    const name = urlName(key);
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '' || value === defaults[key]) next.delete(name);
    else next.set(name, text);
  }
  const page = (change as { page?: number }).page ?? 1;
  if (page > 1) next.set(urlName('page'), String(page));
  else next.delete(urlName('page'));
  return next;
}

/**
 * The state of a server-paged list kept in the URL (page, sort, filters,
 * search), typed and checked by the endpoint's query schema from
 * `@vayu/domain`, so back, forward and reload show the same page and no
 * screen writes its own filter type.
 */
export function useListState<S extends z.ZodObject>(
  schema: S,
  options: ListStateOptions<S> = {},
): ListState<S> {
  const [params, setParams] = useSearchParams();
  const { fixed, urlNames } = options;
  const urlName = useCallback(
    (key: string) => (urlNames as Record<string, string> | undefined)?.[key] ?? key,
    [urlNames],
  );
  const keys = useMemo(
    () => Object.keys(schema.shape).filter((key) => !fixed || !(key in fixed)),
    [schema, fixed],
  );
  const search = params.toString();
  const query = useMemo(
    () => readListQuery(schema, search, { fixed, urlNames }),
    [schema, search, fixed, urlNames],
  );
  const isFiltered = keys.some((key) => key !== 'page' && params.get(urlName(key)) !== null);

  const change = useCallback(
    (next: ListStateChange<S>) => setParams((current) => writeListQuery(schema, current, next, urlName)),
    [schema, setParams, urlName],
  );
  const setPage = useCallback(
    (page: number) =>
      setParams((current) =>
        writeListQuery(schema, current, { page } as unknown as ListStateChange<S>, urlName),
      ),
    [schema, setParams, urlName],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { query, isFiltered, change, setPage, clear };
}
