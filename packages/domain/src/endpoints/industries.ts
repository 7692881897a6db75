import { z } from 'zod';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import {
  industryCategoryBodySchema,
  industryCategoryListQuerySchema,
  industryCategorySchema,
  industryCategoryUpdateSchema,
} from '../masters.js';
import { idParamsSchema } from './common.js';

/** The industry category master. */
export const industriesEndpoints = {
  listIndustryCategories: defineEndpoint({
    method: 'GET',
    path: '/api/industries',
    operationId: 'listIndustryCategories',
    tag: 'industries',
    summary: 'Industry categories, with the number of industries using each',
    access: SIGNED_IN,
    query: industryCategoryListQuerySchema,
    response: z.array(industryCategorySchema),
  }),
  createIndustryCategory: defineEndpoint({
    method: 'POST',
    path: '/api/industry',
    operationId: 'createIndustryCategory',
    tag: 'industries',
    summary: 'Add an industry category',
    access: SITE_ONLY,
    body: industryCategoryBodySchema,
    status: 201,
    response: industryCategorySchema,
    errors: ['CATEGORY_EXISTS'],
  }),
  updateIndustryCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/industry/:id',
    operationId: 'updateIndustryCategory',
    tag: 'industries',
    summary: 'Rename an industry category (from the version the form started with)',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: industryCategoryUpdateSchema,
    response: industryCategorySchema,
    errors: ['CATEGORY_EXISTS', 'STALE_VERSION'],
  }),
  deleteIndustryCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/industry/:id',
    operationId: 'deleteIndustryCategory',
    tag: 'industries',
    summary: 'Delete an industry category (marked DELETED; industries keep theirs)',
    access: SITE_ONLY,
    params: idParamsSchema,
    response: industryCategorySchema,
  }),
};
