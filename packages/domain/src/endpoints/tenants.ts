import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import {
  accountCreatedSchema,
  accountFormTypeSchema,
  accountSearchResultSchema,
  changeTenantStatusBodySchema,
  changeWorkingStatusBodySchema,
  tenantDetailSchema,
  tenantExportQuerySchema,
  tenantFormSchema,
  tenantListItemSchema,
  tenantListQuerySchema,
  tenantPatchBodySchema,
  tenantStatusPatchBodySchema,
  tenantUpdateSchema,
} from '../accounts.js';
import { ACCOUNT_ADMINS, defineEndpoint, only, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema } from './common.js';

/** The add form's fields as multipart text parts; a field that is not on the form is refused. */
export const tenantCreateFieldsSchema = tenantFormSchema.strict();
/** The edit form's fields (with the version the edit started from) as multipart text parts. */
export const tenantUpdateFieldsSchema = tenantUpdateSchema.strict();

export const accountSearchParamsSchema = z.object({ searchString: z.string().trim().min(1).max(100) });
export const accountFormTypeParamsSchema = z.object({ type: accountFormTypeSchema });

const accountOwned = { param: 'id', kind: 'account' } as const;
const LOGO_PART =
  'multipart/form-data: the fields of the account form as text parts, and an optional file part `logo` (PNG, JPEG or WebP, at most 512 KB).';

/** Industries (tenants) and the other accounts the add/edit screen manages. */
export const tenantsEndpoints = {
  listTenants: defineEndpoint({
    method: 'GET',
    path: '/api/tenants',
    operationId: 'listTenants',
    tag: 'accounts',
    summary: 'One page of industries (or other accounts), searched and filtered on the server',
    access: only(['site', 'partner', 'corporate', 'statutory']),
    query: tenantListQuerySchema,
    response: pageOf(tenantListItemSchema),
  }),
  getTenant: defineEndpoint({
    method: 'GET',
    path: '/api/tenant-by-id/:id',
    operationId: 'getTenant',
    tag: 'accounts',
    summary: 'An account with everything its detail view and edit form show',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: tenantDetailSchema,
    owned: accountOwned,
  }),
  createAccount: defineEndpoint({
    method: 'POST',
    path: '/api/create/:type',
    operationId: 'createAccount',
    tag: 'accounts',
    summary: "Create an industry under a partner ('partner') or a board account ('statutory')",
    description: LOGO_PART,
    access: only(['site', 'partner'], ['admin']),
    params: accountFormTypeParamsSchema,
    multipart: tenantCreateFieldsSchema,
    status: 201,
    response: accountCreatedSchema,
  }),
  updateAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/tenants/:id',
    operationId: 'updateAccount',
    tag: 'accounts',
    summary: 'Edit an account (the version the edit started from is required)',
    description: `${LOGO_PART} The part \`version\` is required.`,
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    multipart: tenantUpdateFieldsSchema,
    response: tenantDetailSchema,
    errors: ['STALE_VERSION', 'PARTNER_CHANGE_REFUSED'],
    owned: accountOwned,
  }),
  patchAccount: defineEndpoint({
    method: 'PATCH',
    path: '/api/tenants/:id',
    operationId: 'patchAccount',
    tag: 'accounts',
    summary: 'Change single account fields (list of op, att, value)',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    body: tenantPatchBodySchema,
    response: tenantDetailSchema,
    owned: accountOwned,
  }),
  patchAccountStatus: defineEndpoint({
    method: 'PATCH',
    path: '/api/tenantStatusChangeByUser/:id',
    operationId: 'patchAccountStatus',
    tag: 'accounts',
    summary: 'Change the status or working status of an account (list of op, att, value)',
    access: only(['site', 'partner'], ['admin']),
    params: idParamsSchema,
    body: tenantStatusPatchBodySchema,
    response: tenantDetailSchema,
    errors: ['PLATFORM_ACCOUNT_LOCKED'],
    owned: accountOwned,
  }),
  changeAccountStatus: defineEndpoint({
    method: 'POST',
    path: '/api/changeTenantStatus/:id',
    operationId: 'changeAccountStatus',
    tag: 'accounts',
    summary: 'Enable or disable an industry or a partner',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: changeTenantStatusBodySchema,
    response: tenantDetailSchema,
    errors: ['PLATFORM_ACCOUNT_LOCKED'],
    owned: accountOwned,
  }),
  changeWorkingStatus: defineEndpoint({
    method: 'POST',
    path: '/api/changeWorkingStatus',
    operationId: 'changeWorkingStatus',
    tag: 'accounts',
    summary: 'Set the working status of an industry, with a remark',
    access: ACCOUNT_ADMINS,
    body: changeWorkingStatusBodySchema,
    response: tenantDetailSchema,
    errors: ['NOT_FOUND'],
  }),
  searchAllAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/allSearchTenants/:searchString',
    operationId: 'searchAllAccounts',
    tag: 'accounts',
    summary: 'Search every account by name (platform account only)',
    access: SITE_ONLY,
    params: accountSearchParamsSchema,
    response: z.array(accountSearchResultSchema),
  }),
  searchTenants: defineEndpoint({
    method: 'GET',
    path: '/api/searchTenants/:searchString',
    operationId: 'searchTenants',
    tag: 'accounts',
    summary: 'Search the industries you can see by name',
    access: SIGNED_IN,
    params: accountSearchParamsSchema,
    response: z.array(accountSearchResultSchema),
  }),
  getTenantLogo: defineEndpoint({
    method: 'GET',
    path: '/api/tenant-logo/tenants/:id',
    operationId: 'getTenantLogo',
    tag: 'accounts',
    summary: "An account's logo image (PNG, JPEG or WebP)",
    access: SIGNED_IN,
    params: idParamsSchema,
    produces: 'image/*',
    owned: accountOwned,
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportTenantsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tenants/export',
  operationId: 'exportTenants',
  tag: 'accounts',
  summary: 'The industries (or other accounts) the list shows, as a CSV file',
  description: EXPORT_DESCRIPTION,
  access: tenantsEndpoints.listTenants.access,
  query: tenantExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});
