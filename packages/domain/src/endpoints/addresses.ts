import { z } from 'zod';
import { addressBodySchema, addressSchema, addressTypeSchema } from '../accounts.js';
import { accountTypeSchema } from '../signed-in-user.js';
import { ACCOUNT_ADMINS, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { idSchema } from './common.js';

/** Which account's which address; the account type must be the account's own. */
export const addressParamsSchema = z.object({
  accountType: accountTypeSchema,
  accountId: idSchema,
  addressType: z.string().toUpperCase().pipe(addressTypeSchema),
});
export const billingAddressParamsSchema = z.object({ accountId: idSchema });

const owned = { param: 'accountId', kind: 'account' } as const;

/** The billing and mailing addresses of an account. */
export const addressesEndpoints = {
  getAddress: defineEndpoint({
    method: 'GET',
    path: '/api/address/:accountType/:accountId/:addressType',
    operationId: 'getAddress',
    tag: 'accounts',
    summary: "An account's BILLING or MAILING address, or null when it has none",
    access: SIGNED_IN,
    params: addressParamsSchema,
    response: addressSchema.nullable(),
    owned,
  }),
  saveAddress: defineEndpoint({
    method: 'POST',
    path: '/api/address/:accountType/:accountId/:addressType',
    operationId: 'saveAddress',
    tag: 'accounts',
    summary: 'Create or update an address; an update carries its version',
    access: ACCOUNT_ADMINS,
    params: addressParamsSchema,
    body: addressBodySchema,
    response: addressSchema,
    errors: ['STALE_VERSION'],
    owned,
  }),
  getBillingAddress: defineEndpoint({
    method: 'GET',
    path: '/api/billingAddress/:accountId',
    operationId: 'getBillingAddress',
    tag: 'accounts',
    summary: "An account's billing address, or null when it has none",
    access: SIGNED_IN,
    params: billingAddressParamsSchema,
    response: addressSchema.nullable(),
    owned,
  }),
  saveBillingAddress: defineEndpoint({
    method: 'POST',
    path: '/api/billingAddress/:accountId',
    operationId: 'saveBillingAddress',
    tag: 'accounts',
    summary: "Create or update an account's billing address; an update carries its version",
    access: ACCOUNT_ADMINS,
    params: billingAddressParamsSchema,
    body: addressBodySchema,
    response: addressSchema,
    errors: ['STALE_VERSION'],
    owned,
  }),
};
