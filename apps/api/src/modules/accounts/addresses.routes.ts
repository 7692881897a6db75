import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountTypeSchema, addressBodySchema, addressSchema, addressTypeSchema } from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { AddressesService } from './addresses.service.js';

const accountId = z.coerce.number().int().positive();
const addressParams = z.object({
  accountType: accountTypeSchema,
  accountId,
  addressType: z.string().toUpperCase().pipe(addressTypeSchema),
});
const billingParams = z.object({ accountId });

export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/api/address/:accountType/:accountId/:addressType',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's BILLING or MAILING address, or null when it has none",
        params: addressParams,
        response: { 200: addressSchema.nullable() },
      },
    },
    (request) => addresses.getAddress(contextOf(request), request.params),
  );

  app.post(
    '/api/address/:accountType/:accountId/:addressType',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create or update an address; an update carries its version (409 when stale)',
        params: addressParams,
        body: addressBodySchema,
        response: { 200: addressSchema },
      },
    },
    (request) => addresses.saveAddress(contextOf(request), request.params, request.body),
  );

  app.get(
    '/api/billingAddress/:accountId',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's billing address, or null when it has none",
        params: billingParams,
        response: { 200: addressSchema.nullable() },
      },
    },
    (request) =>
      addresses.getAddress(contextOf(request), {
        accountId: request.params.accountId,
        addressType: 'BILLING',
      }),
  );

  app.post(
    '/api/billingAddress/:accountId',
    {
      schema: {
        tags: ['accounts'],
        summary: "Create or update an account's billing address (409 when the version is stale)",
        params: billingParams,
        body: addressBodySchema,
        response: { 200: addressSchema },
      },
    },
    (request) =>
      addresses.saveAddress(
        contextOf(request),
        { accountId: request.params.accountId, addressType: 'BILLING' },
        request.body,
      ),
  );
};
