import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { factories } from '../../test/factories.js';
import { startTestApp, testConfig, type TestContext } from '../../test/harness.js';
import { createAuthService } from './auth.service.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});

/** The database, counting the queries started on it (a session lookup is one select). */
function countingDatabase(db: Database) {
  const counter = { selects: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') counter.selects++;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: counted, counter };
}

async function signedInToken(sessionCacheMs: number) {
  const { db, counter } = countingDatabase(t.db);
  const auth = createAuthService({ db, config: { ...testConfig(), sessionCacheMs } });
  const user = await factories(t.db).siteUser();
  const { token } = await auth.login(
    { userName: user.email, password: user.password },
    { ip: '127.0.0.1', requestId: 'lookup-test', userAgent: 'vitest' },
  );
  counter.selects = 0;
  return { auth, token, user, counter };
}

describe('session lookups', () => {
  it('requests that come together with one token share one lookup', async () => {
    const { auth, token, user, counter } = await signedInToken(5000);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => auth.resolveSession(token)));
    expect(sessions.every((session) => session?.userId === user.id)).toBe(true);
    expect(counter.selects).toBe(1);
  });

  it('a request after a sign-out does not share a lookup begun before it', async () => {
    const { auth, token, counter } = await signedInToken(5000);
    const before = auth.resolveSession(token);
    await auth.logout(token);
    const after = auth.resolveSession(token);
    // On a server the lookup begun first may still run after the sign-out's delete (another pooled
    // connection): it finds the session or not. The lookup after the sign-out finds none either way.
    await before;
    expect(await after).toBeNull();
    expect(counter.selects).toBe(2);
  });

  it('with the reuse turned off, every request looks its session up', async () => {
    const { auth, token, counter } = await signedInToken(0);
    await Promise.all(Array.from({ length: 4 }, () => auth.resolveSession(token)));
    expect(counter.selects).toBe(4);
  });
});
