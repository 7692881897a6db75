import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityLogQuerySchema, activityLogRowSchema, pageOf } from '@vayu/domain';
import { contextOf } from '../../plugins/authentication.js';
import type { LogsService } from './logs.service.js';

export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs }) => {
  app.get(
    '/api/logs',
    {
      schema: {
        tags: ['audit'],
        summary:
          'Sign-ins and changes per tenant and user in a date range (default the last 7 days), 20 per page',
        querystring: activityLogQuerySchema,
        response: { 200: pageOf(activityLogRowSchema) },
      },
    },
    (request) => logs.listActivity(contextOf(request), request.query),
  );
};
