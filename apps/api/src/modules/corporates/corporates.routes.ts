import type { FastifyInstance } from 'fastify';
import { corporatesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { CorporatesService } from './corporates.service.js';

export async function corporatesRoutes(
  app: FastifyInstance,
  { corporates }: { corporates: CorporatesService },
) {
  registerEndpoints(app, corporatesEndpoints, {
    listCorporates: ({ query }, request) => corporates.listCorporates(contextOf(request), query),
    createCorporate: ({ body }, request) => corporates.createCorporate(contextOf(request), body),
  });
}
