import type { FastifyInstance } from 'fastify';
import { statutoryEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { StatutoryService } from './statutory.service.js';

export async function statutoryRoutes(app: FastifyInstance, { statutory }: { statutory: StatutoryService }) {
  registerEndpoints(app, statutoryEndpoints, {
    getStatutoryAccount: ({ params }, request) =>
      statutory.getStatutoryAccount(contextOf(request), params.id),
    saveStatutoryAccount: async ({ params, body }, request, reply) => {
      const result = await statutory.saveStatutoryAccount(contextOf(request), params.id, body);
      // A new board account is created (201); an existing one is updated (200).
      if (result.created) reply.status(201);
      return result.account;
    },
  });
}
