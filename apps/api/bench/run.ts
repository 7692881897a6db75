/**
 * List benchmarks (docs/benchmarks.md).
 *
 * Latency: 100,000 industries, one page with a search through the whole HTTP
 * stack (`app.inject`), on the embedded database and, when DATABASE_URL is
 * set, on that PostgreSQL server in a database of its own.
 *
 * CSV export: the same 100,000 industries streamed as the tenant list's CSV
 * export through HTTP, with the server's memory sampled (`export.ts`).
 *
 * Throughput (PostgreSQL only): on the same database, 2,000,000 audit rows
 * more, then the real server and a minimal handler side by side under
 * autocannon (`throughput.ts`).
 *
 *   npm run bench                                   (from the repository root)
 *   BENCH_PARTS=throughput npm run bench            (one part: latency, export, throughput or telemetry)
 *   BENCH_EMBEDDED=false npm run bench              (the PostgreSQL server only)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { SESSION_COOKIE } from '@vayu/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client.js';
import { scopeOf } from '../src/auth/scope.js';
import { tenantsPageQuery, tenantMatchesQuery } from '../src/modules/accounts/tenants.repository.js';
import { createUser } from '../src/seed/builders.js';
import { INDUSTRY_CATEGORIES } from '../src/seed/demo-data.js';
import { AUDIT_ROWS, runThroughput } from './throughput.js';
import { runTelemetry } from './telemetry.js';
import { DEVICES, DEVICE_TENANTS, seedDevices } from './devices.js';
import { runExportBenchmark } from './export.js';

const TENANTS = 100_000;
const PARTNERS = 60;
const WARM_UP_RUNS = 10;
const RUNS = 50;
const BUDGET_MS = 50;
const PASSWORD = 'Bench#Pass123';

const out = (line = '') => process.stdout.write(`${line}\n`);

// Industrial towns with their state, a descriptor and a legal suffix make names like
// "Vapi Agro Chemicals Pvt Ltd" or "Korba Power Works".
// prettier-ignore
const TOWNS: Array<[string, string]> = [
  ['Ankleshwar', 'GJ'], ['Vapi', 'GJ'], ['Bharuch', 'GJ'], ['Dahej', 'GJ'], ['Hazira', 'GJ'], ['Vadodara', 'GJ'],
  ['Rajkot', 'GJ'], ['Jamnagar', 'GJ'], ['Morbi', 'GJ'], ['Panipat', 'HR'], ['Faridabad', 'HR'], ['Ludhiana', 'PB'],
  ['Jalandhar', 'PB'], ['Kanpur', 'UP'], ['Unnao', 'UP'], ['Noida', 'UP'], ['Ghaziabad', 'UP'], ['Bhiwadi', 'RJ'],
  ['Neemrana', 'RJ'], ['Pithampur', 'MP'], ['Dewas', 'MP'], ['Raipur', 'CG'], ['Bhilai', 'CG'], ['Korba', 'CG'],
  ['Rourkela', 'OD'], ['Angul', 'OD'], ['Jharsuguda', 'OD'], ['Jamshedpur', 'JH'], ['Dhanbad', 'JH'], ['Bokaro', 'JH'],
  ['Durgapur', 'WB'], ['Haldia', 'WB'], ['Asansol', 'WB'], ['Visakhapatnam', 'AP'], ['Kakinada', 'AP'], ['Nellore', 'AP'],
  ['Sangareddy', 'TS'], ['Patancheru', 'TS'], ['Hosur', 'TN'], ['Ranipet', 'TN'], ['Tiruppur', 'TN'], ['Karur', 'TN'],
  ['Thoothukudi', 'TN'], ['Mettur', 'TN'], ['Kochi', 'KL'], ['Mangaluru', 'KA'], ['Ballari', 'KA'], ['Tumakuru', 'KA'],
  ['Kolhapur', 'MH'], ['Satara', 'MH'], ['Chandrapur', 'MH'], ['Nagpur', 'MH'], ['Tarapur', 'MH'], ['Taloja', 'MH'],
  ['Mahad', 'MH'], ['Roha', 'MH'], ['Nashik', 'MH'], ['Chhatrapati Sambhajinagar', 'MH'], ['Solapur', 'MH'], ['Baddi', 'HP'],
];
const DESCRIPTORS = [
  'Cement',
  'Sugar',
  'Pharma',
  'Steel',
  'Chemicals',
  'Agro Chemicals',
  'Textiles',
  'Paper',
  'Distillery',
  'Power',
  'Leather',
  'Refinery',
  'Fertilizers',
  'Dyes',
  'Alloys',
  'Polymers',
  'Organics',
  'Ceramics',
  'Forgings',
  'Castings',
  'Petrochem',
  'Bulk Drugs',
  'Pulp and Board',
  'Zinc',
  'Aluminium',
];
const SUFFIXES = [
  'Pvt Ltd',
  'Ltd',
  'Industries',
  'Works',
  'Mills',
  'LLP',
  'Unit I',
  'Unit II',
  'Sahakari Karkhana',
  'Enterprises',
  'Plant',
  'Corporation',
];
const PARTNER_FIRST = [
  'Enviro',
  'Green',
  'Aqua',
  'Eco',
  'Clean Air',
  'Terra',
  'Blue Sky',
  'Vayu',
  'Prakriti',
  'Nirmal',
];
const PARTNER_SECOND = ['Analytics', 'Instruments', 'Solutions', 'Systems', 'Services', 'Technologies'];
const WORKING = [
  'ON',
  'ON',
  'ON',
  'ON',
  'UNDER_MAINTENANCE',
  'Shutdown',
  'Seasonal Shutdown',
  'Due to analyser issue',
];

const literalArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
/** A pick from a literal array by a hash of the row number; each salt spreads its column independently. */
const pick = (values: readonly string[], salt: string) =>
  `(${literalArray(values)})[1 + ((hashtext(g::text || '${salt}')::bigint + 2147483648) % ${values.length})]`;

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  const started = performance.now();
  await db.execute(
    sql.raw(`INSERT INTO industry_categories (name)
      SELECT unnest(${literalArray(INDUSTRY_CATEGORIES)})`),
  );
  await db.execute(
    sql.raw(`INSERT INTO accounts (type, name, status, contact_email, city, state_code)
      SELECT 'partner',
             ${pick(PARTNER_FIRST, 'p1')} || ' ' || ${pick(PARTNER_SECOND, 'p2')} || ' ' || g,
             CASE WHEN g % 10 = 0 THEN 'DISABLED' ELSE 'ENABLED' END,
             'support' || g || '@partner.example',
             ${pick(
               TOWNS.map(([town]) => town),
               'pt',
             )},
             ${pick(
               TOWNS.map(([, state]) => state),
               'pt',
             )}
      FROM generate_series(1, ${PARTNERS}) AS g`),
  );
  const towns = TOWNS.map(([town]) => town);
  const states = TOWNS.map(([, state]) => state);
  await db.execute(
    sql.raw(`INSERT INTO accounts (type, name, status, working_status, partner_id, industry_category_id,
        contact_email, contact_no, city, state_code, zip, is_remote_performance_check, is_demo, plan_code,
        payment_mode, partner_since, created_at)
      SELECT 'tenant',
             ${pick(towns, 't')} || ' ' || ${pick(DESCRIPTORS, 'd')} || ' ' || ${pick(SUFFIXES, 's')},
             CASE WHEN g % 50 < 4 THEN 'DISABLED' WHEN g % 50 = 4 THEN 'DELETED' ELSE 'ENABLED' END,
             ${pick(WORKING, 'w')},
             CASE WHEN g % (${PARTNERS} + 1) = 0 THEN NULL
                  ELSE (SELECT min(id) FROM accounts WHERE type = 'partner') + (g % (${PARTNERS} + 1)) - 1 END,
             1 + (g % ${INDUSTRY_CATEGORIES.length}),
             'ehs' || g || '@industry.example',
             '91' || (9800000000 + g),
             ${pick(towns, 't')},
             ${pick(states, 't')},
             lpad(((110000 + g * 37) % 900000 + 100000)::text, 6, '0'),
             g % 7 = 0,
             g % 97 = 0,
             (ARRAY['OCEMS-BASIC','OCEMS-PRO','CAAQMS-STD',NULL])[1 + (g % 4)],
             g % 3 = 0,
             now() - (g % 1500) * interval '1 day',
             now() - (g % 2000) * interval '1 day'
      FROM generate_series(1, ${TENANTS}) AS g`),
  );
  // A few tenants are blocked, as in real life.
  await db.execute(
    sql.raw(`INSERT INTO tenant_permissions (tenant_id, permission, reason)
      SELECT id, 'DATA_PUSH', 'Pending CTO renewal' FROM accounts WHERE type = 'tenant' AND id % 500 = 0`),
  );
  const inserted = performance.now() - started;
  const analyzeStarted = performance.now();
  await db.execute(sql`ANALYZE`);
  return { insertMs: inserted, analyzeMs: performance.now() - analyzeStarted };
}

interface BenchCase {
  label: string;
  query: string;
  /** The list (the industry list unless said). */
  path?: string;
  /** Who asks (the platform's operator unless said). */
  as?: 'partner';
}

function percentile(sorted: number[], p: number) {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function firstPartnerId(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(sql`SELECT min(id) AS id FROM accounts WHERE type = 'partner'`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    id: number;
  }>;
  return Number(rows[0]!.id);
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, unknown>
  >;
}

const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'latency,export,throughput,telemetry').split(',').map((p) => p.trim()),
);

async function benchmark(label: string, handle: DatabaseHandle) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vayu-bench-'));
  try {
    out(`\n=== ${label} ===`);
    await handle.migrate();
    const { insertMs, analyzeMs } = await seed(handle);
    out(
      `Inserted ${TENANTS.toLocaleString('en-IN')} tenants and ${PARTNERS} partners in ${insertMs.toFixed(0)} ms; ANALYZE ${analyzeMs.toFixed(0)} ms`,
    );
    const deviceSeed = await seedDevices(handle);
    out(
      `Inserted ${DEVICES.toLocaleString('en-IN')} devices across ${DEVICE_TENANTS.toLocaleString('en-IN')} industries in ${deviceSeed.ms.toFixed(0)} ms`,
    );
    let exportOk = true;
    if (PARTS.has('export')) {
      const [listed] = rowsOf(
        await handle.db.execute(
          sql`SELECT count(*)::int AS n FROM accounts WHERE type = 'tenant' AND status <> 'DELETED'`,
        ),
      );
      exportOk = await runExportBenchmark(handle, Number(listed?.n));
    }
    if (!PARTS.has('latency')) return exportOk;

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp(config, handle);
    await app.ready();
    try {
      const admin = await createUser(handle.db, {
        accountId: 1,
        email: `bench-${randomBytes(4).toString('hex')}@vayu.example`,
        name: 'Benchmark Operator',
        role: 'admin',
        password: PASSWORD,
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { userName: admin.email, password: PASSWORD },
      });
      const token = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!token) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);

      const partnerId = await firstPartnerId(handle);
      const partnerAdmin = await createUser(handle.db, {
        accountId: partnerId,
        email: `bench-partner-${randomBytes(4).toString('hex')}@vayu.example`,
        name: 'Benchmark Partner',
        role: 'admin',
        password: PASSWORD,
      });
      const partnerLogin = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { userName: partnerAdmin.email, password: PASSWORD },
      });
      const partnerToken = partnerLogin.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (!partnerToken)
        throw new Error(`partner sign-in failed: ${partnerLogin.statusCode} ${partnerLogin.body}`);
      const cases: BenchCase[] = [
        { label: 'search "cement", page 1', query: 'search=cement&page=1' },
        { label: 'search "cement", page 20', query: 'search=cement&page=20' },
        { label: 'search "vapi agro", page 1', query: 'search=vapi%20agro&page=1' },
        { label: 'search "tarapur sugar" (rare)', query: 'search=tarapur%20sugar&page=1' },
        { label: 'search "ltd" (frequent), page 3', query: 'search=ltd&page=3' },
        { label: 'search "pha", page 2', query: 'search=pha&page=2' },
        { label: 'search "ka" (word start), page 2', query: 'search=ka&page=2' },
        { label: 'search "xyzzy" (no match)', query: 'search=xyzzy&page=1' },
        { label: 'search "steel" + partner filter', query: `search=steel&partnerId=${partnerId}&page=1` },
        { label: 'search "power" + disabled', query: 'search=power&status=DISABLED&page=1' },
        { label: 'no search, page 1', query: 'page=1' },
        { label: 'no search, page 500', query: 'page=500' },
        { label: 'partner filter, no search, page 2', query: `partnerId=${partnerId}&page=2` },
        { label: 'devices: all industries, page 1', path: '/api/devices', query: 'page=1' },
        { label: 'devices: all industries, page 200', path: '/api/devices', query: 'page=200' },
        { label: 'devices: one industry', path: '/api/devices', query: `tenantId=${deviceSeed.tenantId}` },
        {
          label: 'devices: search a serial number',
          path: '/api/devices',
          query: `search=${encodeURIComponent(deviceSeed.serialNumber)}`,
        },
        { label: 'devices: search "gas" (frequent)', path: '/api/devices', query: 'search=gas&page=2' },
        { label: 'devices: search "xyzzy" (no match)', path: '/api/devices', query: 'search=xyzzy' },
        {
          label: 'devices: a partner, all its industries',
          path: '/api/devices',
          query: 'page=1',
          as: 'partner',
        },
      ];

      const results: Array<{ label: string; total: number; p50: number; p95: number; max: number }> = [];
      for (const c of cases) {
        const call = () =>
          app.inject({
            method: 'GET',
            url: `${c.path ?? '/api/tenants'}?${c.query}`,
            cookies: { [SESSION_COOKIE]: c.as === 'partner' ? partnerToken : token },
          });
        let total = 0;
        for (let i = 0; i < WARM_UP_RUNS; i++) {
          const response = await call();
          if (response.statusCode !== 200)
            throw new Error(`${c.label}: ${response.statusCode} ${response.body}`);
          total = response.json<{ total: number }>().total;
        }
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await call();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        results.push({
          label: c.label,
          total,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          max: times.at(-1)!,
        });
      }

      const width = Math.max(...results.map((r) => r.label.length));
      out(
        `${'case'.padEnd(width)}  ${'matches'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'max ms'.padStart(7)}`,
      );
      for (const r of results) {
        out(
          `${r.label.padEnd(width)}  ${String(r.total).padStart(7)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p95
            .toFixed(1)
            .padStart(7)}  ${r.max.toFixed(1).padStart(7)}`,
        );
      }

      const filter = {
        // The list as a site user sees it: every tenant.
        scope: scopeOf({
          userId: 0,
          userName: 'bench',
          name: 'Bench',
          userType: 'site',
          role: 'admin',
          accountId: 1,
          accountType: 'site',
          partnerId: -1,
          corporateId: null,
          actingTenantId: null,
          selectedCorporateId: null,
          module: 'enviro',
          sessionId: 0,
        }),
        type: 'tenant' as const,
        status: 'all' as const,
        search: 'cement',
        partnerId: undefined,
        isDemo: undefined,
        remoteCalibration: undefined,
      };
      for (const [title, query] of [
        ['count', handle.db.select({ n: count() }).from(tenantMatchesQuery(handle.db, filter).as('m'))],
        ['page 20', tenantsPageQuery(handle.db, filter, { limit: 9, offset: 171 })],
      ] as const) {
        const plan = rowsOf(await handle.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`));
        out(`\nEXPLAIN ANALYZE, search "cement", ${title}:`);
        for (const row of plan) out(`  ${String(Object.values(row)[0])}`);
      }

      const worst = Math.max(...results.map((r) => r.p95));
      const ok = worst < BUDGET_MS;
      out(
        `\n${label}: ${ok ? 'PASS' : 'FAIL'} — every p95 is ${ok ? 'under' : 'NOT under'} ${BUDGET_MS} ms (worst p95 ${worst.toFixed(1)} ms)`,
      );
      return ok && exportOk;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  out(
    `Tenant list benchmark — ${TENANTS.toLocaleString('en-IN')} tenants, ${RUNS} runs per case after ${WARM_UP_RUNS} warm-up runs`,
  );
  out(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`);
  let ok = true;

  // BENCH_EMBEDDED=false skips the embedded database's run (the PostgreSQL server's only).
  if ((PARTS.has('latency') || PARTS.has('export')) && process.env.BENCH_EMBEDDED !== 'false') {
    const embedded = await openPglite(undefined);
    try {
      ok = (await benchmark('Embedded database (PGlite, in memory)', embedded)) && ok;
    } finally {
      await embedded.close();
    }
  }

  const url = process.env.DATABASE_URL;
  if (url) {
    // BENCH_KEEP_DATABASE names a database that is seeded once and kept, to run the throughput part again.
    const kept = process.env.BENCH_KEEP_DATABASE;
    const name = kept ?? `vayu_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists =
      kept !== undefined &&
      ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
    if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const server = await openPostgres(target.toString(), 4);
      try {
        const version = rowsOf(await server.db.execute(sql`SHOW server_version`))[0];
        const label = `PostgreSQL ${String(Object.values(version ?? {})[0] ?? '')}`;
        if (exists) {
          out(`\n=== ${label}, database ${name} as seeded before ===`);
          await server.migrate();
        } else {
          ok = (await benchmark(label, server)) && ok;
        }
        if (PARTS.has('throughput')) {
          // A database kept from another part (telemetry) has no audit trail yet: it is seeded then.
          const trail = exists
            ? Number(rowsOf(await server.db.execute(sql`SELECT count(*) AS n FROM audit_logs`))[0]?.n ?? 0)
            : 0;
          const seedTrail = trail < AUDIT_ROWS;
          ok = (await runThroughput(server, target.toString(), { seedTrail })) && ok;
        }
        if (PARTS.has('telemetry')) ok = (await runTelemetry(server, target.toString())) && ok;
      } finally {
        await server.close();
      }
    } finally {
      if (!kept) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  } else {
    out('\nDATABASE_URL is not set: the PostgreSQL server run is skipped.');
  }

  out(`\n${ok ? 'PASS: every target holds' : 'FAIL: some targets do not hold'} (see above).`);
  process.exitCode = ok ? 0 : 1;
}

await main();
