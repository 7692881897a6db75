import {
  ENTITY_TYPES,
  MASTER_CATEGORY_EXISTS_MESSAGE,
  listTimeZones,
  type MasterCategory,
  type MasterCategoryBody,
} from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { AppError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  findMasterCategories,
  findMasterCategory,
  insertMasterCategory,
  isMasterCategoryTypeTaken,
  markMasterCategoryDeleted,
  updateMasterCategory,
} from './catalogue.repository.js';

const ENTITY = 'master_category';

/** Reference lists of the catalogue: entity types, time zones and the master categories. */
export function createCatalogueService({ db }: { db: Database }) {
  async function getActiveCategory(exec: Executor, id: number) {
    const category = await findMasterCategory(exec, id);
    if (!category || category.status === 'DELETED') throw notFound('Master category');
    return category;
  }

  const refuseDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new AppError('MASTER_CATEGORY_EXISTS', MASTER_CATEGORY_EXISTS_MESSAGE);
    throw error;
  };

  return {
    listEntityTypes() {
      return ENTITY_TYPES;
    },

    listTimeZones() {
      return listTimeZones(new Date());
    },

    /** Every signed-in user reads the master; only site users see deleted categories. */
    listMasterCategories(ctx: RequestContext, query: { includeDeleted: boolean }) {
      return findMasterCategories(db, {
        includeDeleted: query.includeDeleted && ctx.principal.userType === 'site',
      });
    },

    async createMasterCategory(ctx: RequestContext, body: MasterCategoryBody): Promise<MasterCategory> {
      const id = await db
        .transaction(async (tx) => {
          if (await isMasterCategoryTypeTaken(tx, body.type))
            throw new AppError('MASTER_CATEGORY_EXISTS', MASTER_CATEGORY_EXISTS_MESSAGE);
          const newId = await insertMasterCategory(tx, body);
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: await findMasterCategory(tx, newId),
          });
          return newId;
        })
        .catch(refuseDuplicate);
      return (await findMasterCategory(db, id))!;
    },

    async updateMasterCategory(
      ctx: RequestContext,
      id: number,
      body: MasterCategoryBody & { version: number },
    ): Promise<MasterCategory> {
      const { version, ...values } = body;
      await db
        .transaction(async (tx) => {
          const current = await getActiveCategory(tx, id);
          if (await isMasterCategoryTypeTaken(tx, values.type, id))
            throw new AppError('MASTER_CATEGORY_EXISTS', MASTER_CATEGORY_EXISTS_MESSAGE);
          if (!(await updateMasterCategory(tx, id, version, values))) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: id,
            action: 'UPDATE',
            oldValue: current,
            newValue: await findMasterCategory(tx, id),
          });
        })
        .catch(refuseDuplicate);
      return (await findMasterCategory(db, id))!;
    },

    async deleteMasterCategory(ctx: RequestContext, id: number): Promise<MasterCategory> {
      await db.transaction(async (tx) => {
        const current = await getActiveCategory(tx, id);
        if (!(await markMasterCategoryDeleted(tx, id))) throw notFound('Master category');
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'DELETE',
          oldValue: current,
          newValue: { ...current, status: 'DELETED' },
        });
      });
      return (await findMasterCategory(db, id))!;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
