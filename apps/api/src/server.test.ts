import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from './lib/paths.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './lib/demo.js';

/**
 * The real server process: start-up, the data directory lock, durability
 * after SIGKILL, graceful shutdown and configuration errors. These use the
 * embedded database, whose directory the lock protects. The server is built
 * once for the file, as `npm run build` builds it, into a folder of its own.
 */

const dirs: string[] = [];
const children = new Set<ChildProcess>();
const buildDir = `dist-server-test-${process.pid}`;
const serverFile = join(apiRoot, buildDir, 'server.js');

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', buildDir], {
    cwd: apiRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server did not build:\n${built.stderr}`);
}, 120_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(join(apiRoot, buildDir), { recursive: true, force: true });
});

function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'vayu-server-'));
  dirs.push(dir);
  return dir;
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [serverFile], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      // A machine busy with other tests must not have the server turn requests away (503);
      // load shedding has tests of its own (plugins/overload.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_POOL_WAITING: '0',
      // No live demo readings posted to the server under test (modules/telemetry/simulator.test.ts covers them).
      SIMULATE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 300_000);
    const check = () => {
      const match = /running at http:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output, exited });
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      resolve({ child, port: -1, output: () => output, exited });
    });
  });
}

async function login(port: number, userName: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
}

const skipOnServerDb = !!process.env.DATABASE_URL;

// Each test starts real servers (opening the embedded database takes 10–30 s on a busy 2-core machine, and minutes beside two other suites).
describe.skipIf(skipOnServerDb)('server process on the embedded database', { timeout: 900_000 }, () => {
  it('starts with demo data; a second server on the directory is refused; an acknowledged write survives SIGKILL; the stale lock is taken over; SIGTERM ends cleanly and frees the lock', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.port, first.output()).toBeGreaterThan(0);
    expect(first.output()).toContain(`${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`);
    const health = await (await fetch(`http://127.0.0.1:${first.port}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', db: 'pglite' });

    // a second server on the same data directory stops at the lock; the first one is unharmed
    const second = await startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The data directory is in use by another Vayu server');
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    // a write acknowledged right before SIGKILL
    const signedIn = await login(first.port, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const me = (await signedIn.json()) as { id: number };
    const changed = await fetch(`http://127.0.0.1:${first.port}/api/users/${me.id}/password/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ password: 'Kill#Nine99', currentPassword: DEMO_PASSWORD }),
    });
    expect(changed.status).toBe(204);
    first.child.kill('SIGKILL');
    await first.exited;
    // the lock file of the killed process is still there
    expect(JSON.parse(readFileSync(join(dataDir, 'vayu.lock'), 'utf8')).pid).toBe(first.child.pid);

    // the next start takes the stale lock over and finds the data: the changed password and the demo accounts
    const third = await startServer({ DATA_DIR: dataDir });
    expect(third.port, third.output()).toBeGreaterThan(0);
    expect((await login(third.port, DEMO_ADMIN_EMAIL, 'Kill#Nine99')).status).toBe(200);
    expect((await login(third.port, 'partner@enviroanalytics.demo', DEMO_PASSWORD)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, 'vayu.lock'))).toBe(false);
  });

  it('treats a lock held by a live process as held', async () => {
    const dataDir = tempDataDir();
    // this test runner is alive: a lock naming it belongs to someone else
    writeFileSync(
      join(dataDir, 'vayu.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'x' }),
    );
    const server = await startServer({ DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`pid ${process.pid}`);
  });

  it('refuses to start in production while the demo password is in use', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/demo password/);
  });

  it('starts in production with a seeded operator, and without demo data', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_ADMIN_EMAIL: 'ops@plant.example',
      SEED_ADMIN_PASSWORD: 'Str0ng#Secret',
      COOKIE_SECURE: 'false',
    });
    expect(server.port).toBeGreaterThan(0);
    expect(server.output()).not.toContain(DEMO_PASSWORD);
    expect((await login(server.port, 'ops@plant.example', 'Str0ng#Secret')).status).toBe(200);
    expect((await login(server.port, 'partner@enviroanalytics.demo', DEMO_PASSWORD)).status).toBe(401);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });
});

describe('configuration', () => {
  // Each of these processes stops at its configuration, before opening a database.
  it.concurrent.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [
      { SEED_ADMIN_EMAIL: 'ops@plant.example' },
      'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD must be set together',
    ],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JOB_CONCURRENCY: '100' }, 'JOB_CONCURRENCY must be between 0 and 64 (got "100")'],
  ])('refuses %o with a clear message', async (env, message) => {
    const server = await startServer({ DATA_DIR: tempDataDir(), ...env });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Vayu cannot start');
    expect(server.output()).toContain(message);
  });
});

describe.runIf(skipOnServerDb)('server processes on a PostgreSQL server', { timeout: 900_000 }, () => {
  it('run the same console, and two processes share sessions', async () => {
    const { default: pg } = await import('pg');
    const url = process.env.DATABASE_URL!;
    const name = `vayu_srv_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: tempDataDir() }),
        startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: tempDataDir() }),
      ]);
      expect(a.port, a.output()).toBeGreaterThan(0);
      expect(b.port, b.output()).toBeGreaterThan(0);
      expect(await (await fetch(`http://127.0.0.1:${a.port}/api/health`)).json()).toEqual({
        status: 'ok',
        db: 'postgres',
      });
      const signedIn = await login(a.port, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      const onOther = await fetch(`http://127.0.0.1:${b.port}/api/users/loggedin`, { headers: { cookie } });
      expect(onOther.status).toBe(200);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
