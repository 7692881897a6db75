import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersEndpoints, type LoggedInUser } from '@vayu/domain';
import { useEffect } from 'react';
import { callEndpoint } from '../../../app/api-client';
import { setStoredUser } from '../../../app/session';
import { authKeys } from './auth-keys';

/** The signed-in user; 401 when the session has ended. */
export function getLoggedInUser(signal?: AbortSignal): Promise<LoggedInUser> {
  return callEndpoint(usersEndpoints.getLoggedInUser, { signal });
}

export const loggedInUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.loggedInUser(),
    queryFn: ({ signal }) => getLoggedInUser(signal),
    staleTime: Infinity,
  });

/**
 * Refreshes the stored user from the server once per app load, so changes to
 * the user or account show without signing in again. A 401 is handled by the
 * API client (session cleared, back to /login).
 */
export function useLoggedInUserRefresh(isSignedIn: boolean): void {
  const { data } = useQuery({ ...loggedInUserQueryOptions(), enabled: isSignedIn });
  useEffect(() => {
    if (data) setStoredUser(data);
  }, [data]);
}
