import { and, eq, ne, sql } from 'drizzle-orm';
import type { Address, AddressBody } from '@vayu/domain';
import { accountRowsWhere, accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, addresses } from '../../db/schema/index.js';

type AddressType = Address['addressType'];
export type AddressValues = Omit<AddressBody, 'version'>;

const addressColumns = {
  id: addresses.id,
  accountId: addresses.accountId,
  addressType: addresses.addressType,
  addressLine: addresses.addressLine,
  city: addresses.city,
  stateCode: addresses.stateCode,
  countryCode: addresses.countryCode,
  zip: addresses.zip,
  gstin: addresses.gstin,
  contactName: addresses.contactName,
  contactNo: addresses.contactNo,
  updatedAt: addresses.updatedAt,
  version: addresses.version,
};

function toAddress(row: Omit<Address, 'updatedAt'> & { updatedAt: Date }): Address {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Who owns an account, as the change rules need it; undefined when outside the scope. */
export async function findAddressOwner(exec: Executor, scope: DataScope, accountId: number) {
  const [row] = await exec
    .select({ id: accounts.id, type: accounts.type, partnerId: accounts.partnerId })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  return row;
}

/** The address of this type of an account within the scope. */
export async function findAddress(
  exec: Executor,
  scope: DataScope,
  accountId: number,
  addressType: AddressType,
): Promise<Address | undefined> {
  const [row] = await exec
    .select(addressColumns)
    .from(addresses)
    .where(
      and(
        eq(addresses.accountId, accountId),
        eq(addresses.addressType, addressType),
        accountRowsWhere(scope, addresses.accountId),
      ),
    )
    .limit(1);
  return row ? toAddress(row) : undefined;
}

/** Inserts the account's first address of this type; undefined when one was created meanwhile. */
export async function insertAddress(
  exec: Executor,
  accountId: number,
  addressType: AddressType,
  values: AddressValues,
): Promise<Address | undefined> {
  const [row] = await exec
    .insert(addresses)
    .values({ ...values, accountId, addressType })
    .onConflictDoNothing({ target: [addresses.accountId, addresses.addressType] })
    .returning(addressColumns);
  return row ? toAddress(row) : undefined;
}

/**
 * Updates the address (of an account within the scope) only if it is still at
 * `version`; undefined when someone else saved first.
 */
export async function updateAddress(
  exec: Executor,
  scope: DataScope,
  id: number,
  version: number,
  values: AddressValues,
): Promise<Address | undefined> {
  const [row] = await exec
    .update(addresses)
    .set({ ...values, version: sql`${addresses.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(addresses.id, id), eq(addresses.version, version), accountRowsWhere(scope, addresses.accountId)),
    )
    .returning(addressColumns);
  return row ? toAddress(row) : undefined;
}
