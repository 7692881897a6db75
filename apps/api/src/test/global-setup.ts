import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client.js';
import { ensureReadingPartitions } from '../modules/telemetry/partitions.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated embedded database, as a tarball each test file loads. */
    pgliteSnapshot: string;
    /** Migrated template database each test file clones (when DATABASE_URL is set). */
    pgTemplate: string;
  }
}

export function templateName(url: string) {
  return `${new URL(url).pathname.slice(1) || 'postgres'}_vayu_tpl`;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run: a PGlite snapshot by default, or a template database
 * on the PostgreSQL server named by DATABASE_URL. Each test file then gets its
 * own copy, so files never share mutable state.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = templateName(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropTestDatabases(admin, template);
    await admin.query(`CREATE DATABASE "${template}"`);
    const handle = await openPostgres(withDatabase(url, template), 2);
    await handle.migrate();
    await ensureReadingPartitions(handle);
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await dropTestDatabases(admin, template);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vayu-test-'));
  const handle = await openPglite(undefined);
  await handle.migrate();
  await ensureReadingPartitions(handle);
  const snapshot = join(dir, 'migrated.tar');
  const dump = await handle.dumpDataDir!();
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function dropTestDatabases(admin: pg.Client, template: string) {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
    [template, `${template.replace(/_tpl$/, '')}_t_%`],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
