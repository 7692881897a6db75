import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionSchema, subscriptionUpdateSchema } from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.get(
    '/api/subscription/:tenantId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Plan code, payment mode, quotas and users used of an account',
        params: tenantParams,
        response: { 200: subscriptionSchema },
      },
    },
    (request) => subscriptions.getSubscription(contextOf(request), request.params.tenantId),
  );

  app.put(
    '/api/subscription/:tenantId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change plan code, payment mode and quotas; 409 when the version is not the current one',
        params: tenantParams,
        body: subscriptionUpdateSchema,
        response: { 200: subscriptionSchema },
      },
    },
    (request) => subscriptions.updateSubscription(contextOf(request), request.params.tenantId, request.body),
  );
};
