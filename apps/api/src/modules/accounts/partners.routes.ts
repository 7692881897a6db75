import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerListQuerySchema, partnerSummarySchema } from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { createPartnersService } from './partners.service.js';

export const partnersRoutes: FastifyPluginAsyncZod<{
  partners: ReturnType<typeof createPartnersService>;
}> = async (app, { partners }) => {
  app.get(
    '/api/partners',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Partners, optionally by status',
        querystring: partnerListQuerySchema,
        response: { 200: z.array(partnerSummarySchema) },
      },
    },
    (request) => partners.listPartners(contextOf(request), { status: request.query.status }),
  );
};
