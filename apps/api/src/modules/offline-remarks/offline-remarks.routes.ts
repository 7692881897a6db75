import type { FastifyInstance } from 'fastify';
import { offlineRemarksEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { OfflineRemarksService } from './offline-remarks.service.js';

export async function offlineRemarksRoutes(
  app: FastifyInstance,
  { offlineRemarks }: { offlineRemarks: OfflineRemarksService },
) {
  registerEndpoints(app, offlineRemarksEndpoints, {
    listOfflineRemarks: ({ query }, request) => offlineRemarks.list(contextOf(request), query),
    createOfflineRemark: ({ body }, request) => offlineRemarks.create(contextOf(request), body),
    resolveOfflineRemark: ({ params }, request) => offlineRemarks.resolve(contextOf(request), params.id),
  });
}
