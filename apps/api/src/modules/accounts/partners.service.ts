import type { AccountStatus } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { visibleAccountsCondition } from '../../auth/scope.js';
import { findPartners } from './partners.repository.js';

export function createPartnersService({ db }: { db: Database }) {
  return {
    listPartners(ctx: RequestContext, filter: { status?: AccountStatus | undefined }) {
      return findPartners(db, { status: filter.status, scope: visibleAccountsCondition(ctx.principal) });
    },
  };
}
