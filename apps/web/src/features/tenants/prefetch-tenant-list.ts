import type { QueryClient } from '@tanstack/react-query';
import { getStoredUser } from '../../app/session';
import { partnerOptionsQueryOptions } from './api/get-lookups';
import { tenantsQueryOptions } from './api/get-tenants';
import { tenantListQueryAt } from './tenant-list-query';

/**
 * Asks for the tenant list's first page (and, for site users, the partner
 * filter's choices) while the screen's code is still loading; the screen then
 * finds them in the query cache under the same keys. Settles when both are
 * answered (a failure is left for the screen to show).
 */
export async function prefetchTenantList(queryClient: QueryClient, url: URL): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(tenantsQueryOptions(tenantListQueryAt(url.search))),
    getStoredUser()?.userType === 'site' ? queryClient.prefetchQuery(partnerOptionsQueryOptions()) : null,
  ]);
}
