import { INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE, type LoginBody } from '@vayu/domain';
import type { Config } from '../../config.js';
import { systemScope } from '../../auth/scope.js';
import type { Database } from '../../db/client.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { getDummyHash, verifyPassword } from '../../lib/passwords.js';
import { createSessionToken, hashToken } from '../../lib/tokens.js';
import { recordAudit, selfActor, unknownActor } from '../audit/audit.service.js';
import { findUserByEmail, recordLogin, toLoggedInUser } from '../users/users.repository.js';
import { clearAttempts, deleteFinishedCounters, takeAttempt, uncountAttempt } from './attempts.repository.js';
import {
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  extendSession,
  findLiveSession,
  insertSession,
} from './sessions.repository.js';
import { createSessionCache } from './session-cache.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

/** Failures from one address across all user names may go this many times higher. */
const IP_FAILURE_FACTOR = 4;

const waitFor = (retryAfterMs: number) => rateLimited(TOO_MANY_ATTEMPTS_MESSAGE, retryAfterMs);

/** User names are e-mail addresses, found whatever their case: so are their attempts. */
const userKeyOf = (userName: string) => `user:${userName.trim().toLowerCase()}`;

/** Signing in and resolving a session happen before there is a principal. */
const SIGN_IN_SCOPE = systemScope('sign-in');
const SESSION_SCOPE = systemScope('session');

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

export function createAuthService({
  db,
  config,
}: {
  db: Database;
  config: Pick<
    Config,
    'loginWindowMs' | 'loginMaxFailures' | 'loginBackoffMs' | 'sessionTtlMs' | 'sessionCacheMs'
  >;
}) {
  const cache = createSessionCache<LiveSession>(config.sessionCacheMs);
  /** The back-off of a user name's attempts, and of an address's (which may try more, for many names). */
  const userRule = {
    windowMs: config.loginWindowMs,
    backoffMs: config.loginBackoffMs,
    free: config.loginMaxFailures,
  };
  const ipRule = { ...userRule, free: config.loginMaxFailures * IP_FAILURE_FACTOR };
  /** Session lookups under way, by token hash, with the cache's forget mark when each began. */
  const lookups = new Map<string, { mark: number; lookup: Promise<LiveSession | null> }>();

  async function lookUpSession(tokenHash: string, mark: number): Promise<LiveSession | null> {
    const now = new Date();
    let session = await findLiveSession(db, tokenHash, now, SESSION_SCOPE);
    if (!session) return null;
    if (session.expiresAt.getTime() - now.getTime() < config.sessionTtlMs / 2) {
      const expiresAt = new Date(now.getTime() + config.sessionTtlMs);
      await extendSession(db, session.sessionId, expiresAt);
      session = { ...session, expiresAt };
    }
    cache.set(tokenHash, session, mark, Date.now());
    return session;
  }

  /**
   * Takes the attempt under the user name and the client's address before any
   * password is checked. The first `loginMaxFailures` attempts for a user name
   * in a window go through; after that each one waits for a back-off that
   * doubles from `loginBackoffMs` up to the window (429 with Retry-After and
   * `retryAfterSeconds`, which the sign-in form words). Of many attempts that
   * come together, only the free ones get a password check; the right password
   * from another address waits like any other, but never for long.
   */
  async function takeSignInAttempt(userKey: string, ipKey: string) {
    // The address first: an address that must wait uses up nothing of the user name's attempts.
    const fromAddress = await takeAttempt(db, ipKey, ipRule);
    if (!fromAddress.allowed) throw waitFor(fromAddress.retryAfterMs);
    const forUser = await takeAttempt(db, userKey, userRule);
    if (!forUser.allowed) {
      // Nor does a user name that must wait use up the address's: the attempt is given back.
      await uncountAttempt(db, ipKey, ipRule.free);
      throw waitFor(forUser.retryAfterMs);
    }
  }

  return {
    /**
     * Whether `password` is the signed-in user's current one (changing their own
     * password). Counted as a sign-in attempt of their user name, so a session
     * left open cannot be used to guess the password; right, it starts the count again.
     */
    async checkCurrentPassword(user: { email: string; passwordHash: string }, password: string) {
      const userKey = userKeyOf(user.email);
      const attempt = await takeAttempt(db, userKey, userRule);
      if (!attempt.allowed) throw waitFor(attempt.retryAfterMs);
      const isRight = await verifyPassword(user.passwordHash, password);
      if (isRight) await clearAttempts(db, userKey);
      return isRight;
    },

    async login(body: LoginBody, client: ClientInfo) {
      const userKey = userKeyOf(body.userName);
      const ipKey = `ip:${client.ip}`;
      await takeSignInAttempt(userKey, ipKey);

      const user = await findUserByEmail(db, body.userName, SIGN_IN_SCOPE);
      const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), body.password);
      if (!user || !isValid) {
        // The attempt is already counted. A known and an unknown user name do the same work,
        // so the answer's timing does not tell them apart: a password check (against a dummy
        // hash for an unknown name) and one row in the trail (the platform's, for an unknown name).
        await recordAudit(db, user ? selfActor(user, client) : unknownActor(body.userName, client), {
          entity: 'session',
          entityId: null,
          action: 'LOGIN_FAILED',
          tenantId: user?.accountId ?? null,
        });
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
      }
      if (user.status !== 'ENABLED')
        throw new AppError('USER_DISABLED', 'This user is disabled. Please contact your administrator.');
      if (user.accountStatus !== 'ENABLED' && user.accountType !== 'site') {
        throw new AppError(
          'ACCOUNT_DISABLED',
          'This account is disabled. Please contact your partner or the platform team.',
        );
      }

      const token = createSessionToken();
      const expiresAt = new Date(Date.now() + config.sessionTtlMs);
      await db.transaction(async (tx) => {
        // A sign-in that succeeds starts the user's count again and takes itself off the address's.
        await clearAttempts(tx, userKey);
        await uncountAttempt(tx, ipKey, ipRule.free);
        const sessionId = await insertSession(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          expiresAt,
        });
        await recordLogin(tx, user.id, SIGN_IN_SCOPE);
        await recordAudit(tx, selfActor(user, client), {
          entity: 'session',
          entityId: sessionId,
          action: 'LOGIN',
          tenantId: user.accountId,
        });
      });
      return { token, expiresAt, user: toLoggedInUser(user) };
    },

    /**
     * The session behind a token, extended when more than half its lifetime
     * has passed. A session this process looked up in the last
     * `sessionCacheMs` is reused without reading the table.
     */
    async resolveSession(token: string) {
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash, Date.now());
      if (cached) return cached;
      const mark = cache.mark();
      // Requests that come together with one token (a page's calls, a client's burst as its
      // cached session runs out) share one lookup, unless a session was forgotten since it began.
      const running = lookups.get(tokenHash);
      if (running && running.mark === mark) return running.lookup;
      const lookup = lookUpSession(tokenHash, mark).finally(() => {
        if (lookups.get(tokenHash)?.lookup === lookup) lookups.delete(tokenHash);
      });
      if (config.sessionCacheMs > 0) lookups.set(tokenHash, { mark, lookup });
      return lookup;
    },

    async logout(token: string | undefined) {
      if (!token) return;
      const tokenHash = hashToken(token);
      await deleteSessionByTokenHash(db, tokenHash);
      cache.forgetToken(tokenHash);
    },

    /**
     * Drops what this process remembers of a user's sessions. Call it after
     * the transaction that ends or changes them has committed.
     */
    forgetUserSessions(userId: number) {
      cache.forgetUser(userId);
    },

    /**
     * Deletes sessions that have expired and attempt counts whose window has
     * passed with no wait pending: the tables stay the size of what is in use,
     * whatever names and addresses sign-ins came with. Safe in any number of processes.
     */
    async sweep(now = new Date()) {
      await deleteExpiredSessions(db, now);
      // Counters of the endpoints' one-minute limits and of sign-in windows alike.
      await deleteFinishedCounters(db, new Date(now.getTime() - Math.max(config.loginWindowMs, 60_000)));
    },

    /**
     * Drops every session this process remembers: sessions were ended
     * (an account disabled, say) here or in another process.
     */
    forgetAllSessions() {
      cache.forgetAll();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
