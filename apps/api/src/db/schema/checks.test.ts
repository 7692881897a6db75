import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, WORKING_STATUSES } from '@vayu/domain';
import { migrationsDir } from '../../lib/paths.js';
import { openTestDatabase, type TestDatabase } from '../../test/harness.js';
import * as schema from './index.js';

/** The quoted values of an `IN (…)` or `= ANY (ARRAY[…])` check, in order. */
function quotedValues(definition: string): string[] {
  return [...definition.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();

/** Every text column typed by a domain list, with the check the schema declares for it. */
const typedColumns = tables.flatMap((table) => {
  const config = getTableConfig(table);
  return config.columns
    .filter((column) => Array.isArray(column.enumValues) && column.enumValues.length > 0)
    .map((column) => ({
      table: config.name,
      column: column.name,
      values: column.enumValues as string[],
      check: config.checks.find((c) => c.name === `${config.name}_${column.name}_ck`),
    }));
});

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

async function constraintsInDatabase(): Promise<Map<string, string>> {
  // Both drivers answer `execute` with the rows under `rows`.
  const { rows } = (await t.db.execute(sql`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE contype = 'c'`)) as unknown as {
    rows: Array<{ name: string; definition: string }>;
  };
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describe('typed columns', () => {
  it('covers the status, type, role, working status and audit columns', () => {
    const names = typedColumns.map((c) => `${c.table}.${c.column}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'accounts.type',
        'accounts.status',
        'accounts.working_status',
        'accounts.approval_status',
        'users.user_type',
        'users.role',
        'users.status',
        'audit_logs.entity',
        'audit_logs.action',
        'parameters.mtype',
        'parameters.type',
        'corporates.type',
        'makes.type',
        'jobs.state',
      ]),
    );
  });

  it('gives every column typed by a domain list a CHECK with exactly that list, in the migrated database', async () => {
    const inDatabase = await constraintsInDatabase();
    for (const { table, column, values, check } of typedColumns) {
      expect(check, `${table}.${column} has no CHECK constraint`).toBeDefined();
      const declared = quotedValues(dialect.sqlToQuery(check!.value).sql);
      expect(declared, `${check!.name} in the schema`).toEqual(values);
      const migrated = inDatabase.get(check!.name);
      expect(migrated, `${check!.name} is not in the database: generate a migration`).toBeDefined();
      expect(quotedValues(migrated!), `${check!.name} in the database`).toEqual(values);
    }
  });

  it('refuses a value outside the list, and accepts every value of it', async () => {
    await expect(
      t.db.execute(sql`INSERT INTO audit_logs (entity, action) VALUES ('tenant', 'CREATE')`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    for (const entity of AUDIT_ENTITIES) {
      await t.db.execute(sql`INSERT INTO audit_logs (entity, action) VALUES (${entity}, 'UPDATE')`);
    }
    await expect(
      t.db.execute(
        sql`UPDATE accounts SET working_status = 'Closed' WHERE id = (SELECT min(id) FROM accounts)`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    for (const status of WORKING_STATUSES) {
      await t.db.execute(
        sql`UPDATE accounts SET working_status = ${status} WHERE id = (SELECT min(id) FROM accounts)`,
      );
    }
  });
});

describe('migration 0009 (typed columns)', () => {
  it("rewrites audit rows once written as 'tenant', 'partner' or 'statutory' to the one name 'account'", async () => {
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const typedColumnsFile = files.findIndex((name) => name.startsWith('0009_'));
    expect(typedColumnsFile).toBeGreaterThan(0);
    const run = async (client: PGlite, file: string) => {
      for (const statement of readFileSync(join(migrationsDir, file), 'utf8').split(
        '--> statement-breakpoint',
      )) {
        if (statement.trim()) await client.exec(statement);
      }
    };
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      for (const file of files.slice(0, typedColumnsFile)) await run(client, file);
      await client.exec(`
        INSERT INTO audit_logs (entity, entity_id, action) VALUES
          ('tenant', '7', 'UPDATE'), ('partner', '8', 'STATUS_CHANGE'), ('statutory', '9', 'CREATE'),
          ('user', '10', 'LOGIN');`);
      await run(client, files[typedColumnsFile]!);
      const { rows } = await client.query<{ entity: string; entity_id: string }>(
        'SELECT entity, entity_id FROM audit_logs ORDER BY entity_id::int',
      );
      expect(rows).toEqual([
        { entity: 'account', entity_id: '7' },
        { entity: 'account', entity_id: '8' },
        { entity: 'account', entity_id: '9' },
        { entity: 'user', entity_id: '10' },
      ]);
    } finally {
      await client.close();
    }
  });
});
