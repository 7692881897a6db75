import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSummarySchema, type updateUserBodySchema, type UserSummary } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { userKeys } from './user-keys';

export type UpdateUserInput = z.input<typeof updateUserBodySchema>;

/** `PUT /api/users/{id}`: 409 when someone else saved the user since `version`. */
export function updateUser({ id, body }: { id: number; body: UpdateUserInput }): Promise<UserSummary> {
  return apiClient.put(`/users/${id}`, body, { schema: userSummarySchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
