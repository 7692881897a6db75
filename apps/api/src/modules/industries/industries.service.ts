import { CATEGORY_EXISTS_MESSAGE, type IndustryCategory } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { AppError, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  findIndustryCategories,
  findIndustryCategory,
  insertIndustryCategory,
  isCategoryNameTaken,
  markIndustryCategoryDeleted,
  updateIndustryCategoryName,
} from './industries.repository.js';

const ENTITY = 'industry_category';

export function createIndustriesService({ db }: { db: Database }) {
  /** A category still offered, or 404 (a deleted one can be listed but not changed). */
  async function getActiveCategory(ctx: RequestContext, id: number) {
    const category = await findIndustryCategory(db, scopeOf(ctx.principal), id);
    if (!category || category.status === 'DELETED') throw notFound('Industry category');
    return category;
  }

  const refuseDuplicate = (error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('CATEGORY_EXISTS', CATEGORY_EXISTS_MESSAGE);
    throw error;
  };

  return {
    /** Every signed-in user needs the list for the industry form; only site users see deleted ones. */
    listCategories(ctx: RequestContext, query: { includeDeleted: boolean }) {
      return findIndustryCategories(db, scopeOf(ctx.principal), {
        includeDeleted: query.includeDeleted && ctx.principal.userType === 'site',
      });
    },

    async createCategory(ctx: RequestContext, body: { name: string }): Promise<IndustryCategory> {
      if (await isCategoryNameTaken(db, body.name))
        throw new AppError('CATEGORY_EXISTS', CATEGORY_EXISTS_MESSAGE);
      const id = await db
        .transaction(async (tx) => {
          const newId = await insertIndustryCategory(tx, body.name);
          if (newId === undefined) throw new AppError('CATEGORY_EXISTS', CATEGORY_EXISTS_MESSAGE);
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: newId,
            action: 'CREATE',
            oldValue: null,
            newValue: { name: body.name, status: 'ENABLED' },
          });
          return newId;
        })
        .catch(refuseDuplicate);
      return (await findIndustryCategory(db, scopeOf(ctx.principal), id))!;
    },

    async updateCategory(
      ctx: RequestContext,
      id: number,
      body: { name: string; version: number },
    ): Promise<IndustryCategory> {
      const current = await getActiveCategory(ctx, id);
      if (await isCategoryNameTaken(db, body.name, id))
        throw new AppError('CATEGORY_EXISTS', CATEGORY_EXISTS_MESSAGE);
      await db
        .transaction(async (tx) => {
          if (!(await updateIndustryCategoryName(tx, id, body.version, body.name))) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: ENTITY,
            entityId: id,
            action: 'UPDATE',
            oldValue: { name: current.name },
            newValue: { name: body.name },
          });
        })
        .catch(refuseDuplicate);
      return (await findIndustryCategory(db, scopeOf(ctx.principal), id))!;
    },

    async deleteCategory(ctx: RequestContext, id: number): Promise<IndustryCategory> {
      const current = await getActiveCategory(ctx, id);
      await db.transaction(async (tx) => {
        if (!(await markIndustryCategoryDeleted(tx, id))) throw notFound('Industry category');
        await recordAudit(tx, ctx, {
          entity: ENTITY,
          entityId: id,
          action: 'DELETE',
          oldValue: { name: current.name, status: current.status },
          newValue: { name: current.name, status: 'DELETED' },
        });
      });
      return (await findIndustryCategory(db, scopeOf(ctx.principal), id))!;
    },
  };
}

export type IndustriesService = ReturnType<typeof createIndustriesService>;
