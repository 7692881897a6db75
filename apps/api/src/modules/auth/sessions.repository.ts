import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { type DataScope, accountsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, sessions, users } from '../../db/schema/index.js';

export async function insertSession(
  exec: Executor,
  values: { tokenHash: string; userId: number; ip: string; userAgent: string | null; expiresAt: Date },
) {
  const [row] = await exec.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

/** A live session with its user and account; null when expired, unknown or the user is disabled. */
export async function findLiveSession(exec: Executor, tokenHash: string, now: Date, scope: DataScope) {
  const rows = await exec
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      role: users.role,
      accountId: accounts.id,
      accountType: accounts.type,
      accountPartnerId: accounts.partnerId,
      accountCorporateId: accounts.corporateId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        eq(users.status, 'ENABLED'),
        // A session ends with its account, as signing in is refused for a disabled account.
        or(eq(accounts.status, 'ENABLED'), eq(accounts.type, 'site')),
        accountsWhere(scope),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function extendSession(exec: Executor, sessionId: number, expiresAt: Date) {
  await exec.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

/*
 * Each function that ends sessions also tells the other server processes
 * (SESSIONS_ENDED_CHANNEL, delivered when the transaction commits), so that
 * none of them goes on reusing a session it looked up a moment before.
 */

export async function deleteSessionByTokenHash(exec: Executor, tokenHash: string) {
  await exec.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await announceSessionsEnded(exec);
}

/** Ends every session of a user, except optionally the one in use. */
export async function deleteUserSessions(exec: Executor, userId: number, exceptSessionId?: number) {
  await exec
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
  await announceSessionsEnded(exec);
}

/** Ends every session of the users of an account. */
export async function deleteAccountSessions(exec: Executor, accountId: number) {
  await exec
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        exec.select({ id: users.id }).from(users).where(eq(users.accountId, accountId)),
      ),
    );
  await announceSessionsEnded(exec);
}

/**
 * The channel on which a process that ended sessions tells the others: each
 * forgets the sessions it looked up in the last seconds (docs/decisions/0007).
 */
export const SESSIONS_ENDED_CHANNEL = 'vayu_sessions_ended';

/** Tells every server process, when the transaction commits, that sessions were ended. */
async function announceSessionsEnded(exec: Executor) {
  await exec.execute(sql`SELECT pg_notify(${SESSIONS_ENDED_CHANNEL}, '')`);
}

export async function deleteExpiredSessions(exec: Executor, now: Date) {
  await exec.delete(sessions).where(lt(sessions.expiresAt, now));
}
