import type { FastifyInstance } from 'fastify';
import { monitoringPointsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { MonitoringPointsService } from './monitoring-points.service.js';

export async function monitoringPointsRoutes(
  app: FastifyInstance,
  { monitoringPoints }: { monitoringPoints: MonitoringPointsService },
) {
  registerEndpoints(app, monitoringPointsEndpoints, {
    listMonitoringPoints: ({ params }, request) => monitoringPoints.list(contextOf(request), params.tenantId),
    createMonitoringPoint: ({ params, body }, request) =>
      monitoringPoints.create(contextOf(request), params.tenantId, body),
    updateMonitoringPoint: ({ params, body }, request) =>
      monitoringPoints.update(contextOf(request), params.tenantId, params.entityId, body),
    deleteMonitoringPoint: ({ params, query }, request) =>
      monitoringPoints.remove(contextOf(request), params.tenantId, params.entityId, query.version),
  });
}
