import { partnersEndpoints, tenantsEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

export type TenantToggleStatus = 'ENABLED' | 'DISABLED';

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
  if (status === 'ENABLED') {
    await callEndpoint(partnersEndpoints.addPartnerRequest, { body: { tenantId, partnerId } });
  }
  await callEndpoint(tenantsEndpoints.changeAccountStatus, { params: { id: tenantId }, body: { status } });
}
