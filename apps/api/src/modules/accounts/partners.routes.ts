import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  migratePartnerResultSchema,
  partnerDetailSchema,
  partnerFormSchema,
  partnerListQuerySchema,
  partnerMigratePreviewSchema,
  partnerRequestBodySchema,
  partnerRequestSchema,
  partnerSummarySchema,
  partnerUpdateSchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { PartnersService } from './partners.service.js';

const partnerIdParams = z.object({ id: z.coerce.number().int().positive() });
/** partnerId −1: no partner (the platform itself). */
const migrationParams = z.object({
  tenantId: z.coerce.number().int().positive(),
  partnerId: z.coerce.number().int().min(-1),
});

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.get(
    '/api/partners',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Partners, optionally by status and a search in name, e-mail or city',
        querystring: partnerListQuerySchema,
        response: { 200: z.array(partnerSummarySchema) },
      },
    },
    (request) => partners.listPartners(contextOf(request), request.query),
  );

  app.get(
    '/api/partners/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One partner (a partner user reads only its own)',
        params: partnerIdParams,
        response: { 200: partnerDetailSchema },
      },
    },
    (request) => partners.getPartner(contextOf(request), request.params.id),
  );

  app.post(
    '/api/partners',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create a partner account',
        // Type, status and partner of the account are set here, never from the body.
        body: partnerFormSchema.strict(),
        response: { 201: partnerDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await partners.createPartner(contextOf(request), request.body)),
  );

  app.put(
    '/api/partners/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Edit a partner; 409 when the version is not the current one',
        params: partnerIdParams,
        body: partnerUpdateSchema.strict(),
        response: { 200: partnerDetailSchema },
      },
    },
    (request) => partners.updatePartner(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/addPartnerRequest',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Request a partner for a tenant (partnerId −1: the platform itself)',
        body: partnerRequestBodySchema,
        response: { 200: partnerRequestSchema },
      },
    },
    (request) => partners.addPartnerRequest(contextOf(request), request.body),
  );

  app.get(
    '/api/partnerMigrate/:tenantId/:partnerId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What moving a tenant to another partner would do, and whether it can',
        params: migrationParams,
        response: { 200: partnerMigratePreviewSchema },
      },
    },
    (request) =>
      partners.previewPartnerMigration(contextOf(request), request.params.tenantId, request.params.partnerId),
  );

  app.post(
    '/api/changePartner/:tenantId/:partnerId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Move a tenant to another partner (−1: no partner); 422 when it cannot',
        params: migrationParams,
        response: { 200: migratePartnerResultSchema },
      },
    },
    (request) =>
      partners.changePartner(contextOf(request), request.params.tenantId, request.params.partnerId),
  );
};
