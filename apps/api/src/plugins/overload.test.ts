import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openTestDatabase, testConfig } from '../test/harness.js';
import { OVERLOAD_RETRY_AFTER_S } from './overload.js';

/** Keeps the event loop busy for `ms`, as a stuck handler would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else runs meanwhile
  }
}

/** Waits (polling /api/health) until the server answers with `status`. */
async function untilHealth(app: FastifyInstance, status: number, timeout: number, interval: number) {
  await expect
    .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
      timeout,
      interval,
    })
    .toBe(status);
}

describe('overload guard', () => {
  it('answers 503 with Retry-After while the event loop lags, and serves again once it recovers', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig({ maxEventLoopDelayMs: 40, pressureSampleMs: 20 }), database);
    await app.ready();
    try {
      // The start itself may have lagged the loop: wait for a quiet sample first.
      await untilHealth(app, 200, 10_000, 50);

      // Lag the loop until a sample sees it; the next request is turned away.
      let busy: Awaited<ReturnType<typeof app.inject>> | undefined;
      await expect
        .poll(
          async () => {
            blockEventLoop(300);
            await new Promise((resolve) => setTimeout(resolve, 25));
            busy = await app.inject({ method: 'GET', url: '/api/tenants' });
            return busy.statusCode;
          },
          { timeout: 10_000, interval: 0 },
        )
        .toBe(503);
      expect(busy?.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_S));
      expect(busy?.json()).toMatchObject({
        error: { code: 'UNAVAILABLE', message: 'The server is busy. Please try again in a few seconds.' },
      });

      // Left alone, the loop recovers and requests are served again.
      await untilHealth(app, 200, 10_000, 50);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 while more requests than allowed wait for a database connection (PostgreSQL)', async () => {
    const database = await openTestDatabase();
    let waiting = 0;
    const app = await buildApp(testConfig({ maxPoolWaiting: 5, pressureSampleMs: 20 }), {
      ...database,
      waitingForConnection: () => waiting,
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      waiting = 6;
      await untilHealth(app, 503, 5000, 20);
      waiting = 0;
      await untilHealth(app, 200, 5000, 20);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
