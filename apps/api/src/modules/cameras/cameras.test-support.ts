import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '@vayu/domain';
import type { Executor } from '../../db/client.js';

/**
 * Makes writing any audit row of this entity and action fail, as a broken
 * audit write would, for a change whose record id is not known before it is
 * made (an add). Returns the undo.
 */
export async function failAuditWritesOf(db: Executor, entity: AuditEntity, action: AuditAction) {
  const name = `test_fail_audit_of_${randomBytes(4).toString('hex')}`;
  // Both values come from the domain's closed lists: nothing else reaches the statement.
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.entity = '${entity}' AND NEW.action = '${action}' THEN
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
