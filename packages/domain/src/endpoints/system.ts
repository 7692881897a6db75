import { defineEndpoint, PUBLIC } from '../endpoint.js';
import { healthResponseSchema } from '../system.js';

/** Liveness of the server and its database. */
export const systemEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    tag: 'system',
    summary: 'Liveness and the database in use (pglite or postgres)',
    description:
      'Answers 200 with status "ok" when the database answers, and 503 with the same shape and status "degraded" when it does not.',
    access: PUBLIC,
    response: healthResponseSchema,
  }),
};
