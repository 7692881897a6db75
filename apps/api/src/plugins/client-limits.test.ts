import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  CONSOLE_HEADERS,
  closeAfterFile,
  startTestApp,
  testConfig,
  type TestContext,
} from '../test/harness.js';

/*
 * Endpoints open to anyone (sign-in, the password links) are limited per
 * client address, counted in the database so that every API process agrees.
 */

let t: TestContext;
const LIMIT = 4;

beforeAll(async () => {
  t = await startTestApp({ clientRateLimitPerMinute: LIMIT });
});

const checkLink = (app: TestContext['app'], ip: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/password-token/not-a-real-link-token-0123456789',
    remoteAddress: ip,
  });

describe('per-client limits', () => {
  it('answers 429 RATE_LIMITED with Retry-After once an address has used up its minute, other addresses unaffected', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const answer = await checkLink(t.app, '10.9.0.1');
      expect(answer.json()).toMatchObject({ error: { code: 'PASSWORD_LINK_INVALID' } });
    }
    const refused = await checkLink(t.app, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await checkLink(t.app, '10.9.0.2')).json()).toMatchObject({
      error: { code: 'PASSWORD_LINK_INVALID' },
    });
  });

  it('counts each endpoint on its own, and refuses a body before reading it', async () => {
    for (let i = 0; i < LIMIT; i++) await checkLink(t.app, '10.9.1.1');
    const setPassword = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        headers: CONSOLE_HEADERS,
        remoteAddress: '10.9.1.1',
        payload: { token: 'x'.repeat(40), password: 'Fresh#Pass9' },
      });
    const first = await setPassword();
    expect(first.statusCode).not.toBe(429);
    for (let i = 1; i < LIMIT; i++) await setPassword();
    expect((await setPassword()).statusCode).toBe(429);
  });

  it('is shared by API processes on one database', async () => {
    const other = await buildApp(testConfig({ clientRateLimitPerMinute: LIMIT }), t.database);
    closeAfterFile(() => other.close());
    await other.ready();
    for (let i = 0; i < LIMIT; i++) {
      const app = i % 2 === 0 ? t.app : other;
      expect((await checkLink(app, '10.9.2.1')).statusCode).not.toBe(429);
    }
    expect((await checkLink(other, '10.9.2.1')).statusCode).toBe(429);
    expect((await checkLink(t.app, '10.9.2.1')).statusCode).toBe(429);
  });

  it('does not limit signed-in endpoints', async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/users/loggedin',
        remoteAddress: '10.9.3.1',
      });
      expect(answer.statusCode).toBe(401);
    }
  });
});
