import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statutoryAccountSchema, statutoryBodySchema } from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { StatutoryService } from './statutory.service.js';

export const statutoryRoutes: FastifyPluginAsyncZod<{ statutory: StatutoryService }> = async (
  app,
  { statutory },
) => {
  app.get(
    '/api/statutory/:id',
    {
      schema: {
        tags: ['statutory'],
        summary: 'A statutory (board) account with the number of industries mapped to it',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: statutoryAccountSchema },
      },
    },
    (request) => statutory.getStatutoryAccount(contextOf(request), request.params.id),
  );

  app.post(
    '/api/statutory/:id',
    {
      schema: {
        tags: ['statutory'],
        summary: 'Create (id 0) or update a statutory account',
        params: z.object({ id: z.coerce.number().int().min(0) }),
        body: statutoryBodySchema,
        response: { 200: statutoryAccountSchema, 201: statutoryAccountSchema },
      },
    },
    async (request, reply) => {
      const result = await statutory.saveStatutoryAccount(
        contextOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result.account);
    },
  );
};
