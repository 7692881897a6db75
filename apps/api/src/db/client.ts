import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
}

/** Arbitrary key for the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK_KEY = 7_246_001;

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect(); // fail fast with a clear error when the server is unreachable
  client.release();
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL stored under `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir !== undefined) {
    path = join(dataDir, 'pgdata');
    mkdirSync(path, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: path, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize: number }) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : openPglite(config.dataDir);
}
