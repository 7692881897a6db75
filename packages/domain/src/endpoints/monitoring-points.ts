import { z } from 'zod';
import { ACCOUNT_ADMINS, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import {
  monitoringPointBodySchema,
  monitoringPointDeleteQuerySchema,
  monitoringPointListSchema,
  monitoringPointSchema,
} from '../monitoring-points.js';
import { idSchema, requireVersion } from './common.js';

export const monitoringPointsParamsSchema = z.object({ tenantId: idSchema });
export const monitoringPointParamsSchema = z.object({ tenantId: idSchema, entityId: idSchema });

/** An industry's monitoring points (the spec's entities) under `/api/tenants/{id}/entities`. */
export const monitoringPointsEndpoints = {
  listMonitoringPoints: defineEndpoint({
    method: 'GET',
    path: '/api/tenants/:tenantId/entities',
    operationId: 'listMonitoringPoints',
    tag: 'devices',
    summary:
      "An industry's monitoring points (stacks, effluent plants, ambient stations, …), by type and name",
    access: SIGNED_IN,
    params: monitoringPointsParamsSchema,
    response: monitoringPointListSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  createMonitoringPoint: defineEndpoint({
    method: 'POST',
    path: '/api/tenants/:tenantId/entities',
    operationId: 'createMonitoringPoint',
    tag: 'devices',
    summary: 'Add a monitoring point to an industry',
    access: ACCOUNT_ADMINS,
    params: monitoringPointsParamsSchema,
    body: monitoringPointBodySchema,
    status: 201,
    response: monitoringPointSchema,
    errors: ['MONITORING_POINT_EXISTS', 'MONITORING_POINT_LIMIT'],
    owned: { param: 'tenantId', kind: 'account' },
  }),
  updateMonitoringPoint: defineEndpoint({
    method: 'PUT',
    path: '/api/tenants/:tenantId/entities/:entityId',
    operationId: 'updateMonitoringPoint',
    tag: 'devices',
    summary: 'Change a monitoring point, from the version the edit started from',
    access: ACCOUNT_ADMINS,
    params: monitoringPointParamsSchema,
    body: requireVersion(monitoringPointBodySchema),
    response: monitoringPointSchema,
    errors: ['MONITORING_POINT_EXISTS', 'STALE_VERSION'],
    owned: { param: 'entityId', kind: 'monitoringPoint' },
  }),
  deleteMonitoringPoint: defineEndpoint({
    method: 'DELETE',
    path: '/api/tenants/:tenantId/entities/:entityId',
    operationId: 'deleteMonitoringPoint',
    tag: 'devices',
    summary:
      'Delete a monitoring point (marked DELETED); with `version`, only if it is still at that version',
    access: ACCOUNT_ADMINS,
    params: monitoringPointParamsSchema,
    query: monitoringPointDeleteQuerySchema,
    response: monitoringPointSchema,
    errors: ['STALE_VERSION', 'MONITORING_POINT_IN_USE'],
    owned: { param: 'entityId', kind: 'monitoringPoint' },
  }),
};
