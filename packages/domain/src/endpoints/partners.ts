import { fromDigits } from '../fields.js';
import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import {
  migratePartnerResultSchema,
  partnerDetailSchema,
  partnerExportQuerySchema,
  partnerFormSchema,
  partnerListQuerySchema,
  partnerMigratePreviewSchema,
  partnerRequestBodySchema,
  partnerRequestSchema,
  partnerSummarySchema,
  partnerUpdateSchema,
} from '../accounts.js';
import { defineEndpoint, only, SITE_ONLY } from '../endpoint.js';
import { idParamsSchema, idSchema } from './common.js';

/** A tenant and the partner it is to move to; partnerId −1 is no partner (the platform itself). */
export const partnerMigrationParamsSchema = z.object({
  tenantId: idSchema,
  partnerId: fromDigits(z.number().int().min(-1)),
});

/** Partner accounts, and moving an industry from one partner to another. */
export const partnersEndpoints = {
  listPartners: defineEndpoint({
    method: 'GET',
    path: '/api/partners',
    operationId: 'listPartners',
    tag: 'accounts',
    summary: 'Partners, optionally by status and a search in name, e-mail or city',
    access: SITE_ONLY,
    query: partnerListQuerySchema,
    response: z.array(partnerSummarySchema),
  }),
  getPartner: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id',
    operationId: 'getPartner',
    tag: 'accounts',
    summary: 'One partner (a partner user reads only its own)',
    access: only(['site', 'partner']),
    params: idParamsSchema,
    response: partnerDetailSchema,
    owned: { param: 'id', kind: 'account' },
  }),
  createPartner: defineEndpoint({
    method: 'POST',
    path: '/api/partners',
    operationId: 'createPartner',
    tag: 'accounts',
    summary: 'Create a partner account',
    access: SITE_ONLY,
    // Type, status and partner of the account are set here, never from the body.
    body: partnerFormSchema.strict(),
    status: 201,
    response: partnerDetailSchema,
    errors: ['PARTNER_EXISTS'],
  }),
  updatePartner: defineEndpoint({
    method: 'PUT',
    path: '/api/partners/:id',
    operationId: 'updatePartner',
    tag: 'accounts',
    summary: 'Edit a partner (from the version the form started with)',
    access: only(['site', 'partner'], ['admin']),
    params: idParamsSchema,
    body: partnerUpdateSchema.strict(),
    response: partnerDetailSchema,
    errors: ['STALE_VERSION', 'PARTNER_EXISTS'],
    owned: { param: 'id', kind: 'account' },
  }),
  addPartnerRequest: defineEndpoint({
    method: 'POST',
    path: '/api/addPartnerRequest',
    operationId: 'addPartnerRequest',
    tag: 'accounts',
    summary: 'Request a partner for a tenant (partnerId −1: the platform itself)',
    access: SITE_ONLY,
    body: partnerRequestBodySchema,
    response: partnerRequestSchema,
    errors: ['NOT_FOUND'],
  }),
  previewPartnerMigration: defineEndpoint({
    method: 'GET',
    path: '/api/partnerMigrate/:tenantId/:partnerId',
    operationId: 'previewPartnerMigration',
    tag: 'accounts',
    summary: 'What moving a tenant to another partner would do, and whether it can',
    access: SITE_ONLY,
    params: partnerMigrationParamsSchema,
    response: partnerMigratePreviewSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  changePartner: defineEndpoint({
    method: 'POST',
    path: '/api/changePartner/:tenantId/:partnerId',
    operationId: 'changePartner',
    tag: 'accounts',
    summary: 'Move a tenant to another partner (−1: no partner); refused when it cannot move',
    access: SITE_ONLY,
    params: partnerMigrationParamsSchema,
    response: migratePartnerResultSchema,
    errors: ['PARTNER_CHANGE_REFUSED'],
    owned: { param: 'tenantId', kind: 'account' },
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportPartnersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/partners/export',
  operationId: 'exportPartners',
  tag: 'accounts',
  summary: 'The partners the list shows, as a CSV file',
  description: EXPORT_DESCRIPTION,
  access: partnersEndpoints.listPartners.access,
  query: partnerExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});
