import { FIELD_MESSAGES } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { fieldError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type StatutoryAccount,
  type StatutoryValues,
  findStatutoryAccount,
  insertStatutoryAccount,
  updateStatutoryAccount,
} from './statutory.repository.js';

const auditedFields = (a: Omit<StatutoryAccount, 'id' | 'status' | 'mappedTenants' | 'version'>) => ({
  name: a.name,
  contactEmail: a.contactEmail,
  contactNo: a.contactNo,
  address: a.address,
  city: a.city,
  stateCode: a.stateCode,
  zip: a.zip,
});

export function createStatutoryService({ db }: { db: Database }) {
  /** Site users see every board; a board's own users see their board; anyone else gets 404. */
  async function getVisible(ctx: RequestContext, id: number) {
    const account = await findStatutoryAccount(db, scopeOf(ctx.principal), id);
    if (!account) throw notFound('Statutory account');
    return account;
  }

  return {
    getStatutoryAccount: getVisible,

    /** `POST /api/statutory/{id}`: id 0 creates a board account, any other id updates it from its version. */
    async saveStatutoryAccount(
      ctx: RequestContext,
      id: number,
      body: StatutoryValues & { version?: number | undefined },
    ): Promise<{ created: boolean; account: StatutoryAccount }> {
      const values: StatutoryValues = {
        name: body.name,
        contactEmail: body.contactEmail,
        contactNo: body.contactNo,
        address: body.address,
        city: body.city,
        stateCode: body.stateCode?.toUpperCase() ?? null,
        zip: body.zip,
      };
      if (id === 0) {
        const newId = await db.transaction(async (tx) => {
          const createdId = await insertStatutoryAccount(tx, values);
          await recordAudit(tx, ctx, {
            entity: 'account',
            entityId: createdId,
            action: 'CREATE',
            tenantId: createdId,
            oldValue: null,
            newValue: { type: 'statutory', status: 'ENABLED', ...auditedFields(values) },
          });
          return createdId;
        });
        return { created: true, account: (await findStatutoryAccount(db, scopeOf(ctx.principal), newId))! };
      }

      const current = await getVisible(ctx, id);
      if (body.version === undefined) throw fieldError('version', FIELD_MESSAGES.required, 'FIELD_REQUIRED');
      const { version } = body;
      const scope = scopeOf(ctx.principal);
      await db.transaction(async (tx) => {
        if (!(await updateStatutoryAccount(tx, scope, id, version, values))) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: id,
          action: 'UPDATE',
          tenantId: id,
          oldValue: auditedFields(current),
          newValue: auditedFields(values),
        });
      });
      return { created: false, account: (await findStatutoryAccount(db, scope, id))! };
    },
  };
}

export type StatutoryService = ReturnType<typeof createStatutoryService>;
