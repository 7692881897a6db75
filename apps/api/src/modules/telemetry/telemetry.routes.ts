import type { FastifyInstance } from 'fastify';
import { telemetryEndpoints } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import { resolveDataSender } from './data-tokens.js';
import type { IngestService } from './ingest.service.js';
import type { TelemetryService } from './telemetry.service.js';

export async function telemetryRoutes(
  app: FastifyInstance,
  deps: { db: Database; ingest: IngestService; telemetry: TelemetryService },
) {
  const { db, ingest, telemetry } = deps;
  registerEndpoints(app, telemetryEndpoints, {
    // The key was resolved before the body was read (plugins/authentication.ts).
    ingestReadings: async ({ body }, request) =>
      ingest.ingest(request.dataSender ?? (await resolveDataSender(db, request)), body.readings),
    entityData: ({ params, body }, request) =>
      telemetry.entityData(contextOf(request), params.tenantId, params.entityId, body),
    monitored: ({ params }, request) => telemetry.monitored(contextOf(request), params.tenantId),
    deviceReadings: ({ params }, request) => telemetry.deviceReadings(contextOf(request), params.id),
  });
}
