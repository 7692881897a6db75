import { useMutation } from '@tanstack/react-query';
import { usersEndpoints, type ChangePasswordBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

/** Sets a user's password (204); a 400 carries the failed rules as details. */
export function updatePassword(userId: number, body: ChangePasswordBody): Promise<void> {
  return callEndpoint(usersEndpoints.changePassword, { params: { id: userId }, body });
}

export function useUpdatePassword(userId: number) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => updatePassword(userId, body),
  });
}
