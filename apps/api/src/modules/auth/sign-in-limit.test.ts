import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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

async function failedChecksOf(userId: number) {
  const rows = await t.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorUserId, userId), eq(auditLogs.action, 'LOGIN_FAILED')));
  return rows.length;
}

describe('sign-in limit', () => {
  it('100 wrong passwords that come together get at most 5 password checks; the right one is then refused', async () => {
    const user = await factories(t.db).siteUser();
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
    expect(right.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
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
