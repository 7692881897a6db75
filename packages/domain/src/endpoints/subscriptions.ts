import { z } from 'zod';
import { subscriptionSchema, subscriptionUpdateSchema } from '../accounts.js';
import { defineEndpoint, only } from '../endpoint.js';
import { idSchema } from './common.js';

export const subscriptionParamsSchema = z.object({ tenantId: idSchema });

/** Plan code, payment mode and quotas of an account. */
export const subscriptionsEndpoints = {
  getSubscription: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/:tenantId',
    operationId: 'getSubscription',
    tag: 'accounts',
    summary: 'Plan code, payment mode, quotas and users used of an account',
    access: only(['site', 'partner', 'tenant']),
    params: subscriptionParamsSchema,
    response: subscriptionSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  updateSubscription: defineEndpoint({
    method: 'PUT',
    path: '/api/subscription/:tenantId',
    operationId: 'updateSubscription',
    tag: 'accounts',
    summary: 'Change plan code, payment mode and quotas (from the version the form started with)',
    access: only(['site', 'partner'], ['admin']),
    params: subscriptionParamsSchema,
    body: subscriptionUpdateSchema,
    response: subscriptionSchema,
    errors: ['STALE_VERSION'],
    owned: { param: 'tenantId', kind: 'account' },
  }),
};
