import { useMutation, useQuery } from '@tanstack/react-query';
import { usersEndpoints, type EndpointBody, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { authKeys } from './auth-keys';

export type PasswordTokenInfo = EndpointResponse<typeof usersEndpoints.getPasswordToken>;
export type SetPasswordBody = EndpointBody<typeof usersEndpoints.setPassword>;

/** Whose link it is and what for; PASSWORD_LINK_INVALID when unknown, used or expired. */
export function getPasswordToken(token: string, signal?: AbortSignal): Promise<PasswordTokenInfo> {
  return callEndpoint(usersEndpoints.getPasswordToken, {
    params: { token },
    signal,
    skipUnauthorizedRedirect: true,
  });
}

export function usePasswordToken(token: string) {
  return useQuery({
    queryKey: [...authKeys.all, 'password-token', token] as const,
    queryFn: ({ signal }) => getPasswordToken(token, signal),
    retry: false,
    staleTime: Infinity,
  });
}

/** Sets the password and uses up the link. */
export function setPassword(body: SetPasswordBody): Promise<void> {
  return callEndpoint(usersEndpoints.setPassword, { body, skipUnauthorizedRedirect: true });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
