import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSummarySchema, type CreateUserInput, type UserSummary } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { userKeys } from './user-keys';

export interface CreateUserVariables {
  accountId: number;
  primary: boolean;
  body: CreateUserInput;
}

/**
 * `POST /api/users?accountId=&primary=`. The server refuses with 422
 * LIMIT_EXHAUSTED when the account's user limit is used up, and 409 when the
 * e-mail is taken.
 */
export function createUser({ accountId, primary, body }: CreateUserVariables): Promise<UserSummary> {
  return apiClient.post('/users', body, {
    query: { accountId, primary: primary ? 'true' : undefined },
    schema: userSummarySchema,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
