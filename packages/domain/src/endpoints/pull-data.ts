import { ACCOUNT_ADMINS, defineEndpoint, PUBLIC } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import {
  PULL_RATE_LIMIT_PER_MINUTE,
  pullDataQuerySchema,
  pullTokenCreateBodySchema,
  pullTokenIssuedSchema,
  pullTokenListQuerySchema,
  pullTokenSchema,
} from '../pull-data.js';
import { entityDataSchema } from '../telemetry.js';
import { idParamsSchema } from './common.js';

/**
 * Pull data: an industry's tokens (`/pullData/{id}`, spec §7; the id is the
 * industry's for GET and POST, the token's for DELETE) and the read a third
 * party makes with one (`/pull/data`).
 */
export const pullDataEndpoints = {
  listPullTokens: defineEndpoint({
    method: 'GET',
    path: '/api/pullData/:id',
    operationId: 'listPullTokens',
    tag: 'pull-data',
    summary: "An industry's pull-data tokens, newest first, paged (their last characters, never the token)",
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    query: pullTokenListQuerySchema,
    response: pageOf(pullTokenSchema),
    owned: { param: 'id', kind: 'account' },
  }),
  createPullToken: defineEndpoint({
    method: 'POST',
    path: '/api/pullData/:id',
    operationId: 'createPullToken',
    tag: 'pull-data',
    summary:
      "Issue a pull-data token for the industry, scoped to some of its monitoring points and their devices' parameters: the token is in this answer only",
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    body: pullTokenCreateBodySchema,
    status: 201,
    response: pullTokenIssuedSchema,
    owned: { param: 'id', kind: 'account' },
  }),
  revokePullToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/pullData/:id',
    operationId: 'revokePullToken',
    tag: 'pull-data',
    summary: 'Revoke a pull-data token (by its id): reads with it are refused from now on',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    response: pullTokenSchema,
  }),
  pullData: defineEndpoint({
    method: 'GET',
    path: '/api/pull/data',
    operationId: 'pullData',
    tag: 'pull-data',
    summary: "Read a monitoring point's 15-minute data with a pull-data token, within the token's scope",
    description:
      'Send the token as `Authorization: Bearer <token>` (no session). The answer has the shape of the console’s ' +
      '15-minute data: one series per device and parameter, each point a 15-minute slot. ' +
      'A point or parameter outside the token’s scope is 403 PULL_OUT_OF_SCOPE; a range longer than the token’s ' +
      'range limit or starting before its history is 400 VALIDATION_FAILED naming `from` or `to`; an unknown, ' +
      `revoked or expired token is 401 TOKEN_INVALID. Each token may make ${PULL_RATE_LIMIT_PER_MINUTE} requests ` +
      'a minute; beyond, 429 RATE_LIMITED with Retry-After.',
    // The token is checked by the pull-data module before the query is read, not by a session.
    access: PUBLIC,
    query: pullDataQuerySchema,
    response: entityDataSchema,
    errors: ['UNAUTHENTICATED', 'TOKEN_INVALID', 'PULL_OUT_OF_SCOPE', 'RATE_LIMITED'],
  }),
};
