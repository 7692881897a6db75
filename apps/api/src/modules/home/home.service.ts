import type { HomeSummary } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { countHomeSummary } from './home.repository.js';

export function createHomeService({ db }: { db: Database }) {
  return {
    /** Counts for `/home`, limited to what the principal may see. */
    getSummary(ctx: RequestContext): Promise<HomeSummary> {
      return countHomeSummary(db, scopeOf(ctx.principal));
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
