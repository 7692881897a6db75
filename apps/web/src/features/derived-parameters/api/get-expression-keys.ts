import { queryOptions, useQuery } from '@tanstack/react-query';
import { expressionKeySchema, type ExpressionKey } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** `GET /api/derivedParameters/keys`: every key an expression may use, sorted. */
export function getExpressionKeys(signal?: AbortSignal): Promise<ExpressionKey[]> {
  return apiClient.get('/derivedParameters/keys', { schema: z.array(expressionKeySchema), signal });
}

export const expressionKeysQueryOptions = () =>
  queryOptions({
    queryKey: derivedParameterKeys.expressionKeys(),
    queryFn: ({ signal }) => getExpressionKeys(signal),
  });

export function useExpressionKeys() {
  return useQuery(expressionKeysQueryOptions());
}
