import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { SESSION_COOKIE } from '@vayu/domain';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.js';
import { withDatabase } from './global-setup.js';

export interface TestDatabase extends DatabaseHandle {
  /** On PostgreSQL: the database's URL, for tests that connect again (as another server process would). */
  url?: string;
}

/** The migrated embedded database's tarball, read once per worker (the files of a worker share it). */
let snapshot: ArrayBuffer | undefined;

/** A fresh, migrated database of its own for one test file: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = inject('pgTemplate');
    const name = `${template.replace(/_tpl$/, '')}_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.end();
    }
    const handle = await openPostgres(withDatabase(url, name), 4);
    return {
      ...handle,
      url: withDatabase(url, name),
      async close() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        await cleanup.end();
      },
    };
  }
  if (!snapshot) {
    const file = readFileSync(inject('pgliteSnapshot'));
    snapshot = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  }
  const bytes = snapshot;
  // PGlite reads the tarball once with arrayBuffer() and only reads it: the file's bytes as they
  // are, instead of a Blob whose reading copies them again in small pieces (a third of the time).
  const tarball = { type: '', arrayBuffer: async () => bytes } as unknown as Blob;
  return openPglite(undefined, { loadDataDir: tarball, sharedBuffers: '16MB' });
}

const cleanups: (() => unknown)[] = [];

/**
 * Something a test file opened (an app, a database, a folder) to close after the file's tests.
 * The API's setup file runs these after every file; a hook registered from inside a `beforeAll`
 * would be too late for Vitest to run, and the files of a worker share one process.
 */
export function closeAfterFile(cleanup: () => unknown) {
  cleanups.push(cleanup);
}

/** Runs what the file opened, newest first. */
export async function closeFileResources() {
  const errors: unknown[] = [];
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'closing the test file failed');
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'vayu-api-test-'));
  closeAfterFile(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web',
    }),
    // A test machine busy with other suites must not turn requests away; overload.test.ts turns it on.
    maxEventLoopDelayMs: 0,
    maxPoolWaiting: 0,
    // Readings are rolled up when a test asks (rollUpAll): the 15-minute data is exact either way.
    rollupIntervalMs: 0,
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
}

/** Boots the whole API on a database of its own; closed after the file's tests. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), database, options);
  await app.ready();
  closeAfterFile(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, db: database.db };
}

/** Headers the console sends with every mutating request. */
export const CONSOLE_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

export async function signIn(app: FastifyInstance, userName: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: CONSOLE_HEADERS,
    payload: { userName, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed for ${userName}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

/** A client for one signed-in user: every request carries the session cookie and the console headers. */
export function asUser(app: FastifyInstance, token: string, extraHeaders: Record<string, string> = {}) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({
      ...options,
      cookies: { [SESSION_COOKIE]: token, ...(options.cookies ?? {}) },
      headers: { ...CONSOLE_HEADERS, ...extraHeaders, ...(options.headers ?? {}) },
    });
}
