import { apiClient } from '../../../app/api-client';

export type TenantToggleStatus = 'ENABLED' | 'DISABLED';

/** `POST /api/changeTenantStatus/{id}` (site users). */
export function changeTenantStatus(id: number, status: TenantToggleStatus): Promise<unknown> {
  return apiClient.post(`/changeTenantStatus/${id}`, { status });
}

/** `POST /api/addPartnerRequest`: records the partner's request before an industry is enabled. */
export function addPartnerRequest(tenantId: number, partnerId: number): Promise<unknown> {
  return apiClient.post('/addPartnerRequest', { tenantId, partnerId });
}

export interface ChangeStatusInput {
  tenantId: number;
  partnerId: number;
  status: TenantToggleStatus;
}

/**
 * Spec §4: enabling goes through a partner request first, then the status
 * change; disabling is the status change alone.
 */
export async function setTenantStatus({ tenantId, partnerId, status }: ChangeStatusInput): Promise<void> {
  if (status === 'ENABLED') await addPartnerRequest(tenantId, partnerId);
  await changeTenantStatus(tenantId, status);
}
