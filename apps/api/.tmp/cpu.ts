import { Writable } from 'node:stream';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';

const url = 'postgres://postgres@127.0.0.1:5432/vayu_bench_kept';
const config = loadConfig({ ...process.env, DATABASE_URL: url, NODE_ENV: 'production', DATA_DIR: '/tmp/prof/data', WEB_DIST_DIR: '/nonexistent', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' });
const db = await openPostgres(url, 10);
const sink = new Writable({ write(_c, _e, done) { done(); } });
const appA = await buildApp(config, db, { logStream: sink });
const appB = await buildApp({ ...config, env: (process.env.B_ENV ?? 'development') as 'development' }, db, { logStream: sink });
await appA.ready(); await appB.ready();
const app = appA;
const email = 'throughput-7260cc00@vayu.example';
const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { userName: email, password: 'Bench#Pass123' } });
const token = login.cookies.find((c) => c.name === 'vayu_session')!.value;
const headers = { cookie: `vayu_session=${token}`, 'x-requested-with': 'XMLHttpRequest' };
const cases = (process.argv[2] ?? '/api/tenants?page=1&pageSize=20,/api/auditLogs?tenantId=778,/api/auditLogs').split(',');
for (const path of cases) {
  const best = [Infinity, Infinity];
  for (let batch = 0; batch < 12; batch++) {
    const which = batch % 2;
    const target = which === 0 ? appA : appB;
    const start = process.cpuUsage();
    for (let i = 0; i < 300; i++) {
      await Promise.all(Array.from({ length: 10 }, () => target.inject({ method: 'GET', url: path, headers })));
    }
    const used = process.cpuUsage(start);
    best[which] = Math.min(best[which]!, (used.user + used.system) / 3000 / 1000);
  }
  console.log(`${path}: A ${best[0]!.toFixed(3)} ms, B ${best[1]!.toFixed(3)} ms CPU per request (least of 6 batches of 3000 each)`);
}
await appA.close(); await appB.close();
await db.close();
