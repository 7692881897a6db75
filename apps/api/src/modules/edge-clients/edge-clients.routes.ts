import type { FastifyInstance } from 'fastify';
import { edgeClientsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { EdgeClientsService } from './edge-clients.service.js';

export async function edgeClientsRoutes(
  app: FastifyInstance,
  { edgeClients }: { edgeClients: EdgeClientsService },
) {
  registerEndpoints(app, edgeClientsEndpoints, {
    listEdgeClients: ({ query }, request) => edgeClients.list(contextOf(request), query),
    getEdgeClient: ({ params }, request) => edgeClients.get(contextOf(request), params.id),
    createEdgeClient: ({ body }, request) => edgeClients.create(contextOf(request), body),
    updateEdgeClient: ({ body }, request) => edgeClients.update(contextOf(request), body),
    setEdgeClientKeyAllowed: ({ body }, request) => edgeClients.setKeyAllowed(contextOf(request), body),
    deleteEdgeClient: ({ params, query }, request) =>
      edgeClients.remove(contextOf(request), params.id, query.version),
    issueEdgeKey: ({ body }, request) => edgeClients.issueKey(contextOf(request), body.clientTokenId),
    revokeEdgeKey: ({ params }, request) =>
      edgeClients.revokeKey(contextOf(request), params.id, params.keyId),
  });
}
