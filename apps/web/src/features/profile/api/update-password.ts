import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';

/** `POST /api/users/{id}/password/update` (204). A 400 carries the failed rules as details. */
export function updatePassword(userId: number, body: ChangePasswordBody): Promise<void> {
  return apiClient.post<void>(`/users/${userId}/password/update`, body);
}

export function useUpdatePassword(userId: number) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => updatePassword(userId, body),
  });
}
