import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changeTenantStatusBodySchema } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';

export type AccountStatusChange = z.infer<typeof changeTenantStatusBodySchema>['status'];

/** `POST /api/changeTenantStatus/{id}`: enables or disables an account (tenant or partner). */
export function changeAccountStatus({ id, status }: { id: number; status: AccountStatusChange }) {
  return apiClient.post<unknown>(`/changeTenantStatus/${id}`, { status });
}

/** The caller refreshes its own list: the row was already changed optimistically. */
export function useChangeAccountStatus() {
  return useMutation({ mutationFn: changeAccountStatus });
}
