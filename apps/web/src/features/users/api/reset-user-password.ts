import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys } from './user-keys';

/** Mails the user a link to set a new password. */
export function resetUserPassword({ accountId, userId }: { accountId: number; userId: number }) {
  return callEndpoint(usersEndpoints.requestPasswordReset, { params: { accountId, userId } });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
