import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import {
  alarmExportQuerySchema,
  alertCountSchema,
  alertLimitBodySchema,
  alertLimitSchema,
  alertLimitsQuerySchema,
  alertListQuerySchema,
  alertPreferencesBodySchema,
  alertPreferencesSchema,
  alertSchema,
} from '../alerts.js';
import { ACCOUNT_ADMINS, ALERT_READERS, defineEndpoint, only, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema } from './common.js';

/** Those who act on an industry's alerts: the platform's, its partner's and its own users. */
const ALERT_HANDLERS = only(['site', 'partner', 'tenant']);

/**
 * Alert limits and alerts (spec §7: /alerts/count/{id}, /alerts/{id}
 * (alertType), /alerts/limits, /alarm; the alerts window is the last 24 hours).
 */
export const alertsEndpoints = {
  listAlertLimits: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/limits',
    operationId: 'listAlertLimits',
    tag: 'alerts',
    summary:
      'An industry’s limit of each parameter measured at each monitoring point: the standard or its own, and whether it alerts',
    access: SIGNED_IN,
    query: alertLimitsQuerySchema,
    response: z.array(alertLimitSchema),
    errors: ['NOT_FOUND'],
  }),
  saveAlertLimit: defineEndpoint({
    method: 'PUT',
    path: '/api/alerts/limits',
    operationId: 'saveAlertLimit',
    tag: 'alerts',
    summary:
      'Set an industry’s limit of a parameter at a monitoring point (at most the standard; null: the standard) and its alert on or off',
    access: ACCOUNT_ADMINS,
    body: alertLimitBodySchema,
    response: alertLimitSchema,
    errors: ['NOT_FOUND', 'STALE_VERSION', 'BUSINESS_RULE'],
  }),
  getAlertPreferences: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/preferences',
    operationId: 'getAlertPreferences',
    tag: 'alerts',
    summary:
      'The signed-in user’s alert notifications: each alert type on each channel, and whether the channel can send',
    access: SIGNED_IN,
    response: alertPreferencesSchema,
  }),
  saveAlertPreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/alerts/preferences',
    operationId: 'saveAlertPreferences',
    tag: 'alerts',
    summary: 'Switch the signed-in user’s alert notifications on or off per alert type and channel',
    access: SIGNED_IN,
    body: alertPreferencesBodySchema,
    response: alertPreferencesSchema,
    errors: ['BUSINESS_RULE'],
  }),
  countAlerts: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/count/:id',
    operationId: 'countAlerts',
    tag: 'alerts',
    summary: 'An industry’s alerts of the last 24 hours and those still open, by type',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: alertCountSchema,
    owned: { param: 'id', kind: 'account' },
  }),
  listAlerts: defineEndpoint({
    method: 'GET',
    path: '/api/alerts/:id',
    operationId: 'listAlerts',
    tag: 'alerts',
    summary:
      'An industry’s alerts open or begun in the last 24 hours, newest first, by type (alertType), paged',
    access: SIGNED_IN,
    params: idParamsSchema,
    query: alertListQuerySchema,
    response: pageOf(alertSchema),
    owned: { param: 'id', kind: 'account' },
  }),
  listAlarms: defineEndpoint({
    method: 'GET',
    path: '/api/alarm',
    operationId: 'listAlarms',
    tag: 'alerts',
    summary:
      'Alerts of every industry the caller sees, open or begun in the last 24 hours, newest first, paged',
    access: ALERT_READERS,
    query: alertListQuerySchema,
    response: pageOf(alertSchema),
  }),
  acknowledgeAlert: defineEndpoint({
    method: 'POST',
    path: '/api/alerts/acknowledge/:id',
    operationId: 'acknowledgeAlert',
    tag: 'alerts',
    summary: 'Acknowledge an alert: who and when are recorded (once)',
    access: ALERT_HANDLERS,
    params: idParamsSchema,
    response: alertSchema,
    errors: ['BUSINESS_RULE'],
    owned: { param: 'id', kind: 'alert' },
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportAlarmsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/alarm/export',
  operationId: 'exportAlarms',
  tag: 'alerts',
  summary: 'Alerts of every industry the caller sees, open or begun in the last 24 hours, as a CSV file',
  description: EXPORT_DESCRIPTION,
  access: alertsEndpoints.listAlarms.access,
  query: alarmExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});
