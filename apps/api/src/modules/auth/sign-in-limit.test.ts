import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditLogs } from '../../db/schema/index.js';
import { factories } from '../../test/factories.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';

/*
 * Issue "hostile input and sessions", finding 2: the sign-in limit was checked
 * before failures were counted, so 100 attempts that came together all had
 * their password checked, and the right one after them signed in.
 */

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});

const signIn = (userName: string, password: string, ip = '10.1.1.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: CONSOLE_HEADERS,
    remoteAddress: ip,
    payload: { userName, password },
  });

async function failedChecksOf(userId: number, context: TestContext = t) {
  const rows = await context.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorUserId, userId), eq(auditLogs.action, 'LOGIN_FAILED')));
  return rows.length;
}

describe('sign-in limit', () => {
  it('100 wrong passwords that come together get at most 5 password checks; the right one is then refused', async () => {
    const user = await factories(t.db).siteUser();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(user.email, `Wrong#Pass${i}`, `10.2.${i % 50}.1`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      100 - statuses.filter((status) => status === 401).length,
    );
    expect(await failedChecksOf(user.id)).toBeLessThanOrEqual(5);

    const right = await signIn(user.email, user.password, '10.3.0.1');
    expect(right.statusCode).toBe(429);
    // The wait is 30 s from the attempt that passed the limit, less what has gone by since: at
    // most the time these requests took (seconds on a busy machine).
    const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
    const { error } = right.json<{ error: { code: string; params: { retryAfterSeconds: number } } }>();
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.params.retryAfterSeconds).toBeGreaterThanOrEqual(30 - elapsedSeconds);
    expect(error.params.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(right.headers['retry-after']).toBe(String(error.params.retryAfterSeconds));
  });

  it('counts a user name whatever its case', async () => {
    const user = await factories(t.db).siteUser();
    for (let i = 0; i < 5; i++) {
      const name = i % 2 === 0 ? user.email.toUpperCase() : user.email;
      expect((await signIn(name, 'Wrong#Pass1', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password, '10.4.0.2')).statusCode).toBe(429);
  });

  it('sign-ins that succeed do not use up the limit of their address (an office behind one address)', async () => {
    const make = factories(t.db);
    for (let i = 0; i < 25; i++) {
      const user = await make.siteUser();
      expect((await signIn(user.email, user.password, '10.5.0.1')).statusCode).toBe(200);
    }
    const last = await make.siteUser();
    expect((await signIn(last.email, 'Wrong#Pass1', '10.5.0.1')).statusCode).toBe(401);
  });
});

/*
 * Finding 5: five wrong attempts from anywhere locked a user out for fifteen
 * minutes. Past the free attempts a user name now waits, a wait that doubles
 * with each attempt and that attempts made while waiting do not lengthen.
 */
describe('sign-in back-off', () => {
  let b: TestContext;
  beforeAll(async () => {
    b = await startTestApp({ loginMaxFailures: 3, loginBackoffMs: 1000 });
  });

  const attempt = (userName: string, password: string, ip: string) =>
    b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: CONSOLE_HEADERS,
      remoteAddress: ip,
      payload: { userName, password },
    });

  /** Tries until the answer is not a back-off refusal (the wait has passed). */
  async function attemptOnceAllowed(userName: string, password: string, ip: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await attempt(userName, password, ip);
      if (answer.statusCode !== 429 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const waitOf = (answer: LightMyRequestResponse) =>
    (answer.json() as { error: { params: { retryAfterSeconds: number } } }).error.params.retryAfterSeconds;

  it('makes a user name wait after the free attempts, twice as long after each, then lets the right password in', async () => {
    const user = await factories(b.db).siteUser();
    for (let i = 0; i < 3; i++)
      expect((await attempt(user.email, 'Wrong#Pass1', '10.7.0.1')).statusCode).toBe(401);

    const waiting = await attempt(user.email, user.password, '10.7.0.2');
    expect(waiting.statusCode).toBe(429);
    expect(waitOf(waiting)).toBe(1);

    // Once the wait has passed, one more attempt is checked, and the next wait is twice as long.
    expect((await attemptOnceAllowed(user.email, 'Wrong#Pass2', '10.7.0.3')).statusCode).toBe(401);
    const longer = await attempt(user.email, user.password, '10.7.0.2');
    expect(longer.statusCode).toBe(429);
    expect(waitOf(longer)).toBe(2);

    // Trying while waiting does not make the wait longer.
    for (let i = 0; i < 10; i++) {
      const again = await attempt(user.email, 'Wrong#Pass3', `10.7.1.${i}`);
      expect(again.statusCode).toBe(429);
      expect(waitOf(again)).toBeLessThanOrEqual(2);
    }
    expect(await failedChecksOf(user.id, b)).toBe(4);

    // The right password gets in after the wait, from an address that never failed.
    expect((await attemptOnceAllowed(user.email, user.password, '10.7.0.9')).statusCode).toBe(200);
    // And the user starts again with free attempts.
    expect((await attempt(user.email, 'Wrong#Pass4', '10.7.0.1')).statusCode).toBe(401);
  });
});
