import { z } from 'zod';
import {
  edgeClientCreateBodySchema,
  edgeClientDeleteQuerySchema,
  edgeClientDetailSchema,
  edgeClientKeyAllowedBodySchema,
  edgeClientListQuerySchema,
  edgeClientSchema,
  edgeClientUpdateBodySchema,
  edgeKeyIssueBodySchema,
  edgeKeyIssuedSchema,
} from '../edge-clients.js';
import { ACCOUNT_ADMINS, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, idSchema, requireVersion } from './common.js';

export const edgeKeyParamsSchema = z.object({ id: idSchema, keyId: idSchema });

/**
 * Edge clients and their keys (`/edgeClientKey`). The paths the spec names
 * (§7) keep their names; the client's id travels in the body where the spec
 * puts it there. A key is answered once, by the call that issues it.
 */
export const edgeClientsEndpoints = {
  listEdgeClients: defineEndpoint({
    method: 'GET',
    path: '/api/allEdgeClient',
    operationId: 'listEdgeClients',
    tag: 'edge-clients',
    summary:
      'Edge clients of the industries the caller sees, newest first or by e-mail, searched by e-mail, paged',
    access: SIGNED_IN,
    query: edgeClientListQuerySchema,
    response: pageOf(edgeClientSchema),
  }),
  getEdgeClient: defineEndpoint({
    method: 'GET',
    path: '/api/getEdgeDetails/:id',
    operationId: 'getEdgeClient',
    tag: 'edge-clients',
    summary: 'An edge client with its keys (last characters, issued, last used, revoked; never the key)',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: edgeClientDetailSchema,
    owned: { param: 'id', kind: 'edgeClient' },
  }),
  createEdgeClient: defineEndpoint({
    method: 'POST',
    path: '/api/createEdgeClientUser',
    operationId: 'createEdgeClient',
    tag: 'edge-clients',
    summary:
      'Add an edge client for an industry, by an e-mail no other edge client has, with its keys allowed',
    access: ACCOUNT_ADMINS,
    body: edgeClientCreateBodySchema,
    status: 201,
    response: edgeClientDetailSchema,
    errors: ['EDGE_CLIENT_EXISTS'],
  }),
  updateEdgeClient: defineEndpoint({
    method: 'POST',
    path: '/api/updateEdgeClient',
    operationId: 'updateEdgeClient',
    tag: 'edge-clients',
    summary:
      'Change the e-mail and keys allowed of an edge client, from the version the edit started from; never fewer keys allowed than it uses',
    access: ACCOUNT_ADMINS,
    body: requireVersion(edgeClientUpdateBodySchema),
    response: edgeClientDetailSchema,
    errors: ['EDGE_CLIENT_EXISTS', 'EDGE_KEY_LIMIT', 'STALE_VERSION'],
  }),
  setEdgeClientKeyAllowed: defineEndpoint({
    method: 'POST',
    path: '/api/editEdgeClientkey',
    operationId: 'setEdgeClientKeyAllowed',
    tag: 'edge-clients',
    summary:
      'Change how many keys an edge client is allowed, from the version the edit started from; never fewer than it uses',
    access: ACCOUNT_ADMINS,
    body: requireVersion(edgeClientKeyAllowedBodySchema),
    response: edgeClientDetailSchema,
    errors: ['EDGE_KEY_LIMIT', 'STALE_VERSION'],
  }),
  deleteEdgeClient: defineEndpoint({
    method: 'DELETE',
    path: '/api/deleteEdgeClientkey/:id',
    operationId: 'deleteEdgeClient',
    tag: 'edge-clients',
    summary:
      'Delete an edge client (marked DELETED) and revoke its keys; with `version`, only if it is still at that version',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    query: edgeClientDeleteQuerySchema,
    response: edgeClientSchema,
    errors: ['STALE_VERSION'],
    owned: { param: 'id', kind: 'edgeClient' },
  }),
  issueEdgeKey: defineEndpoint({
    method: 'POST',
    path: '/api/getEdgeClientToken',
    operationId: 'issueEdgeKey',
    tag: 'edge-clients',
    summary:
      'Issue a new key to the edge client `clientTokenId`: the key is in this answer only and can never be read again',
    access: ACCOUNT_ADMINS,
    body: edgeKeyIssueBodySchema,
    status: 201,
    response: edgeKeyIssuedSchema,
    errors: ['EDGE_KEY_LIMIT'],
  }),
  revokeEdgeKey: defineEndpoint({
    method: 'DELETE',
    path: '/api/edgeClients/:id/keys/:keyId',
    operationId: 'revokeEdgeKey',
    tag: 'edge-clients',
    summary:
      "Revoke one of an edge client's keys: readings sent with it are refused from now on, and its place is free",
    access: ACCOUNT_ADMINS,
    params: edgeKeyParamsSchema,
    response: edgeClientDetailSchema,
    owned: { param: 'id', kind: 'edgeClient' },
  }),
};
