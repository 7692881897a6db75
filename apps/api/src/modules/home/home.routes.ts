import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummarySchema } from '@vayu/domain';
import { contextOf } from '../../plugins/authentication.js';
import type { createHomeService } from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod<{ home: ReturnType<typeof createHomeService> }> = async (
  app,
  { home },
) => {
  app.get(
    '/api/home/summary',
    {
      schema: {
        tags: ['home'],
        summary: 'Counts for the home screen, within your scope',
        response: { 200: homeSummarySchema },
      },
    },
    (request) => home.getSummary(contextOf(request)),
  );
};
