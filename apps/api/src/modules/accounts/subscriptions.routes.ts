import type { FastifyInstance } from 'fastify';
import { subscriptionsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export async function subscriptionsRoutes(
  app: FastifyInstance,
  { subscriptions }: { subscriptions: SubscriptionsService },
) {
  registerEndpoints(app, subscriptionsEndpoints, {
    getSubscription: ({ params }, request) =>
      subscriptions.getSubscription(contextOf(request), params.tenantId),
    updateSubscription: ({ params, body }, request) =>
      subscriptions.updateSubscription(contextOf(request), params.tenantId, body),
  });
}
