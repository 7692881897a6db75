import type { CORPORATE_TYPES } from '@vayu/domain';

export type CorporateType = (typeof CORPORATE_TYPES)[number];

/** Query keys of the masters feature. */
export const masterKeys = {
  corporates: ['corporates'] as const,
  corporateList: (filters: { type?: CorporateType; status?: 'ENABLED' | 'DISABLED' }) =>
    [...masterKeys.corporates, 'list', filters] as const,
  industries: ['industry-categories'] as const,
  industryList: (includeDeleted: boolean) => [...masterKeys.industries, 'list', { includeDeleted }] as const,
};
