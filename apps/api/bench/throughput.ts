/**
 * Throughput of the console's lists and of a write, against a minimal handler
 * on the same database in the same run (docs/benchmarks.md). The console is
 * the real server (`src/server.ts`) in a process of its own on a free port;
 * the minimal handler (`minimal-server.ts`) runs the same page queries with no
 * count, session or scope. autocannon drives each with 50 connections for 10 s
 * per run, after a short warm-up, twice a side (`measureAlternating`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { AUDIT_ENTITIES, PAGE_SIZES, SESSION_COOKIE, WORKING_STATUSES } from '@vayu/domain';
import type { DatabaseHandle } from '../src/db/client.js';
import { systemScope } from '../src/auth/scope.js';
import { tenantsPageQuery, type TenantPageFilter } from '../src/modules/accounts/tenants.repository.js';
import { auditLogsPageQuery } from '../src/modules/audit/audit.repository.js';
import { devicesPageQuery } from '../src/modules/devices/devices.repository.js';
import { resolveAuditWindow } from '../src/modules/audit/audit-query.service.js';
import { createUser } from '../src/seed/builders.js';

export const AUDIT_ROWS = 2_000_000;
/** The trail's rows are spread evenly over this many days up to now; the last 7 hold about 155,000. */
const AUDIT_DAYS = 80;
/** Half the trail belongs to this many busy tenants, the other half to any tenant. */
const BUSY_TENANTS = 1000;
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;
const POOL_SIZE = 10;
const PASSWORD = 'Bench#Pass123';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

/**
 * 2,000,000 audit rows with one `INSERT … SELECT generate_series`, in id order
 * as the trail grows. The table's indexes are dropped first and built again
 * after, as a bulk load does.
 */
export async function seedAuditTrail(handle: DatabaseHandle, firstTenantId: number, tenants: number) {
  const { db } = handle;
  const started = performance.now();
  const indexes = rowsOf(
    await db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'audit_logs' AND indexname <> 'audit_logs_pkey'`,
    ),
  ) as Array<{ indexname: string; indexdef: string }>;
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX "${index.indexname}"`));
  const entities = `ARRAY[${AUDIT_ENTITIES.map((e) => `'${e}'`).join(',')}]::text[]`;
  const statuses = `ARRAY[${WORKING_STATUSES.map((s) => `'${s}'`).join(',')}]::text[]`;
  await db.execute(
    sql.raw(`INSERT INTO audit_logs (actor_user_id, actor_user_name, actor_account_id, acting_tenant_id, tenant_id,
        entity, entity_id, action, old_value, new_value, request_id, ip, created_at)
      SELECT 1 + g % 40, 'operator' || (1 + g % 40) || '@vayu.example', 1, NULL, t.id,
             (${entities})[1 + g % ${AUDIT_ENTITIES.length}], t.id::text,
             (ARRAY['UPDATE','WORKING_STATUS_CHANGE','STATUS_CHANGE','LOGIN','CREATE'])[1 + g % 5],
             jsonb_build_object('workingStatus', (${statuses})[1 + g % ${WORKING_STATUSES.length}]),
             jsonb_build_object('workingStatus', (${statuses})[1 + (g + 1) % ${WORKING_STATUSES.length}], 'remark', 'Reading ' || g),
             md5(g::text), '10.0.' || (g % 250) || '.' || (g % 200),
             now() - interval '${AUDIT_DAYS} days' + (g * (${AUDIT_DAYS} * 86400.0 / ${AUDIT_ROWS})) * interval '1 second'
      FROM generate_series(1, ${AUDIT_ROWS}) AS g
      CROSS JOIN LATERAL (SELECT CASE WHEN g % 2 = 0
          THEN ${firstTenantId} + (hashtext(g::text)::bigint + 2147483648) % ${BUSY_TENANTS}
          ELSE ${firstTenantId} + (hashtext(g::text || 'a')::bigint + 2147483648) % ${tenants} END AS id) AS t`),
  );
  const inserted = performance.now() - started;
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  const indexed = performance.now() - started - inserted;
  await db.execute(sql`VACUUM ANALYZE audit_logs`);
  return { insertMs: inserted, indexMs: indexed, totalMs: performance.now() - started };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A young generation of 64 MB a half: with 50 requests in flight, objects of a
 * request live across several of the default's scavenges and are promoted,
 * and the old generation's collections then show in the slowest requests.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=64'];

interface Started {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry in a process of its own and waits until `ready` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: (port: number) => Promise<boolean>,
): Promise<Started> {
  const port = await freePort();
  // Both servers run with the Node flags the console runs with in production (docs/operations.md).
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, '--import', 'tsx', entry], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} stopped: ${errors}`);
    if (await ready(port).catch(() => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start within 60 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A body for each request (writes). */
  body?: () => unknown;
}

export async function drive(
  target: Target,
  seconds: number,
  options: { connections?: number; overallRate?: number } = {},
): Promise<Measured> {
  const request: autocannon.Request = {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) },
  };
  if (target.body) {
    const body = target.body;
    request.setupRequest = (r) => ({ ...r, body: JSON.stringify(body()) });
  }
  const result = await autocannon({
    url: target.url,
    connections: options.connections ?? CONNECTIONS,
    duration: seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [request],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The mean of two runs of one side. */
function meanOf(a: Measured, b: Measured): Measured {
  return {
    rps: (a.rps + b.rps) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: (a.p99 + b.p99) / 2,
    requests: a.requests + b.requests,
    failures: a.failures + b.failures,
  };
}

/**
 * The console and its minimal handler, each measured twice in the order
 * console, minimal, minimal, console, each run after its own warm-up (and
 * `settle`, when given). Whatever drifts over the runs — a checkpoint, autovacuum
 * after a bulk load, a table growing, other work on the machine — then falls on
 * both sides alike instead of on whichever side runs first. Each side's figures
 * are the mean of its two runs.
 */
export async function measureAlternating(
  pair: { console: Target; minimal: Target },
  seconds: number,
  options: { warmUp: number; connections?: number; settle?: () => Promise<void> },
): Promise<{ consoleRun: Measured; minimalRun: Measured; runs: Measured[] }> {
  const connections = { connections: options.connections ?? CONNECTIONS };
  const run = async (target: Target) => {
    await options.settle?.();
    await drive(target, options.warmUp, connections);
    return drive(target, seconds, connections);
  };
  const console1 = await run(pair.console);
  const minimal1 = await run(pair.minimal);
  const minimal2 = await run(pair.minimal);
  const console2 = await run(pair.console);
  return {
    consoleRun: meanOf(console1, console2),
    minimalRun: meanOf(minimal1, minimal2),
    runs: [console1, minimal1, minimal2, console2],
  };
}

interface ThroughputCase {
  label: string;
  console: Target;
  minimal: Target;
  /** Least share of the minimal handler's requests per second. */
  minRatio: number;
  /** Most p99 as a multiple of the minimal handler's (undefined: not judged). */
  maxP99Factor: number | undefined;
}

export interface ThroughputResult {
  label: string;
  console: Measured;
  minimal: Measured;
  ratio: number;
  p99Factor: number;
  ok: boolean;
}

/** Seeds the trail, starts both servers and measures every case. Returns whether every target holds. */
export async function runThroughput(
  handle: DatabaseHandle,
  databaseUrl: string,
  options: { seedTrail: boolean },
): Promise<boolean> {
  const tenantRange = rowsOf(
    await handle.db.execute(sql`SELECT min(id) AS first, count(*) AS n FROM accounts WHERE type = 'tenant'`),
  )[0]!;
  const firstTenantId = Number(tenantRange.first);
  const tenants = Number(tenantRange.n);
  if (options.seedTrail) {
    const seeded = await seedAuditTrail(handle, firstTenantId, tenants);
    out(
      `\nInserted ${AUDIT_ROWS.toLocaleString('en-IN')} audit rows over ${AUDIT_DAYS} days in ${(seeded.insertMs / 1000).toFixed(0)} s; indexes ${(seeded.indexMs / 1000).toFixed(0)} s; VACUUM ANALYZE ${((seeded.totalMs - seeded.insertMs - seeded.indexMs) / 1000).toFixed(0)} s`,
    );
  }

  const admin = await createUser(handle.db, {
    accountId: 1,
    email: `throughput-${randomBytes(4).toString('hex')}@vayu.example`,
    name: 'Throughput Operator',
    role: 'admin',
    password: PASSWORD,
  });

  // The busy tenant with the most rows in the last 7 days.
  const window = resolveAuditWindow({}, new Date());
  const busy = rowsOf(
    await handle.db.execute(
      sql`SELECT tenant_id, count(*) AS n FROM audit_logs
          WHERE created_at >= ${window.from.toISOString()} AND created_at < ${window.to.toISOString()}
          GROUP BY tenant_id ORDER BY count(*) DESC, tenant_id LIMIT 1`,
    ),
  )[0]!;
  const busyTenantId = Number(busy.tenant_id);
  const siteWide = rowsOf(
    await handle.db.execute(
      sql`SELECT count(*) AS n FROM audit_logs WHERE created_at >= ${window.from.toISOString()} AND created_at < ${window.to.toISOString()}`,
    ),
  )[0]!;
  out(
    `Last 7 days: ${Number(siteWide.n).toLocaleString('en-IN')} rows for all tenants, ${Number(busy.n)} for tenant ${busyTenantId}`,
  );

  // The minimal handler's queries: the console's own page queries, as SQL.
  const scope = systemScope('background job');
  const tenantFilter = (search: string | undefined): TenantPageFilter => ({
    scope,
    type: 'tenant',
    status: 'all',
    search,
    partnerId: undefined,
    isDemo: undefined,
    remoteCalibration: undefined,
  });
  const pageSize = PAGE_SIZES.tenants;
  const asQuery = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return { text, values: params };
  };
  const auditQuery = (tenantId: number | undefined) =>
    asQuery(
      auditLogsPageQuery(
        handle.db,
        { scope, window, tenantId, sort: 'createdAt', order: 'desc' },
        { limit: 20, offset: 0 },
      ),
    );
  // An industry with devices, half way through those that have them.
  const deviceTenant = rowsOf(
    await handle.db.execute(
      sql`SELECT tenant_id FROM devices GROUP BY tenant_id ORDER BY tenant_id LIMIT 1 OFFSET 5000`,
    ),
  )[0];
  const deviceTenantId = Number(deviceTenant?.tenant_id ?? firstTenantId);
  const devicesQuery = (tenantId: number | undefined) =>
    asQuery(devicesPageQuery(handle.db, { scope, tenantId }, { limit: PAGE_SIZES.default + 1, offset: 0 }));
  const queries = {
    '/devices?page=1': devicesQuery(undefined),
    '/devices?tenant': devicesQuery(deviceTenantId),
    '/tenants?page=1': asQuery(
      tenantsPageQuery(handle.db, tenantFilter(undefined), { limit: pageSize, offset: 0 }),
    ),
    '/tenants?page=500': asQuery(
      tenantsPageQuery(handle.db, tenantFilter(undefined), { limit: pageSize, offset: 499 * pageSize }),
    ),
    '/tenants?search=cement': asQuery(
      tenantsPageQuery(handle.db, tenantFilter('cement'), { limit: pageSize, offset: 0 }),
    ),
    '/audit?tenant': auditQuery(busyTenantId),
    '/audit': auditQuery(undefined),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'vayu-throughput-'));
  const queriesFile = join(dataDir, 'queries.json');
  writeFileSync(queriesFile, JSON.stringify(queries));

  const shared = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL_SIZE) };
  const consoleServer = await startProcess(
    'src/server.ts',
    {
      ...shared,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'false',
    },
    async (port) => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
  );
  const minimalServer = await startProcess(
    'bench/minimal-server.ts',
    { ...shared, BENCH_QUERIES: queriesFile },
    async (port) => [200, 404].includes((await fetch(`http://127.0.0.1:${port}/`)).status),
  );
  try {
    const base = `http://127.0.0.1:${consoleServer.port}`;
    const minimal = `http://127.0.0.1:${minimalServer.port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ userName: admin.email, password: PASSWORD }),
    });
    const token = /vayu_session=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (!login.ok || !token) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': 'XMLHttpRequest' };

    // Writes go to enabled or disabled tenants (never deleted ones), one at random per request.
    const writeBody = () => {
      let g: number;
      do g = 1 + Math.floor(Math.random() * tenants);
      while (g % 50 === 4);
      return {
        tenantId: firstTenantId + g - 1,
        workingStatus: WORKING_STATUSES[g % WORKING_STATUSES.length],
        remark: 'Analyser serviced',
      };
    };

    const cases: ThroughputCase[] = [
      {
        label: 'tenants, first page',
        console: { url: `${base}/api/tenants?page=1`, headers },
        minimal: { url: `${minimal}/tenants?page=1` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'tenants, page 500',
        console: { url: `${base}/api/tenants?page=500`, headers },
        minimal: { url: `${minimal}/tenants?page=500` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'tenants, search "cement"',
        console: { url: `${base}/api/tenants?search=cement&page=1`, headers },
        minimal: { url: `${minimal}/tenants?search=cement` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'audit, one tenant, 7 days',
        console: { url: `${base}/api/auditLogs?tenantId=${busyTenantId}`, headers },
        minimal: { url: `${minimal}/audit?tenant` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'audit, all tenants, 7 days',
        console: { url: `${base}/api/auditLogs`, headers },
        minimal: { url: `${minimal}/audit` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'devices, all industries, first page',
        console: { url: `${base}/api/devices?page=1`, headers },
        minimal: { url: `${minimal}/devices?page=1` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'devices, one industry',
        console: { url: `${base}/api/devices?tenantId=${deviceTenantId}`, headers },
        minimal: { url: `${minimal}/devices?tenant` },
        minRatio: 0.75,
        maxP99Factor: 1.5,
      },
      {
        label: 'write: working status + audit',
        console: { url: `${base}/api/changeWorkingStatus`, method: 'POST', headers, body: writeBody },
        minimal: { url: `${minimal}/write`, method: 'POST', body: writeBody },
        minRatio: 0.5,
        maxP99Factor: undefined,
      },
    ];

    out(
      `\nThroughput: ${CONNECTIONS} connections, ${DURATION_S} s per case after ${WARM_UP_S} s of warm-up; pools of ${POOL_SIZE}; load average ${load()}`,
    );
    // Both servers have just started: every case runs once on each before anything is measured,
    // so that the first case does not pay for the JIT compiler's warm-up.
    for (const c of cases) {
      await drive(c.console, WARM_UP_S);
      await drive(c.minimal, WARM_UP_S);
    }
    const results: ThroughputResult[] = [];
    for (const c of cases) {
      const { consoleRun, minimalRun } = await measureAlternating(c, DURATION_S, { warmUp: WARM_UP_S });
      const ratio = consoleRun.rps / minimalRun.rps;
      const p99Factor = consoleRun.p99 / Math.max(minimalRun.p99, 1);
      const ok =
        consoleRun.failures === 0 &&
        minimalRun.failures === 0 &&
        ratio >= c.minRatio &&
        (c.maxP99Factor === undefined || p99Factor <= c.maxP99Factor);
      results.push({ label: c.label, console: consoleRun, minimal: minimalRun, ratio, p99Factor, ok });
      out(
        `  ${c.label}: console ${consoleRun.rps.toFixed(0)} req/s (p99 ${consoleRun.p99} ms${consoleRun.failures ? `, ${consoleRun.failures} failed` : ''}), minimal ${minimalRun.rps.toFixed(0)} req/s (p99 ${minimalRun.p99} ms${minimalRun.failures ? `, ${minimalRun.failures} failed` : ''}) — ${(ratio * 100).toFixed(0)} % ${ok ? 'PASS' : 'FAIL'}`,
      );
    }

    const width = Math.max(...results.map((r) => r.label.length));
    out(`\nload average after the run: ${load()}`);
    out(
      `${'case'.padEnd(width)}  console/s  minimal/s  ratio  target  p99 console  p99 minimal  p99 ×  result`,
    );
    for (const [i, r] of results.entries()) {
      const c = cases[i]!;
      out(
        `${r.label.padEnd(width)}  ${r.console.rps.toFixed(0).padStart(9)}  ${r.minimal.rps.toFixed(0).padStart(9)}  ${`${(r.ratio * 100).toFixed(0)} %`.padStart(5)}  ${`≥${(c.minRatio * 100).toFixed(0)} %`.padStart(6)}  ${`${r.console.p99} ms`.padStart(11)}  ${`${r.minimal.p99} ms`.padStart(11)}  ${r.p99Factor.toFixed(2).padStart(5)}  ${r.ok ? 'PASS' : 'FAIL'}`,
      );
    }
    const ok = results.every((r) => r.ok);
    out(`\nThroughput: ${ok ? 'PASS — every target holds' : 'FAIL — some targets do not hold'}`);
    return ok;
  } finally {
    await consoleServer.stop();
    await minimalServer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
