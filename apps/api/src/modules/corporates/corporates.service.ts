import {
  CORPORATE_EXISTS_MESSAGE,
  type Corporate,
  type CorporateStatus,
  type CorporateType,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  findCorporates,
  insertCorporateWithAccount,
  isCorporateNameTaken,
  lockCorporateName,
} from './corporates.repository.js';

export function createCorporatesService({ db }: { db: Database }) {
  return {
    /** `/corporate-list`, by type and status (the route is for site users only). */
    listCorporates(
      ctx: RequestContext,
      filter: { type?: CorporateType | undefined; status?: CorporateStatus | undefined },
    ) {
      return findCorporates(db, scopeOf(ctx.principal), filter);
    },

    /** Creates the corporate and its corporate account in one transaction. */
    async createCorporate(
      ctx: RequestContext,
      body: { name: string; type: CorporateType; contactEmail: string | null },
    ): Promise<Corporate> {
      return db.transaction(async (tx) => {
        await lockCorporateName(tx, body.name);
        if (await isCorporateNameTaken(tx, body.name))
          throw new AppError('CORPORATE_EXISTS', CORPORATE_EXISTS_MESSAGE);
        const { corporate, accountId } = await insertCorporateWithAccount(tx, body);
        await recordAudit(tx, ctx, {
          entity: 'corporate',
          entityId: corporate.id,
          action: 'CREATE',
          tenantId: accountId,
          oldValue: null,
          newValue: {
            name: corporate.name,
            type: corporate.type,
            status: corporate.status,
            contactEmail: corporate.contactEmail,
            accountId,
          },
        });
        return corporate;
      });
    },
  };
}

export type CorporatesService = ReturnType<typeof createCorporatesService>;
