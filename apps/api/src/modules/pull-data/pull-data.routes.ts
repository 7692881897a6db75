import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pullDataEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { unauthenticated } from '../../lib/errors.js';
import { contextOf } from '../../plugins/authentication.js';
import type { PullGrant } from './pull-data.repository.js';
import type { PullDataService } from './pull-data.service.js';

const grants = new WeakMap<FastifyRequest, PullGrant>();

export async function pullDataRoutes(app: FastifyInstance, { pullData }: { pullData: PullDataService }) {
  // The read is open to no session: it is called with a pull token, which is checked (and counted
  // against its limit) before the query is read, as a session is. The document says so.
  app.addHook('onRoute', (route) => {
    if (route.config?.endpoint !== pullDataEndpoints.pullData) return;
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.endpoint !== pullDataEndpoints.pullData) return;
    grants.set(request, await pullData.authorize(request.headers));
  });

  registerEndpoints(app, pullDataEndpoints, {
    listPullTokens: ({ params, query }, request) => pullData.list(contextOf(request), params.id, query),
    createPullToken: ({ params, body }, request) => pullData.create(contextOf(request), params.id, body),
    revokePullToken: ({ params }, request) => pullData.revoke(contextOf(request), params.id),
    pullData: ({ query }, request) => {
      const grant = grants.get(request);
      if (!grant) throw unauthenticated();
      return pullData.read(grant, query);
    },
  });
}
