import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { PLATFORM_ACCOUNT_ID, type AccountStatus, type Role } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';
import { createAccount, createCorporate, createUser, mapTenantToBoard } from '../seed/builders.js';

const unique = () => randomBytes(4).toString('hex');

/** Test data built with the same builders as the demo seed. Each call makes new, uniquely named records. */
export function factories(db: Executor) {
  const user = (accountId: number, role: Role = 'admin', password?: string) =>
    createUser(db, {
      accountId,
      email: `user-${unique()}@test.example`,
      name: `Test User ${unique()}`,
      role,
      ...(password ? { password } : {}),
    });

  return {
    user,
    siteUser: (role: Role = 'admin') => user(PLATFORM_ACCOUNT_ID, role),
    partner: (overrides: { status?: AccountStatus } = {}) =>
      createAccount(db, { type: 'partner', name: `Partner ${unique()}`, stateCode: 'MH', ...overrides }),
    tenant: (
      overrides: { partnerId?: number | null; corporateId?: number | null; status?: AccountStatus } = {},
    ) => createAccount(db, { type: 'tenant', name: `Industry ${unique()}`, stateCode: 'GJ', ...overrides }),
    corporate: async () => {
      const corporate = await createCorporate(db, { name: `Group ${unique()}` });
      const account = await createAccount(db, {
        type: 'corporate',
        name: `${corporate.name} EHS`,
        corporateId: corporate.id,
      });
      return { corporate, account };
    },
    board: () => createAccount(db, { type: 'statutory', name: `Pollution Control Board ${unique()}` }),
    mapToBoard: (boardId: number, tenantId: number) => mapTenantToBoard(db, boardId, tenantId),
  };
}

export async function auditRowsFor(db: Executor, entity: string, entityId: string | number) {
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, String(entityId)))
    .orderBy(desc(auditLogs.id))
    .then((rows) => rows.filter((r) => r.entity === entity));
}
