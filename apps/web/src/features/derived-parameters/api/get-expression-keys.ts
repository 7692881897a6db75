import { queryOptions, useQuery } from '@tanstack/react-query';
import { derivedParametersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

export const expressionKeysQueryOptions = () =>
  queryOptions({
    queryKey: derivedParameterKeys.expressionKeys(),
    queryFn: ({ signal }) => callEndpoint(derivedParametersEndpoints.listExpressionKeys, { signal }),
  });

/** Every key an expression may use, sorted: standard keys and derived series names. */
export function useExpressionKeys() {
  return useQuery(expressionKeysQueryOptions());
}
