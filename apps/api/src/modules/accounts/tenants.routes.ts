import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOGO_MAX_BYTES,
  accountCreatedSchema,
  accountFormTypeSchema,
  accountSearchResultSchema,
  changeTenantStatusBodySchema,
  changeWorkingStatusBodySchema,
  pageOf,
  tenantDetailSchema,
  tenantFormSchema,
  tenantListItemSchema,
  tenantListQuerySchema,
  tenantPatchBodySchema,
  tenantStatusPatchBodySchema,
  tenantUpdateSchema,
  type FieldError,
} from '@vayu/domain';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { contextOf } from '../../plugins/authentication.js';
import type { TenantsService } from './tenants.service.js';

const accountIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const searchParamsSchema = z.object({ searchString: z.string().trim().min(1).max(100) });

export const LOGO_SIZE_MESSAGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;

function detailsOf(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: key, message: 'This field cannot be set here' }))
      : [{ path: issue.path.map(String).join('.') || 'body', message: issue.message }],
  );
}

const isFileTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads the add/edit form: multipart text fields plus an optional `logo`
 * file (a JSON body is accepted too, without a logo). The fields are
 * checked against the form's schema; fields it does not know are refused.
 */
async function readAccountForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ values: z.output<S>; logo: Buffer | null }> {
  const fields: Record<string, unknown> = {};
  let logo: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        const data = await part.toBuffer();
        if (part.fieldname !== 'logo') {
          throw badRequest('The request has invalid fields.', [
            { path: part.fieldname, message: 'This field cannot be set here' },
          ]);
        }
        // A file input left empty still sends a part, without a name or bytes.
        logo = data.length === 0 && !part.filename ? null : data;
      }
    } catch (error) {
      if (isFileTooLarge(error)) {
        throw new AppError('PAYLOAD_TOO_LARGE', LOGO_SIZE_MESSAGE, [
          { path: 'logo', message: LOGO_SIZE_MESSAGE },
        ]);
      }
      throw error;
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(fields, request.body);
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest('The request has invalid fields.', detailsOf(parsed.error));
  return { values: parsed.data, logo };
}

const createFormSchema = tenantFormSchema.strict();
const updateFormSchema = tenantUpdateSchema.strict();

export const tenantsRoutes: FastifyPluginAsyncZod<{ tenants: TenantsService }> = async (app, { tenants }) => {
  app.get(
    '/api/tenants',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One page of industries (or other accounts), searched and filtered on the server',
        querystring: tenantListQuerySchema,
        response: { 200: pageOf(tenantListItemSchema) },
      },
    },
    (request) => tenants.listTenants(contextOf(request), request.query),
  );

  app.get(
    '/api/tenant-by-id/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'An account with everything its detail view and edit form show',
        params: accountIdParamsSchema,
        response: { 200: tenantDetailSchema },
      },
    },
    (request) => tenants.getTenant(contextOf(request), request.params.id),
  );

  app.post(
    '/api/create/:type',
    {
      schema: {
        tags: ['accounts'],
        summary: "Create an industry under a partner ('partner') or a board account ('statutory')",
        description:
          'multipart/form-data: the fields of the account form as text parts, optional file part `logo`.',
        consumes: ['multipart/form-data', 'application/json'],
        params: z.object({ type: accountFormTypeSchema }),
        response: { 201: accountCreatedSchema },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { values, logo } = await readAccountForm(request, createFormSchema);
      const created = await tenants.createAccount(ctx, request.params.type, values, logo);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/tenants/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Edit an account (the version the edit started from is required)',
        description:
          'multipart/form-data: the fields of the account form and `version` as text parts, optional file part `logo`.',
        consumes: ['multipart/form-data', 'application/json'],
        params: accountIdParamsSchema,
        response: { 200: tenantDetailSchema },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { values, logo } = await readAccountForm(request, updateFormSchema);
      return tenants.updateAccount(ctx, request.params.id, values, logo);
    },
  );

  app.patch(
    '/api/tenants/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change single account fields (list of op, att, value)',
        params: accountIdParamsSchema,
        body: tenantPatchBodySchema,
        response: { 200: tenantDetailSchema },
      },
    },
    (request) => tenants.patchAccount(contextOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/tenantStatusChangeByUser/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the status or working status of an account (list of op, att, value)',
        params: accountIdParamsSchema,
        body: tenantStatusPatchBodySchema,
        response: { 200: tenantDetailSchema },
      },
    },
    (request) => tenants.patchAccountStatus(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/changeTenantStatus/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Enable or disable an industry or a partner',
        params: accountIdParamsSchema,
        body: changeTenantStatusBodySchema,
        response: { 200: tenantDetailSchema },
      },
    },
    (request) => tenants.changeStatus(contextOf(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/changeWorkingStatus',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set the working status of an industry, with a remark',
        body: changeWorkingStatusBodySchema,
        response: { 200: tenantDetailSchema },
      },
    },
    (request) => tenants.changeWorkingStatus(contextOf(request), request.body),
  );

  app.get(
    '/api/allSearchTenants/:searchString',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Search every account by name (platform account only)',
        params: searchParamsSchema,
        response: { 200: z.array(accountSearchResultSchema) },
      },
    },
    (request) => tenants.searchAllAccounts(contextOf(request), request.params.searchString),
  );

  app.get(
    '/api/searchTenants/:searchString',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Search the industries you can see by name',
        params: searchParamsSchema,
        response: { 200: z.array(accountSearchResultSchema) },
      },
    },
    (request) => tenants.searchTenants(contextOf(request), request.params.searchString),
  );

  app.get(
    '/api/tenant-logo/tenants/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's logo image",
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        params: accountIdParamsSchema,
      },
    },
    async (request, reply) => {
      const logo = await tenants.getLogo(contextOf(request), request.params.id);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(logo.data);
    },
  );
};
