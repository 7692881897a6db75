import { PAGE_SIZES, tenantListQuerySchema } from '@vayu/domain';
import { readListQuery } from '../../components/list';

export const TENANT_PAGE_SIZE = PAGE_SIZES.tenants;

/** The list shows industries only, a fixed page size; the URL names the remote check filter `remote`. */
export const TENANT_LIST_OPTIONS = {
  fixed: { pageSize: TENANT_PAGE_SIZE, type: 'tenant' as const },
  urlNames: { remoteCalibration: 'remote' },
};

/** The query of the tenant list at a URL's search part, as the list reads it. */
export function tenantListQueryAt(search: string) {
  return readListQuery(tenantListQuerySchema, search, TENANT_LIST_OPTIONS);
}
