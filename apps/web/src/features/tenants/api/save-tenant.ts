import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantsEndpoints, type AccountFormType, type TenantForm } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/**
 * The form as multipart fields: the server parses them with the same schema,
 * where '' means "not given". The logo goes last so the text fields are read first.
 */
export function toTenantFormData(values: TenantForm, logo: File | null, version?: number): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    data.append(name, value === null || value === undefined ? '' : String(value));
  }
  if (version !== undefined) data.append('version', String(version));
  if (logo) data.append('logo', logo, logo.name);
  return data;
}

/** Adds an industry under a partner ('partner') or a board account ('statutory'). */
export function createTenant(type: AccountFormType, values: TenantForm, logo: File | null) {
  return callEndpoint(tenantsEndpoints.createAccount, {
    params: { type },
    body: toTenantFormData(values, logo),
  });
}

/** Saves the edit form from the version it started with (STALE_VERSION when someone saved first). */
export function updateTenant(id: number, values: TenantForm, logo: File | null, version: number) {
  return callEndpoint(tenantsEndpoints.updateAccount, {
    params: { id },
    body: toTenantFormData(values, logo, version),
  });
}

export function useCreateTenant(type: AccountFormType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, logo }: { values: TenantForm; logo: File | null }) =>
      createTenant(type, values, logo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.lists() }),
  });
}

export function useUpdateTenant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, logo, version }: { values: TenantForm; logo: File | null; version: number }) =>
      updateTenant(id, values, logo, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
