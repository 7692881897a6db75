import type { FastifyInstance } from 'fastify';
import { industriesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { IndustriesService } from './industries.service.js';

export async function industriesRoutes(
  app: FastifyInstance,
  { industries }: { industries: IndustriesService },
) {
  registerEndpoints(app, industriesEndpoints, {
    listIndustryCategories: ({ query }, request) => industries.listCategories(contextOf(request), query),
    createIndustryCategory: ({ body }, request) => industries.createCategory(contextOf(request), body),
    updateIndustryCategory: ({ params, body }, request) =>
      industries.updateCategory(contextOf(request), params.id, body),
    deleteIndustryCategory: ({ params }, request) => industries.deleteCategory(contextOf(request), params.id),
  });
}
