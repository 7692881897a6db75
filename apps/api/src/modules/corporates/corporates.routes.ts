import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { corporateBodySchema, corporateListQuerySchema, corporateSchema } from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { CorporatesService } from './corporates.service.js';

export const corporatesRoutes: FastifyPluginAsyncZod<{ corporates: CorporatesService }> = async (
  app,
  { corporates },
) => {
  app.get(
    '/api/corporates',
    {
      schema: {
        tags: ['corporates'],
        summary: 'Corporates by type and status, with the number of industries of each',
        querystring: corporateListQuerySchema,
        response: { 200: z.array(corporateSchema) },
      },
    },
    (request) => corporates.listCorporates(contextOf(request), request.query),
  );

  app.post(
    '/api/corporate',
    {
      schema: {
        tags: ['corporates'],
        summary: 'Create a corporate and its corporate account',
        body: corporateBodySchema,
        response: { 201: corporateSchema },
      },
    },
    async (request, reply) => {
      const corporate = await corporates.createCorporate(contextOf(request), request.body);
      return reply.status(201).send(corporate);
    },
  );
};
