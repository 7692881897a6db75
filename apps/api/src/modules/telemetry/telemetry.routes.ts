import type { FastifyInstance } from 'fastify';
import { telemetryEndpoints } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import { resolveDataSender } from './data-tokens.js';
import { attachmentOf } from '../../lib/content-disposition.js';
import type { DeviceLogService } from './device-log.js';
import type { IngestService } from './ingest.service.js';
import type { TelemetryService } from './telemetry.service.js';

export async function telemetryRoutes(
  app: FastifyInstance,
  deps: { db: Database; ingest: IngestService; telemetry: TelemetryService; deviceLog: DeviceLogService },
) {
  const { db, ingest, telemetry, deviceLog } = deps;
  registerEndpoints(app, telemetryEndpoints, {
    downloadDeviceLog: async ({ params, query }, request, reply) => {
      const { fileName, text } = await deviceLog.download(contextOf(request), params.id, query);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachmentOf(fileName))
        .send(text);
    },
    // The key was resolved before the body was read (plugins/authentication.ts).
    ingestReadings: async ({ body }, request) =>
      ingest.ingest(request.dataSender ?? (await resolveDataSender(db, request)), body.readings),
    entityData: ({ params, body }, request) =>
      telemetry.entityData(contextOf(request), params.tenantId, params.entityId, body),
    monitored: ({ params }, request) => telemetry.monitored(contextOf(request), params.tenantId),
    deviceReadings: ({ params }, request) => telemetry.deviceReadings(contextOf(request), params.id),
  });
}
