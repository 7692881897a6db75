import { useQuery } from '@tanstack/react-query';
import { parametersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

/** The units a parameter's readings may arrive in, with the factor to its standard unit. */
export function useParameterUnits(id: number | null) {
  return useQuery({
    queryKey: [...parameterKeys.all, 'units', id],
    queryFn: ({ signal }) =>
      callEndpoint(parametersEndpoints.getParameterUnits, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
