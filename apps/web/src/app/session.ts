import { loggedInUserSchema, type LoggedInUser } from '@vayu/domain';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, subscribeToSession } from './session-storage';

export * from './session-storage';

// The parsed user is cached against the raw stored text, so every render sees the
// same object until the stored value really changes.
let cache: { raw: string | null; user: LoggedInUser | null } = { raw: null, user: null };

/**
 * The signed-in user kept in localStorage. A value that is not valid JSON or
 * does not match the schema is treated as corrupt: storage is cleared and there
 * is no user, so the guard sends the visitor to /login.
 */
export function getStoredUser(): LoggedInUser | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.user);
  if (raw === cache.raw) return cache.user;
  let user: LoggedInUser | null = null;
  if (raw !== null) {
    try {
      user = loggedInUserSchema.parse(JSON.parse(raw));
    } catch {
      window.localStorage.clear();
      cache = { raw: null, user: null };
      return null;
    }
  }
  cache = { raw, user };
  return user;
}

/** The signed-in user, re-rendering when it changes (sign-in, sign-out, 401, another tab). */
export function useSessionUser(): LoggedInUser | null {
  return useSyncExternalStore(subscribeToSession, getStoredUser, () => null);
}
