import type { FastifyInstance } from 'fastify';
import { partnersEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { PartnersService } from './partners.service.js';

export async function partnersRoutes(app: FastifyInstance, { partners }: { partners: PartnersService }) {
  registerEndpoints(app, partnersEndpoints, {
    listPartners: ({ query }, request) => partners.listPartners(contextOf(request), query),
    getPartner: ({ params }, request) => partners.getPartner(contextOf(request), params.id),
    createPartner: ({ body }, request) => partners.createPartner(contextOf(request), body),
    updatePartner: ({ params, body }, request) => partners.updatePartner(contextOf(request), params.id, body),
    addPartnerRequest: ({ body }, request) => partners.addPartnerRequest(contextOf(request), body),
    previewPartnerMigration: ({ params }, request) =>
      partners.previewPartnerMigration(contextOf(request), params.tenantId, params.partnerId),
    changePartner: ({ params }, request) =>
      partners.changePartner(contextOf(request), params.tenantId, params.partnerId),
  });
}
