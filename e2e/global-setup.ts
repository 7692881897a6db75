import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');

async function createFreshDatabase(url: string) {
  const name = `vayu_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Starts the built server (apps/api/dist, or VAYU_E2E_SERVER: `npm test` builds
 * into dist-test) and waits for its banner.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vayu-e2e-'));
  const database = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL) : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [process.env.VAYU_E2E_SERVER ?? 'apps/api/dist/server.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_FAILURES: '50',
        CLIENT_RATE_LIMIT_PER_MINUTE: '10000',
        // A machine busy with other tests must not have the console turn requests away (503).
        MAX_EVENT_LOOP_DELAY_MS: '0',
        MAX_POOL_WAITING: '0',
        SEED_ADMIN_EMAIL: '',
        SEED_ADMIN_PASSWORD: '',
        // No live demo readings unless a run asks for them: tests read the seeded history as it is.
        SIMULATE: process.env.VAYU_E2E_SIMULATE ?? 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start:\n${output}`)), 180_000);
    child.stdout!.on('data', () => {
      const match = /running at http:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the console exited (${code}):\n${output}`)));
  });
  process.env.VAYU_E2E_BASE_URL = `http://127.0.0.1:${port}`;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
