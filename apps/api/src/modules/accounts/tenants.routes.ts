import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LOGO_MAX_BYTES,
  tenantCreateFieldsSchema,
  tenantUpdateFieldsSchema,
  tenantsEndpoints,
} from '@vayu/domain';
import type { z } from 'zod';
import { registerEndpoints } from '../../lib/endpoints.js';
import { formFieldDetails, UNKNOWN_FIELD } from '../../lib/form-fields.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { contextOf } from '../../plugins/authentication.js';
import { assertMayAddAccount, type TenantsService } from './tenants.service.js';

export const LOGO_SIZE_MESSAGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;

const isFileTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

const PARTS_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);
const isPartsLimit = (error: unknown) =>
  typeof error === 'object' && error !== null && PARTS_LIMITS.has((error as { code?: string }).code ?? '');

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
            { path: part.fieldname, message: UNKNOWN_FIELD, code: 'FIELD_UNKNOWN' },
          ]);
        }
        // A file input left empty still sends a part, without a name or bytes.
        logo = data.length === 0 && !part.filename ? null : data;
      }
    } catch (error) {
      if (isFileTooLarge(error)) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          LOGO_SIZE_MESSAGE,
          [{ path: 'logo', message: LOGO_SIZE_MESSAGE, code: 'FIELD_TOO_LARGE' }],
          { maxKb: LOGO_MAX_BYTES / 1024 },
        );
      }
      if (error instanceof AppError) throw error;
      if (isPartsLimit(error))
        throw new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields or files.');
      // A form the parser could not read (no closing boundary, a cut-off part): the client's fault.
      throw badRequest('The form data could not be read.');
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(fields, request.body);
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest('The request has invalid fields.', formFieldDetails(parsed.error));
  return { values: parsed.data, logo };
}

export async function tenantsRoutes(app: FastifyInstance, { tenants }: { tenants: TenantsService }) {
  registerEndpoints(app, tenantsEndpoints, {
    listTenants: ({ query }, request) => tenants.listTenants(contextOf(request), query),
    getTenant: ({ params }, request) => tenants.getTenant(contextOf(request), params.id),
    createAccount: async ({ params }, request) => {
      const ctx = contextOf(request);
      // Who may add this type of account is known from the path: refused before the form is read.
      assertMayAddAccount(ctx.principal, params.type);
      const { values, logo } = await readAccountForm(request, tenantCreateFieldsSchema);
      return tenants.createAccount(ctx, params.type, values, logo);
    },
    updateAccount: async ({ params }, request) => {
      const ctx = contextOf(request);
      const { values, logo } = await readAccountForm(request, tenantUpdateFieldsSchema);
      return tenants.updateAccount(ctx, params.id, values, logo);
    },
    patchAccount: ({ params, body }, request) => tenants.patchAccount(contextOf(request), params.id, body),
    patchAccountStatus: ({ params, body }, request) =>
      tenants.patchAccountStatus(contextOf(request), params.id, body),
    changeAccountStatus: ({ params, body }, request) =>
      tenants.changeStatus(contextOf(request), params.id, body.status),
    changeWorkingStatus: ({ body }, request) => tenants.changeWorkingStatus(contextOf(request), body),
    searchAllAccounts: ({ params }, request) =>
      tenants.searchAllAccounts(contextOf(request), params.searchString),
    searchTenants: ({ params }, request) => tenants.searchTenants(contextOf(request), params.searchString),
    getTenantLogo: async ({ params }, request, reply) => {
      const logo = await tenants.getLogo(contextOf(request), params.id);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(logo.data);
    },
  });
}
