import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressesEndpoints, type Address, type AddressBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { hasErrorCode } from '../../../app/error-message';
import { tenantKeys } from './tenant-keys';

export type AddressType = Address['addressType'];

/** An account's address of this type; null when it has none (or the account is not one the user may see). */
export async function getAddress(
  accountType: string,
  accountId: number,
  addressType: AddressType,
  signal?: AbortSignal,
): Promise<Address | null> {
  try {
    return await callEndpoint(addressesEndpoints.getAddress, {
      params: { accountType, accountId, addressType },
      signal,
    });
  } catch (error) {
    if (hasErrorCode(error, 'NOT_FOUND')) return null;
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

/** Creates or replaces the address (an update carries the version it started from). */
export function useSaveAddress(accountType: string, accountId: number, addressType: AddressType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressBody) =>
      callEndpoint(addressesEndpoints.saveAddress, {
        params: { accountType, accountId, addressType },
        body,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(tenantKeys.address(accountType, accountId, addressType), saved),
  });
}
