import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  industryCategoryBodySchema,
  industryCategoryListQuerySchema,
  industryCategorySchema,
  industryCategoryUpdateSchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { IndustriesService } from './industries.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const industriesRoutes: FastifyPluginAsyncZod<{ industries: IndustriesService }> = async (
  app,
  { industries },
) => {
  app.get(
    '/api/industries',
    {
      schema: {
        tags: ['industries'],
        summary: 'Industry categories, with the number of industries using each',
        querystring: industryCategoryListQuerySchema,
        response: { 200: z.array(industryCategorySchema) },
      },
    },
    (request) => industries.listCategories(contextOf(request), request.query),
  );

  app.post(
    '/api/industry',
    {
      schema: {
        tags: ['industries'],
        summary: 'Add an industry category',
        body: industryCategoryBodySchema,
        response: { 201: industryCategorySchema },
      },
    },
    async (request, reply) => {
      const category = await industries.createCategory(contextOf(request), request.body);
      return reply.status(201).send(category);
    },
  );

  app.put(
    '/api/industry/:id',
    {
      schema: {
        tags: ['industries'],
        summary: 'Rename an industry category (from the version the form started with)',
        params: idParams,
        body: industryCategoryUpdateSchema,
        response: { 200: industryCategorySchema },
      },
    },
    (request) => industries.updateCategory(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/industry/:id',
    {
      schema: {
        tags: ['industries'],
        summary: 'Delete an industry category (marked DELETED; industries keep theirs)',
        params: idParams,
        response: { 200: industryCategorySchema },
      },
    },
    (request) => industries.deleteCategory(contextOf(request), request.params.id),
  );
};
