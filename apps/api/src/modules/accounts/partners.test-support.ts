import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { ApiErrorCode, Role } from '@vayu/domain';
import { expect } from 'vitest';
import type { Executor } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { asUser, signIn, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';

/** A signed-in client for a new user of the account. */
export async function clientFor(t: TestContext, accountId: number, role: Role = 'admin') {
  const user = await factories(t.db).user(accountId, role);
  return { user, call: asUser(t.app, await signIn(t.app, user.email, user.password)) };
}

/**
 * Makes writing the audit row of one action on one record fail, as a broken
 * audit write would, to show the change rolls back with it. Returns the undo.
 */
export async function failAuditWrites(db: Executor, action: string, entityId: number | null) {
  const name = `test_fail_audit_${randomBytes(4).toString('hex')}`;
  const safeAction = action.replace(/[^A-Z_]/g, '');
  const matchesId =
    entityId === null ? 'NEW.entity_id IS NULL' : `NEW.entity_id = '${Math.trunc(Number(entityId))}'`;
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = '${safeAction}' AND ${matchesId} THEN
          RAISE EXCEPTION 'audit write refused for the test';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON audit_logs`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}

export async function outboxFor(db: Executor, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}

export async function outboxCount(db: Executor) {
  const [row] = await db.select({ n: count() }).from(emailOutbox);
  return row!.n;
}

/** The answer is the API's error with this status and code. */
export function expectError(
  response: { statusCode: number; json: () => { error?: { code?: string } } },
  status: number,
  code: ApiErrorCode,
) {
  expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({ status, code });
}
