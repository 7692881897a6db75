import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type EndpointBody, type UserSummary } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys } from './user-keys';

export type UpdateUserInput = EndpointBody<typeof usersEndpoints.updateUser>;

/** Name, e-mail and phone; STALE_VERSION when someone else saved the user since `version`. */
export function updateUser({ id, body }: { id: number; body: UpdateUserInput }): Promise<UserSummary> {
  return callEndpoint(usersEndpoints.updateUser, { params: { id }, body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
