import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemEndpoints } from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';
import { registerEndpoints } from '../../lib/endpoints.js';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  registerEndpoints(app, systemEndpoints, {
    getHealth: async (_input, _request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, db: database.kind };
      } catch {
        // Same shape as the 200, so a monitor reads one answer either way.
        return reply.status(503).send({ status: 'degraded' as const, db: database.kind });
      }
    },
  });
}
