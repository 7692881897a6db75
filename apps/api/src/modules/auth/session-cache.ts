/**
 * Sessions this process has just looked up, reused for a few seconds so that a
 * burst of requests does not read the same session row each time
 * (docs/decisions/0007-session-cache.md). Keyed by the token's hash, like the
 * table. Sign-out, a password change and disabling a user forget the user's
 * entries here at once; another server process sees those changes within
 * `ttlMs`, since its own entries expire by then.
 */
export interface SessionCache<S extends { userId: number; expiresAt: Date }> {
  /** A session looked up less than `ttlMs` ago and not expired since. */
  get(tokenHash: string, now: number): S | undefined;
  /**
   * The moment a lookup starts; `set` keeps its result only when nothing was
   * forgotten in between (a sign-out racing the lookup must not be undone).
   */
  mark(): number;
  set(tokenHash: string, session: S, mark: number, now: number): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: number): void;
  /** Forgets every session (another process ended some: which ones, it does not say). */
  forgetAll(): void;
}

/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

export function createSessionCache<S extends { userId: number; expiresAt: Date }>(
  ttlMs: number,
): SessionCache<S> {
  const entries = new Map<string, { session: S; until: number }>();
  let forgets = 0;
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now || entry.session.expiresAt.getTime() <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    mark: () => forgets,
    set(tokenHash, session, mark, now) {
      if (ttlMs <= 0 || mark !== forgets) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { session, until: now + ttlMs });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    forgetToken(tokenHash) {
      forgets++;
      entries.delete(tokenHash);
    },
    forgetAll() {
      forgets++;
      entries.clear();
    },
    forgetUser(userId) {
      forgets++;
      for (const [key, entry] of entries) {
        if (entry.session.userId === userId) entries.delete(key);
      }
    },
  };
}
