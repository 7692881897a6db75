import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type LoggedInUser } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { getStoredUser, setStoredUser } from '../../../app/session';
import { authKeys } from './auth-keys';

/** The signed-in user; 401 when the session has ended. */
export function getLoggedInUser(signal?: AbortSignal): Promise<LoggedInUser> {
  return callEndpoint(authEndpoints.getLoggedInUser, { signal });
}

/**
 * Stores the server's answer over the session this tab holds, and only over
 * that: a session ended meanwhile (sign-out, a 401, a corrupt stored user,
 * another tab) or now held by another user is left as it is. An answer never
 * signs anyone back in.
 */
function refreshStoredUser(user: LoggedInUser): void {
  if (getStoredUser()?.id === user.id) setStoredUser(user);
}

export const loggedInUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.loggedInUser(),
    queryFn: async ({ signal }) => {
      const user = await getLoggedInUser(signal);
      refreshStoredUser(user);
      return user;
    },
    staleTime: Infinity,
  });

/**
 * Refreshes the stored user from the server once per app load, so changes to
 * the user or account show without signing in again. A 401 is handled by the
 * API client (session cleared, back to /login). Only the server's answer is
 * stored: the user the cache was given at sign-in (already stored then) is
 * never written again, so a session cleared since stays cleared.
 */
export function useLoggedInUserRefresh(isSignedIn: boolean): void {
  // The layout uses no part of the answer: its arrival does not draw the console again
  // (the stored user, when it changed, does, through useSessionUser).
  useQuery({ ...loggedInUserQueryOptions(), enabled: isSignedIn, notifyOnChangeProps: [] });
}
