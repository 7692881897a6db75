import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type UserStatus } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys } from './user-keys';

/** Enables or disables a user (a status replace operation); SELF_DISABLE for oneself. */
export function changeUserStatus({ id, status }: { id: number; status: UserStatus }) {
  return callEndpoint(usersEndpoints.setUserStatus, {
    params: { id },
    body: [{ op: 'replace', att: 'status', value: status }],
  });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
