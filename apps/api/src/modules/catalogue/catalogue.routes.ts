import type { FastifyInstance } from 'fastify';
import { catalogueEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { CatalogueService } from './catalogue.service.js';

export async function catalogueRoutes(app: FastifyInstance, { catalogue }: { catalogue: CatalogueService }) {
  registerEndpoints(app, catalogueEndpoints, {
    listEntityTypes: () => [...catalogue.listEntityTypes()],
    listTimeZones: () => catalogue.listTimeZones(),
    listMasterCategories: ({ query }, request) => catalogue.listMasterCategories(contextOf(request), query),
    createMasterCategory: ({ body }, request) => catalogue.createMasterCategory(contextOf(request), body),
    updateMasterCategory: ({ params, body }, request) =>
      catalogue.updateMasterCategory(contextOf(request), params.id, body),
    deleteMasterCategory: ({ params }, request) =>
      catalogue.deleteMasterCategory(contextOf(request), params.id),
  });
}
