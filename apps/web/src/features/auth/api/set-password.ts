import { useMutation, useQuery } from '@tanstack/react-query';
import { passwordTokenInfoSchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { authKeys } from './auth-keys';

export type PasswordTokenInfo = z.infer<typeof passwordTokenInfoSchema>;

/** `GET /api/auth/password-token/{token}`: whose link it is and what for; 404 when invalid or expired. */
export function getPasswordToken(token: string, signal?: AbortSignal): Promise<PasswordTokenInfo> {
  return apiClient.get(`/auth/password-token/${encodeURIComponent(token)}`, {
    schema: passwordTokenInfoSchema,
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

/** `POST /api/auth/set-password`: sets the password and uses up the link. */
export function setPassword(body: { token: string; password: string }): Promise<unknown> {
  return apiClient.post('/auth/set-password', body, { skipUnauthorizedRedirect: true });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
