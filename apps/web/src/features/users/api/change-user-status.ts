import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPatchBody, UserStatus } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { userKeys } from './user-keys';

/** `PATCH /api/users/{id}` with a status replace operation. */
export function changeUserStatus({ id, status }: { id: number; status: UserStatus }): Promise<unknown> {
  const body: UserPatchBody = [{ op: 'replace', att: 'status', value: status }];
  return apiClient.patch(`/users/${id}`, body);
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
