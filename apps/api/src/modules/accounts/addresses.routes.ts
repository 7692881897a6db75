import type { FastifyInstance } from 'fastify';
import { addressesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { AddressesService } from './addresses.service.js';

export async function addressesRoutes(app: FastifyInstance, { addresses }: { addresses: AddressesService }) {
  registerEndpoints(app, addressesEndpoints, {
    getAddress: ({ params }, request) => addresses.getAddress(contextOf(request), params),
    saveAddress: ({ params, body }, request) => addresses.saveAddress(contextOf(request), params, body),
    getBillingAddress: ({ params }, request) =>
      addresses.getAddress(contextOf(request), { accountId: params.accountId, addressType: 'BILLING' }),
    saveBillingAddress: ({ params, body }, request) =>
      addresses.saveAddress(
        contextOf(request),
        { accountId: params.accountId, addressType: 'BILLING' },
        body,
      ),
  });
}
