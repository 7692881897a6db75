import type { FastifyInstance } from 'fastify';
import { alertsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { AlertsService } from './alerts.service.js';
import type { AlertPreferencesService } from './preferences.service.js';

export async function alertsRoutes(
  app: FastifyInstance,
  { alerts, preferences }: { alerts: AlertsService; preferences: AlertPreferencesService },
) {
  registerEndpoints(app, alertsEndpoints, {
    listAlertLimits: ({ query }, request) => alerts.listLimits(contextOf(request), query.tenantId),
    saveAlertLimit: ({ body }, request) => alerts.saveLimit(contextOf(request), body),
    getAlertPreferences: (_input, request) => preferences.get(contextOf(request)),
    saveAlertPreferences: ({ body }, request) => preferences.save(contextOf(request), body),
    countAlerts: ({ params }, request) => alerts.count(contextOf(request), params.id),
    listAlerts: ({ params, query }, request) => alerts.list(contextOf(request), params.id, query),
    listAlarms: ({ query }, request) => alerts.alarms(contextOf(request), query),
    acknowledgeAlert: ({ params }, request) => alerts.acknowledge(contextOf(request), params.id),
  });
}
