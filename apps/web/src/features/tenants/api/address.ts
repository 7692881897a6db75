import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressSchema, type Address, type AddressBody } from '@vayu/domain';
import { apiClient, isApiError } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export type AddressType = Address['addressType'];

/** `GET /api/address/{accountType}/{accountId}/{addressType}`; an account without one answers 404 → null. */
export async function getAddress(
  accountType: string,
  accountId: number,
  addressType: AddressType,
  signal?: AbortSignal,
): Promise<Address | null> {
  try {
    return await apiClient.get(`/address/${accountType}/${accountId}/${addressType}`, {
      schema: addressSchema.nullable(),
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const addressQueryOptions = (accountType: string, accountId: number, addressType: AddressType) =>
  queryOptions({
    queryKey: tenantKeys.address(accountType, accountId, addressType),
    queryFn: ({ signal }) => getAddress(accountType, accountId, addressType, signal),
  });

export function useAddress(accountType: string, accountId: number, addressType: AddressType) {
  return useQuery(addressQueryOptions(accountType, accountId, addressType));
}

/** `POST /api/address/{accountType}/{accountId}/{addressType}`: creates or replaces the address. */
export function saveAddress(
  accountType: string,
  accountId: number,
  addressType: AddressType,
  body: AddressBody,
): Promise<Address> {
  return apiClient.post(`/address/${accountType}/${accountId}/${addressType}`, body, {
    schema: addressSchema,
  });
}

export function useSaveAddress(accountType: string, accountId: number, addressType: AddressType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressBody) => saveAddress(accountType, accountId, addressType, body),
    onSuccess: (saved) =>
      queryClient.setQueryData(tenantKeys.address(accountType, accountId, addressType), saved),
  });
}
