import type { FastifyInstance } from 'fastify';
import { logsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { LogsService } from './logs.service.js';

export async function logsRoutes(app: FastifyInstance, { logs }: { logs: LogsService }) {
  registerEndpoints(app, logsEndpoints, {
    listActivityLogs: ({ query }, request) => logs.listActivity(contextOf(request), query),
  });
}
