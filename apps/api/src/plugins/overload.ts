import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from '../lib/errors.js';

/** Seconds a client is asked to wait before it tries again. */
export const OVERLOAD_RETRY_AFTER_S = 10;

class ServerBusy extends AppError {
  constructor() {
    super('UNAVAILABLE', 'The server is busy. Please try again in a few seconds.');
  }
}

/**
 * Answers 503 UNAVAILABLE with Retry-After, before any other work, while the
 * process is past what it can serve: its event loop lags more than
 * `maxEventLoopDelayMs`, or more than `maxPoolWaiting` requests wait for a
 * database connection. A load balancer then sends the traffic elsewhere and
 * clients back off, instead of every request timing out together.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  config: Pick<Config, 'maxEventLoopDelayMs' | 'maxPoolWaiting' | 'pressureSampleMs'>,
  database: Pick<DatabaseHandle, 'waitingForConnection'>,
) {
  const waiting = database.waitingForConnection;
  const checkPool = config.maxPoolWaiting > 0 && waiting !== undefined;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval: config.pressureSampleMs,
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    customError: ServerBusy,
    ...(checkPool
      ? {
          healthCheck: async () => waiting() <= config.maxPoolWaiting,
          healthCheckInterval: config.pressureSampleMs,
        }
      : {}),
  });
}
