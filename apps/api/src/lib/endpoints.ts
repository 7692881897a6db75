import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  endpointKey,
  errorResponseOf,
  type ApiErrorCode,
  type EndpointDefinition,
  type EndpointInput,
} from '@vayu/domain';
import type { z } from 'zod';
import { JsonText } from './serializer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition a route was registered from (access rule, error codes, OpenAPI). */
    endpoint?: EndpointDefinition;
  }
}

/**
 * What a handler returns: the success body as the response schema takes it (or
 * already written as JSON), or the reply it sent itself.
 */
type HandlerResult<E extends EndpointDefinition> =
  | (E['response'] extends z.ZodType ? z.input<E['response']> | JsonText<z.output<E['response']>> : void)
  | FastifyReply;

export type EndpointHandler<E extends EndpointDefinition> = (
  input: EndpointInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<HandlerResult<E>> | HandlerResult<E>;

/**
 * Registers a route from its definition: method, path, schemas (validation,
 * serialization, OpenAPI), success status and the access rule the
 * authentication hook checks before the body is read.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const status = endpoint.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    // Endpoints open to anyone are limited per client address (plugins/client-limits.ts).
    config: { endpoint, ...(endpoint.limitedPerClient ? { rateLimit: {} } : {}) },
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
      ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
      ...(endpoint.access.kind === 'data-token' ? { security: [{ bearer: [] }] } : {}),
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as EndpointInput<E>;
      const result = await handler(input, request, reply);
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      if (status !== 200) reply.status(status);
      // An answer made partly of texts kept across answers goes out as gzip made from their
      // compressed forms (lib/json-parts.ts) when the client takes gzip; the compression plugin
      // leaves an answer that already has its encoding alone.
      if (result instanceof JsonText && result.hasKeptParts && acceptsGzip(request)) {
        const vary = reply.getHeader('vary');
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-encoding', 'gzip')
          .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
          .send(result.gzip());
      }
      return result;
    },
  });
}

/** Whether the request takes a gzip answer (`Accept-Encoding`, a q-value above 0), as the compression plugin judges. */
export function acceptsGzip(request: FastifyRequest): boolean {
  if (request.headers['x-no-compression'] !== undefined) return false;
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  // gzip's own weight when it is named; otherwise that of any encoding ('*').
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/** A group of endpoints registered together: `{ listParameters: handler, ... }` for `{ listParameters: definition, ... }`. */
export type EndpointHandlers<G extends Record<string, EndpointDefinition>> = {
  [K in keyof G]: EndpointHandler<G[K]>;
};

/** Registers every endpoint of an area; a definition without a handler does not compile. */
export function registerEndpoints<G extends Record<string, EndpointDefinition>>(
  app: FastifyInstance,
  endpoints: G,
  handlers: EndpointHandlers<G>,
): void {
  for (const name of Object.keys(endpoints) as (keyof G)[]) {
    registerEndpoint(app, endpoints[name]!, handlers[name]);
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every code an endpoint can answer with: its own, and those of its kind —
 * validation (of fields, or of a malformed request), sign-in and access when it is not public,
 * not found when a path names a record, cross-site refusal on writes.
 */
export function errorCodesOf(endpoint: EndpointDefinition): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(endpoint.errors ?? []);
  // Any request may be malformed (a broken URL encoding, bad JSON, a bad header), not only one with fields.
  codes.add('VALIDATION_FAILED');
  if (endpoint.access.kind === 'data-token') {
    codes.add('UNAUTHENTICATED');
    codes.add('TOKEN_INVALID');
  } else if (endpoint.access.kind !== 'public') {
    codes.add('UNAUTHENTICATED');
    codes.add('FORBIDDEN');
  }
  if (BODY_METHODS.has(endpoint.method)) codes.add('CSRF_REJECTED');
  if (endpoint.body || endpoint.multipart) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (endpoint.params) codes.add('NOT_FOUND');
  if (endpoint.limitedPerClient) codes.add('RATE_LIMITED');
  codes.add('INTERNAL');
  // Any request may be turned away while the server is overloaded (plugins/overload.ts).
  codes.add('UNAVAILABLE');
  return [...codes];
}

/** The error responses of an endpoint by status, each listing its codes (for the OpenAPI document). */
export function errorResponsesOf(endpoint: EndpointDefinition): Record<number, z.ZodType> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = API_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, z.ZodType> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = errorResponseOf(codes as [ApiErrorCode, ...ApiErrorCode[]]).describe(
      `Error: ${codes.join(', ')}`,
    );
  }
  return responses;
}

/**
 * Fails the start when a defined endpoint has no route, or two definitions
 * share an operationId: a definition is a promise to clients.
 */
export function assertEndpointsRegistered(
  app: FastifyInstance,
  endpoints: readonly EndpointDefinition[],
): void {
  const operationIds = new Set<string>();
  for (const endpoint of endpoints) {
    if (operationIds.has(endpoint.operationId)) {
      throw new Error(`Two endpoints share the operationId "${endpoint.operationId}"`);
    }
    operationIds.add(endpoint.operationId);
    if (!app.hasRoute({ method: endpoint.method, url: endpoint.path })) {
      throw new Error(`Endpoint ${endpointKey(endpoint)} is defined but has no route`);
    }
  }
}
