import type { FastifyInstance, FastifyRequest } from 'fastify';
import { telemetryEndpoints } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import { markTokenUsed, resolveDataToken, type DataSender } from './data-tokens.js';
import type { IngestService } from './ingest.service.js';
import type { TelemetryService } from './telemetry.service.js';

/** The sender of a data-token request: its Bearer token, resolved (401 when missing, unknown or revoked). */
async function senderOf(db: Database, request: FastifyRequest): Promise<DataSender> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw unauthenticated('Send an edge client key or an app token as a Bearer token.');
  const sender = await resolveDataToken(db, token);
  if (!sender) throw new AppError('TOKEN_INVALID', 'This key is unknown or has been revoked.');
  markTokenUsed(db, sender.tokenId);
  return sender;
}

export async function telemetryRoutes(
  app: FastifyInstance,
  deps: { db: Database; ingest: IngestService; telemetry: TelemetryService },
) {
  const { db, ingest, telemetry } = deps;
  registerEndpoints(app, telemetryEndpoints, {
    ingestReadings: async ({ body }, request) => ingest.ingest(await senderOf(db, request), body.readings),
    entityData: ({ params, body }, request) =>
      telemetry.entityData(contextOf(request), params.tenantId, params.entityId, body),
    monitored: ({ params }, request) => telemetry.monitored(contextOf(request), params.tenantId),
    deviceReadings: ({ params }, request) => telemetry.deviceReadings(contextOf(request), params.id),
  });
}
