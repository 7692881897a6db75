import { z } from 'zod';
import { defineEndpoint, SITE_ONLY } from '../endpoint.js';
import { corporateBodySchema, corporateListQuerySchema, corporateSchema } from '../masters.js';

/** Corporates (groups of industries) and their corporate accounts. */
export const corporatesEndpoints = {
  listCorporates: defineEndpoint({
    method: 'GET',
    path: '/api/corporates',
    operationId: 'listCorporates',
    tag: 'corporates',
    summary: 'Corporates by type and status, with the number of industries of each',
    access: SITE_ONLY,
    query: corporateListQuerySchema,
    response: z.array(corporateSchema),
  }),
  createCorporate: defineEndpoint({
    method: 'POST',
    path: '/api/corporate',
    operationId: 'createCorporate',
    tag: 'corporates',
    summary: 'Create a corporate and its corporate account',
    access: SITE_ONLY,
    body: corporateBodySchema,
    status: 201,
    response: corporateSchema,
    errors: ['CORPORATE_EXISTS'],
  }),
};
