import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { ALL_ENDPOINTS, endpointKey, SESSION_COOKIE, type EndpointDefinition } from '@vayu/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../test/factories.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../test/harness.js';

/*
 * Hostile input on every operation (issue "hostile input and sessions"): each
 * endpoint the API defines, as a signed-in site user and as an anonymous
 * client, gets generated path ids, query values and bodies of the wrong
 * types, sizes and characters. No answer may be a 5xx, and a request that is
 * refused (any 4xx) may write nothing: a trigger on every table notes each row
 * written, other than the attempt counts a refused sign-in is meant to leave
 * and the LOGIN_FAILED row of a known user's failed sign-in. A fixed seed keeps a
 * failure reproducible; FUZZ_RUNS and FUZZ_SEED make a longer run
 * (README, "Scripts").
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** Texts that have broken servers: numbers past every column, NUL, lone surrogates, paths, SQL, far dates. */
const HOSTILE_TEXTS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '-2147483649',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  '%00',
  '%ED%A0%80',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '-271821-04-20',
  'x'.repeat(5000),
  '😀'.repeat(300),
];

const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXTS), fc.string({ maxLength: 40 }));
const hostileNumber = fc.constantFrom(
  0,
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [1, 2, 3], { id: 1 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type ZodDef = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: unknown;
};

const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/**
 * Values of the shape a schema asks for, filled with hostile texts and
 * numbers: most get past validation and reach the handler and the database,
 * which random values of the wrong shape seldom do.
 */
function shapedLike(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return hostileValue;
  const inner = (next: unknown) => shapedLike(next, depth + 1);
  switch (def.type) {
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) => [key, inner(value)])),
      );
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return fc.oneof(inner(def.out), inner(def.in));
    case 'string':
      return fc.oneof(fc.constantFrom(...HOSTILE_TEXTS), fc.constantFrom('Vapi', 'ops@example.com', 'ON'));
    case 'number':
    case 'int':
      return fc.oneof(hostileNumber, fc.integer({ min: 1, max: 60 }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'record':
      return fc.dictionary(
        fc.constantFrom('a', '__proto__', 'constructor', 'x'.repeat(300)),
        inner(def.valueType),
        {
          maxKeys: 3,
        },
      );
    default:
      return hostileValue;
  }
}

/** The keys a schema declares, when it is an object (the shape of a query or a body). */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** A path segment as a client would send it; a lone surrogate cannot be encoded and goes as bad UTF-8. */
function segment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

interface HostileRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value, or raw text sent as JSON (prototype keys, broken JSON). */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
}

const RAW_BODIES = [
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  'null',
  '"text"',
  '\u0000',
];

function requestsFor(endpoint: EndpointDefinition): fc.Arbitrary<HostileRequest> {
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const queryKeys = keysOf(endpoint.query);
  const bodyKeys = keysOf(endpoint.body);
  const record = (keys: string[]) =>
    keys.length === 0
      ? fc.constant({} as Record<string, unknown>)
      : fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] });
  const bodyValue = fc.oneof(
    { weight: 4, arbitrary: shapedLike(endpoint.body).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: record(bodyKeys).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text })) },
  );
  const id = fc.oneof(hostileValue, fc.integer({ min: 1, max: 60 }));
  const query = fc.oneof(
    record(queryKeys),
    shapedLike(endpoint.query).map((value) =>
      value && typeof value === 'object' ? (value as Record<string, unknown>) : {},
    ),
  );
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, id]))),
    query,
    body: bodyValue,
  });
}

function urlOf(endpoint: EndpointDefinition, input: HostileRequest): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => segment(input.params[name]));
  const query = Object.entries(input.query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${segment(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

async function send(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  input: HostileRequest,
  token?: string,
) {
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const multipart = Boolean(endpoint.multipart);
  const payload = !hasBody
    ? undefined
    : multipart
      ? '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":'
      : input.body.kind === 'raw'
        ? input.body.text
        : JSON.stringify(input.body.value ?? null);
  return app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, input),
    headers: {
      ...CONSOLE_HEADERS,
      ...(hasBody
        ? { 'content-type': multipart ? 'multipart/form-data; boundary=x' : 'application/json' }
        : {}),
    },
    ...(payload === undefined ? {} : { payload }),
    ...(token ? { cookies: { [SESSION_COOKIE]: token } } : {}),
  });
}

let t: TestContext;
let sessions = 0;

/** Signs in from an address of its own: the fuzzed sign-ins from the test's address count against it. */
async function signInFrom(ip: string, userName: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: CONSOLE_HEADERS,
    remoteAddress: ip,
    payload: { userName, password },
  });
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  if (!token) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return token;
}

/**
 * Notes every row written to any table of the console, except the attempt
 * counts that refused sign-ins and limited endpoints are meant to leave.
 */
async function watchWrites() {
  const statements = [
    'CREATE TABLE fuzz_writes (table_name text NOT NULL, op text NOT NULL, action text)',
    `CREATE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, TG_OP,
         CASE WHEN TG_TABLE_NAME = 'audit_logs' AND TG_OP = 'INSERT' THEN to_jsonb(NEW)->>'action' END);
       RETURN NULL;
     END $$`,
    `DO $$ DECLARE name text; BEGIN
       -- Tables and partitioned tables, not their partitions (a partition takes its parent's trigger).
       FOR name IN SELECT c.relname FROM pg_class c
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
           AND c.relname NOT IN ('fuzz_writes', 'attempt_counters') LOOP
         EXECUTE format('CREATE TRIGGER fuzz_note_write AFTER INSERT OR UPDATE OR DELETE ON %I '
           || 'FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()', name);
       END LOOP;
     END $$`,
  ];
  for (const statement of statements) await t.db.execute(sql.raw(statement));
}

const fuzzWrites = pgTable('fuzz_writes', {
  tableName: text('table_name').notNull(),
  op: text('op').notNull(),
  action: text('action'),
});

/** Rows written since the last call (and forgets them), but a known user's failed sign-in. */
async function takeWrites(): Promise<string[]> {
  const rows = await t.db.delete(fuzzWrites).returning();
  return rows
    .filter((row) => !(row.tableName === 'audit_logs' && row.action === 'LOGIN_FAILED'))
    .map((row) => `${row.op} ${row.tableName}${row.action ? ` (${row.action})` : ''}`);
}

beforeAll(async () => {
  // No background jobs: a mail sent for an earlier request must not look like a refused one's write.
  t = await startTestApp({ jobConcurrency: 0, clientRateLimitPerMinute: 100_000 });
  await watchWrites();
});

describe('hostile input on every operation', () => {
  for (const who of ['a signed-in site user', 'an anonymous client'] as const) {
    it(
      `answers no 5xx to ${who}, and writes nothing for a refused request`,
      { timeout: 600_000 },
      async () => {
        const failures: string[] = [];
        const statuses = new Map<number, number>();
        let sent = 0;
        /** Successful requests whose writes the watch saw: it sees writes at all. */
        let writesSeen = 0;
        for (const endpoint of ALL_ENDPOINTS) {
          // Each operation gets a session of its own: an earlier one may sign out or change the password.
          let token: string | undefined;
          if (who === 'a signed-in site user') {
            const user = await factories(t.db).siteUser();
            token = await signInFrom(`10.9.${sessions >> 8}.${sessions++ & 255}`, user.email, user.password);
          }
          try {
            await fc.assert(
              fc.asyncProperty(requestsFor(endpoint), async (input) => {
                sent++;
                const where = `${endpoint.method} ${urlOf(endpoint, input).slice(0, 200)}`;
                let response: Awaited<ReturnType<typeof send>>;
                await takeWrites();
                try {
                  response = await send(t.app, endpoint, input, token);
                } catch (error) {
                  failures.push(`${where} threw ${String(error)}`);
                  return false;
                }
                statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
                if (response.statusCode >= 500) {
                  const body = input.body.kind === 'raw' ? input.body.text : JSON.stringify(input.body.value);
                  failures.push(
                    `${where} ${String(body).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
                  );
                  return false;
                }
                const writes = await takeWrites();
                if (response.statusCode < 300 && writes.length > 0) writesSeen++;
                if (response.statusCode >= 400) {
                  if (writes.length > 0) {
                    failures.push(
                      `${where} → ${response.statusCode} but wrote: ${[...new Set(writes)].join(', ')}`,
                    );
                    return false;
                  }
                }
                return true;
              }),
              { seed: SEED, numRuns: RUNS, endOnFailure: true },
            );
          } catch (error) {
            // A property that failed is already in `failures`; anything else (a broken generator) is too now.
            if (!failures.some((failure) => failure.startsWith(`${endpoint.method} `))) {
              failures.push(`${endpointKey(endpoint)}: ${String(error).slice(0, 300)}`);
            }
          }
        }
        expect(failures).toEqual([]);
        // Every operation got its runs, and the inputs reached the handlers, not only the guards.
        expect(sent).toBe(ALL_ENDPOINTS.length * RUNS);
        const answered = (from: number, to: number) =>
          [...statuses].filter(([status]) => status >= from && status < to).reduce((n, [, c]) => n + c, 0);
        expect(answered(400, 500)).toBeGreaterThan(0);
        if (who === 'a signed-in site user') {
          expect(answered(200, 300)).toBeGreaterThan(0);
          expect(writesSeen).toBeGreaterThan(0);
        }
      },
    );
  }
});
