import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { userKeys } from './user-keys';

/** `POST /api/users/reset/{accountId}/{userId}`: mails the user a link to set a new password. */
export function resetUserPassword({ accountId, userId }: { accountId: number; userId: number }) {
  return apiClient.post<unknown>(`/users/reset/${accountId}/${userId}`);
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
