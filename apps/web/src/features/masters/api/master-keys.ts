import type { CORPORATE_TYPES, corporatesEndpoints, EndpointQuery } from '@vayu/domain';

export type CorporateType = (typeof CORPORATE_TYPES)[number];
/** The corporate list's query, as `GET /api/corporates` defines it. */
export type CorporateListQuery = EndpointQuery<typeof corporatesEndpoints.listCorporates>;

/** Query keys of the corporates and industry category screens. */
export const masterKeys = {
  corporates: ['corporates'] as const,
  corporateList: (query: CorporateListQuery) => [...masterKeys.corporates, 'list', query] as const,
  industries: ['industry-categories'] as const,
  industryList: (includeDeleted: boolean) => [...masterKeys.industries, 'list', { includeDeleted }] as const,
};
