import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run queries on: the database or an open transaction. */
export type Executor = Database | Transaction;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, first seed) while holding a lock that
   * other server processes on the same database wait for.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel; `onNotify` runs for each notification (sent on
   * commit). Answers the unsubscribe. On the server a connection of its own
   * listens, reconnecting after it drops (calling `onNotify` then, since
   * notifications may have been missed).
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Runs one SQL statement with its values, outside the ORM: for the few hot
   * paths (the readings insert) where building the statement costs more than
   * running it. `name` makes it a named statement on the server (parsed once
   * per connection).
   */
  query<R extends Record<string, unknown>>(text: string, values: unknown[], name?: string): Promise<R[]>;
  /** Requests waiting for a pooled connection (server only: the embedded database has no pool). */
  waitingForConnection?: () => number;
  /** Embedded only: the whole data directory as a tarball (used to snapshot a migrated test database). */
  dumpDataDir?: () => Promise<Blob>;
}

/** Arbitrary key of the advisory lock that serialises start-up work across server processes. */
const STARTUP_LOCK_KEY = 7_246_001;

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]*$/;

/** A LISTEN connection outside the pool that comes back after the server drops it. */
function listenOnServer(url: string, channel: string, onNotify: () => void) {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  function retrySoon() {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(onNotify, retrySoon);
    }, 2000);
    retryTimer.unref();
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      retrySoon();
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    await next.connect();
    try {
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) await next.end().catch(() => undefined);
    else client = next;
  }

  return {
    connect,
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect(); // fail fast with a clear error when the server is unreachable
  client.release();
  const db = drizzleNodePg(pool, { schema });
  const listeners = new Set<ReturnType<typeof listenOnServer>>();
  return {
    db,
    kind: 'postgres',
    waitingForConnection: () => pool.waitingCount,
    async query<R extends Record<string, unknown>>(text: string, values: unknown[], name?: string) {
      const result = await pool.query<R>(name ? { name, text, values } : { text, values });
      return result.rows;
    },
    migrate: () => migrateNodePg(db, { migrationsFolder: migrationsDir }),
    async withStartupLock(work) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    async listen(channel, onNotify) {
      const listener = listenOnServer(url, channel, onNotify);
      await listener.connect();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.close();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.close()));
      listeners.clear();
      await pool.end();
    },
  };
}

export interface PgliteOptions {
  /** A data directory dumped by `dumpDataDir`, loaded instead of creating an empty database. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's shared_buffers (its configuration's 128MB by default). PGlite zeroes them at
   * every start: a small database opened many times (a test file's own copy) starts in about half
   * the time with 16MB.
   */
  sharedBuffers?: string;
}

/** Embedded PostgreSQL stored under `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir !== undefined) {
    path = join(dataDir, 'pgdata');
    mkdirSync(path, { recursive: true });
  }
  const { loadDataDir, sharedBuffers } = options;
  const client = await PGlite.create({
    dataDir: path,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
      : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async query<R extends Record<string, unknown>>(text: string, values: unknown[]) {
      const result = await client.query<R>(text, values);
      return result.rows;
    },
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    // The data directory lock already keeps other processes out.
    withStartupLock: (work) => work(),
    // PGlite delivers NOTIFY to its own listeners on commit, like a server does.
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
}) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : openPglite(config.dataDir);
}
