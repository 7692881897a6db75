import { z } from 'zod';
import { DATA_TOKEN, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import {
  deviceLogQuerySchema,
  deviceReadingsSchema,
  entityDataBodySchema,
  entityDataSchema,
  ingestBodySchema,
  ingestResultSchema,
  monitoredSchema,
} from '../telemetry.js';
import { idParamsSchema, idSchema } from './common.js';

export const entityDataParamsSchema = z.object({ tenantId: idSchema, entityId: idSchema });
export const monitoredParamsSchema = z.object({ tenantId: idSchema });

/** Readings in (devices, edge gateways, push-data apps) and out (15-minute data, freshness, latest values). */
export const telemetryEndpoints = {
  downloadDeviceLog: defineEndpoint({
    method: 'GET',
    path: '/api/devices/:id/logs',
    operationId: 'downloadDeviceLog',
    tag: 'telemetry',
    summary:
      'A device’s log file for an interval (at most 31 days): readings received by the minute they arrived, with sender and provenance, readings refused with the reason, and silences; 404 LOGS_NOT_FOUND when the interval holds nothing',
    access: SIGNED_IN,
    params: idParamsSchema,
    query: deviceLogQuerySchema,
    produces: 'text/plain',
    errors: ['LOGS_NOT_FOUND'],
    owned: { param: 'id', kind: 'device' },
  }),
  ingestReadings: defineEndpoint({
    method: 'POST',
    path: '/api/ingest',
    operationId: 'ingestReadings',
    tag: 'telemetry',
    summary: 'Send up to 1,000 readings with an edge client key or a push-data app token',
    description:
      'Send the key as `Authorization: Bearer <key>`. Each reading is answered on its own, in the order sent: ' +
      '`accepted`, `duplicate` (the device already sent this parameter at this time: sending again changes nothing) ' +
      'or `refused` with a code (UNKNOWN_DEVICE, DEVICE_NOT_IN_TENANT, UNKNOWN_PARAMETER, UNIT_NOT_ALLOWED, ' +
      'INVALID_TIME, TIME_IN_FUTURE, TIME_TOO_OLD, VALUE_NOT_NUMBER, VALUE_OUT_OF_RANGE, PROVENANCE_NOT_ALLOWED, MALFORMED). ' +
      'When every reading names a device of an industry the key may not send for, the answer is 403 ' +
      'DEVICE_NOT_IN_TENANT and nothing is stored. An accepted reading is stored when this answer is sent. The same payload may be published over MQTT ' +
      'to `vayu/{tenantId}/{deviceId}/readings` with the key in a `token` field.',
    access: DATA_TOKEN,
    body: ingestBodySchema,
    response: ingestResultSchema,
    errors: ['DEVICE_NOT_IN_TENANT'],
  }),
  entityData: defineEndpoint({
    method: 'POST',
    path: '/api/tenants/:tenantId/entities/:entityId/data',
    operationId: 'entityData',
    tag: 'telemetry',
    summary:
      "A monitoring point's data per 15-minute slot (or hour, or day) from its readings, by each parameter's aggregation",
    description:
      'Without `startDate` the window is the last 15 minutes (the monitored-data window). At most 31 days. ' +
      'Derived parameters of the catalogue are computed from the 15-minute values of what they are made of.',
    access: SIGNED_IN,
    params: entityDataParamsSchema,
    body: entityDataBodySchema,
    response: entityDataSchema,
    owned: { param: 'entityId', kind: 'monitoringPoint' },
  }),
  monitored: defineEndpoint({
    method: 'GET',
    path: '/api/tenants/:tenantId/monitored',
    operationId: 'monitored',
    tag: 'telemetry',
    summary:
      "Each monitoring point's and device's last data time and freshness (LIVE under 4 h, DELAYED to 8 h, then OFFLINE)",
    access: SIGNED_IN,
    params: monitoredParamsSchema,
    response: monitoredSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  deviceReadings: defineEndpoint({
    method: 'GET',
    path: '/api/devices/:id/readings',
    operationId: 'deviceReadings',
    tag: 'telemetry',
    summary: "A device's latest value of each enabled parameter, with its unit, limit and freshness",
    access: SIGNED_IN,
    params: idParamsSchema,
    response: deviceReadingsSchema,
    owned: { param: 'id', kind: 'device' },
  }),
};
