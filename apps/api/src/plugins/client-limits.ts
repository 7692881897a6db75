import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_RATE_LIMITED_MESSAGE } from '@vayu/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { rateLimited } from '../lib/errors.js';
import { countRequest } from '../modules/auth/attempts.repository.js';

const MINUTE_MS = 60_000;

/** The key of one client's requests to one endpoint. */
function clientKeyOf(request: FastifyRequest): string {
  const endpoint = request.routeOptions.config.endpoint;
  return `client:${endpoint?.operationId ?? request.routeOptions.url ?? ''}:${request.ip}`;
}

/**
 * Per-client limits of the endpoints open to anyone (`limitedPerClient` in
 * their definition: sign-in, the password links, later the public API and
 * ingestion), with @fastify/rate-limit counting in the database's
 * `attempt_counters`, so that every API process counts the same requests.
 * Past the limit a request is answered 429 RATE_LIMITED with Retry-After
 * before its body is read.
 */
export async function registerClientLimits(
  app: FastifyInstance,
  config: Pick<Config, 'clientRateLimitPerMinute'>,
  db: Database,
) {
  /** The plugin makes the store itself (`new Store(options)`); this one counts in the database. */
  class AttemptCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1]) {
      countRequest(db, key, MINUTE_MS).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child() {
      return this;
    }
  }
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.clientRateLimitPerMinute,
    timeWindow: MINUTE_MS,
    store: AttemptCounterStore,
    keyGenerator: clientKeyOf,
    errorResponseBuilder: (_request, context) => rateLimited(CLIENT_RATE_LIMITED_MESSAGE, context.ttl),
  });
}
