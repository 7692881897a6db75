import { useMutation, useQueryClient } from '@tanstack/react-query';
import { corporateSchema, type Corporate, type corporateBodySchema } from '@vayu/domain';
import type { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { masterKeys } from './master-keys';

export type CorporateInput = z.input<typeof corporateBodySchema>;

/** `POST /api/corporate`: the corporate and its corporate account. */
export function createCorporate(body: CorporateInput): Promise<Corporate> {
  return apiClient.post('/corporate', body, { schema: corporateSchema });
}

export function useCreateCorporate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCorporate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterKeys.corporates }),
  });
}
