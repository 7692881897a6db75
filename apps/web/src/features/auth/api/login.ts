import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loggedInUserSchema, type LoggedInUser, type LoginBody } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { setStoredUser } from '../../../app/session';
import { authKeys } from './auth-keys';

/** `POST /api/auth/login`: starts a session (httpOnly cookie) and answers the user. */
export function login(body: LoginBody): Promise<LoggedInUser> {
  return apiClient.post('/auth/login', body, {
    schema: loggedInUserSchema,
    // A 401 here means wrong credentials, not an expired session.
    skipUnauthorizedRedirect: true,
  });
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
