import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type LoggedInUser, type LoginBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { setStoredUser } from '../../../app/session';
import { authKeys } from './auth-keys';

/** Starts a session (httpOnly cookie) and answers the user. */
export function login(body: LoginBody): Promise<LoggedInUser> {
  // A 401 here means wrong credentials, not an expired session.
  return callEndpoint(authEndpoints.login, { body, skipUnauthorizedRedirect: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setStoredUser(user);
      queryClient.setQueryData(authKeys.loggedInUser(), user);
    },
  });
}
