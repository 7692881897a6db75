import { defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { homeSummarySchema } from '../system.js';

/** The home screen. */
export const homeEndpoints = {
  getHomeSummary: defineEndpoint({
    method: 'GET',
    path: '/api/home/summary',
    operationId: 'getHomeSummary',
    tag: 'home',
    summary: 'Counts for the home screen, within your scope',
    access: SIGNED_IN,
    response: homeSummarySchema,
  }),
};
