import { type AccountType, type Address, type AddressBody } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf } from '../../auth/scope.js';
import { forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type AddressValues,
  findAddress,
  findAddressOwner,
  insertAddress,
  updateAddress,
} from './addresses.repository.js';

type AddressType = Address['addressType'];

/** Which account's which address; `accountType`, when given, must be the account's own type. */
export interface AddressTarget {
  accountId: number;
  addressType: AddressType;
  accountType?: AccountType;
}

const auditValue = (a: Address | undefined) =>
  a
    ? {
        addressType: a.addressType,
        addressLine: a.addressLine,
        city: a.city,
        stateCode: a.stateCode,
        countryCode: a.countryCode,
        zip: a.zip,
        gstin: a.gstin,
        contactName: a.contactName,
        contactNo: a.contactNo,
      }
    : null;

export function createAddressesService({ db }: { db: Database }) {
  async function getVisibleOwner(ctx: RequestContext, target: AddressTarget) {
    const owner = await findAddressOwner(db, scopeOf(ctx.principal), target.accountId);
    if (!owner || (target.accountType && owner.type !== target.accountType)) throw notFound('Account');
    return owner;
  }

  return {
    async getAddress(ctx: RequestContext, target: AddressTarget): Promise<Address | null> {
      await getVisibleOwner(ctx, target);
      return (await findAddress(db, scopeOf(ctx.principal), target.accountId, target.addressType)) ?? null;
    },

    /** Creates the address, or updates it from the version the edit started from (409 when stale). */
    async saveAddress(ctx: RequestContext, target: AddressTarget, body: AddressBody): Promise<Address> {
      const owner = await getVisibleOwner(ctx, target);
      if (!canChangeAccount(ctx.principal, owner)) {
        throw forbidden('You are not allowed to change this address.');
      }
      const { version, ...values } = body;
      const fields: AddressValues = values;
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const before = await findAddress(tx, scope, owner.id, target.addressType);
        let saved: Address | undefined;
        if (!before) {
          // Undefined when another first save won the race: this one would overwrite it unseen.
          saved = await insertAddress(tx, owner.id, target.addressType, fields);
        } else if (version !== undefined && version === before.version) {
          saved = await updateAddress(tx, scope, before.id, version, fields);
        }
        if (!saved) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'address',
          entityId: saved.id,
          action: 'ADDRESS_UPDATE',
          tenantId: owner.id,
          oldValue: auditValue(before),
          newValue: auditValue(saved),
        });
        return saved;
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
