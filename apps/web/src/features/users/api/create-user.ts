import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type CreateUserInput, type UserSummary } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys } from './user-keys';

export interface CreateUserVariables {
  accountId: number;
  primary: boolean;
  body: CreateUserInput;
}

/**
 * Adds a user to an account. Refused with USER_LIMIT_EXHAUSTED when the
 * account's user limit is used up, and EMAIL_EXISTS when the e-mail is taken.
 */
export function createUser({ accountId, primary, body }: CreateUserVariables): Promise<UserSummary> {
  return callEndpoint(usersEndpoints.createUser, {
    query: { accountId, primary: primary || undefined },
    body,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
