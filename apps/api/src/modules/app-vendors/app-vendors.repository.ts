import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  authTokenHintOf,
  type AppVendor,
  type AppVendorTenant,
  type AvailableTenant,
  type Page,
  type TenantAppVendor,
} from '@vayu/domain';
import { accountsWhere, tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  appVendors,
  appVendorTenants,
  dataTokens,
  deviceParams,
  devices,
  monitoringPoints,
  parameters,
  users,
} from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';
import { containsPattern } from '../accounts/tenants.repository.js';

/**
 * Which apps a caller manages: every app (the platform's admins) or those a
 * partner added. Named, so that "all apps" is never an absent filter.
 */
export type AppScope = { kind: 'all' } | { kind: 'partner'; partnerId: number };

const partner = alias(accounts, 'partner');
const lowerAppName = sql`lower(${appVendors.appName})`;

const appScopeWhere = (scope: AppScope): SQL | undefined =>
  scope.kind === 'all' ? undefined : eq(appVendors.partnerId, scope.partnerId);

const appColumns = {
  id: appVendors.id,
  appId: appVendors.appId,
  appName: appVendors.appName,
  partnerId: appVendors.partnerId,
  partnerName: partner.name,
  tokenTail: dataTokens.tokenTail,
  tokenIssuedAt: dataTokens.createdAt,
  tokenLastUsedAt: dataTokens.lastUsedAt,
  tenantCount: sql<number>`(select count(*)::int from ${appVendorTenants} where ${appVendorTenants.appVendorId} = ${appVendors.id})`,
  createdAt: appVendors.createdAt,
};

type AppRow = {
  id: number;
  appId: string;
  appName: string;
  partnerId: number | null;
  partnerName: string | null;
  tokenTail: string | null;
  tokenIssuedAt: Date | null;
  tokenLastUsedAt: Date | null;
  tenantCount: number;
  createdAt: Date;
};

const toAppVendor = (row: AppRow): AppVendor => ({
  id: row.id,
  appId: row.appId,
  appName: row.appName,
  partner: row.partnerId === null ? null : { id: row.partnerId, name: row.partnerName ?? '' },
  tokenHint: row.tokenTail === null ? null : authTokenHintOf(row.tokenTail),
  tokenIssuedAt: row.tokenIssuedAt?.toISOString() ?? null,
  tokenLastUsedAt: row.tokenLastUsedAt?.toISOString() ?? null,
  tenantCount: Number(row.tenantCount),
  createdAt: row.createdAt.toISOString(),
});

/** Apps (not deleted) with their partner and live token (an app has at most one: a new one revokes the old). */
const selectApps = (exec: Executor) =>
  exec
    .select(appColumns)
    .from(appVendors)
    .leftJoin(partner, eq(partner.id, appVendors.partnerId))
    .leftJoin(dataTokens, and(eq(dataTokens.appVendorId, appVendors.id), isNull(dataTokens.revokedAt)));

/** One page of the apps in scope by name; `search` matches a part of the app id or name. */
export function findAppVendorsPage(
  exec: Executor,
  filter: { scope: AppScope; search: string | undefined },
  request: { page: number; pageSize: number },
): Promise<Page<AppVendor>> {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const where = and(
    ne(appVendors.status, 'DELETED'),
    appScopeWhere(filter.scope),
    pattern
      ? or(sql`lower(${appVendors.appId}) like ${pattern}`, sql`${lowerAppName} like ${pattern}`)
      : undefined,
  );
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      (
        await selectApps(exec)
          .where(where)
          .orderBy(asc(lowerAppName), asc(appVendors.id))
          .limit(limit)
          .offset(offset)
      ).map(toAppVendor),
    matches: () => exec.select({ id: appVendors.id }).from(appVendors).where(where).$dynamic(),
    countKey: ['app vendors', filter],
  });
}

/** One app (not deleted) in scope. */
export async function findAppVendor(
  exec: Executor,
  scope: AppScope,
  id: number,
): Promise<AppVendor | undefined> {
  const [row] = await selectApps(exec)
    .where(and(eq(appVendors.id, id), ne(appVendors.status, 'DELETED'), appScopeWhere(scope)))
    .limit(1);
  return row ? toAppVendor(row) : undefined;
}

/**
 * The app (not deleted) in scope, held until the transaction ends: two token
 * regenerations of one app run one after the other, so it keeps one live token.
 */
export async function lockAppVendor(exec: Executor, scope: AppScope, id: number) {
  const [row] = await exec
    .select({ id: appVendors.id, appId: appVendors.appId, partnerId: appVendors.partnerId })
    .from(appVendors)
    .where(and(eq(appVendors.id, id), ne(appVendors.status, 'DELETED'), appScopeWhere(scope)))
    .for('update')
    .limit(1);
  return row;
}

/** Which of an app's unique values another app (not deleted) has: the app id and the name, whatever their case. */
export async function findTakenAppValues(
  exec: Executor,
  values: { appId: string; appName: string },
): Promise<{ appId: boolean; appName: boolean }> {
  const [row] = await exec
    .select({
      appId: sql<boolean>`coalesce(bool_or(lower(${appVendors.appId}) = lower(${values.appId})), false)`,
      appName: sql<boolean>`coalesce(bool_or(${lowerAppName} = lower(${values.appName})), false)`,
    })
    .from(appVendors)
    .where(
      and(
        ne(appVendors.status, 'DELETED'),
        or(
          sql`lower(${appVendors.appId}) = lower(${values.appId})`,
          sql`${lowerAppName} = lower(${values.appName})`,
        ),
      ),
    );
  return { appId: row?.appId === true, appName: row?.appName === true };
}

export async function insertAppVendor(
  exec: Executor,
  values: { appId: string; appName: string; partnerId: number | null },
): Promise<number> {
  const [row] = await exec
    .insert(appVendors)
    .values({ appId: values.appId, appName: values.appName, partnerId: values.partnerId })
    .returning({ id: appVendors.id });
  return row!.id;
}

// ── An app's industries ───────────────────────────────────────────────────

/**
 * The industries (not deleted) an app may have: those the caller sees and, for
 * an app a partner added, that partner's own. The app's data is the partner's
 * business with its customers; the platform's apps may serve any industry.
 */
function eligibleTenantsWhere(scope: DataScope, appPartnerId: number | null): SQL | undefined {
  return and(
    eq(accounts.type, 'tenant'),
    ne(accounts.status, 'DELETED'),
    appPartnerId === null ? undefined : eq(accounts.partnerId, appPartnerId),
    accountsWhere(scope),
  );
}

const lowerAccountName = sql`lower(${accounts.name})`;

/** The industries of an app the caller sees, by name, paged in SQL. */
export function findAppVendorTenantsPage(
  exec: Executor,
  filter: { scope: DataScope; appVendorId: number; search: string | undefined },
  request: { page: number; pageSize: number },
): Promise<Page<AppVendorTenant>> {
  const where = and(
    eq(appVendorTenants.appVendorId, filter.appVendorId),
    ne(accounts.status, 'DELETED'),
    accountsWhere(filter.scope),
    filter.search ? sql`${lowerAccountName} like ${containsPattern(filter.search)}` : undefined,
  );
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      const rows = await exec
        .select({
          tenantId: accounts.id,
          name: accounts.name,
          city: accounts.city,
          stateCode: accounts.stateCode,
          partnerName: partner.name,
          addedAt: appVendorTenants.createdAt,
          addedBy: users.name,
        })
        .from(appVendorTenants)
        .innerJoin(accounts, eq(accounts.id, appVendorTenants.tenantId))
        .leftJoin(partner, eq(partner.id, accounts.partnerId))
        .leftJoin(users, eq(users.id, appVendorTenants.createdBy))
        .where(where)
        .orderBy(asc(lowerAccountName), asc(accounts.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
    },
    matches: () =>
      exec
        .select({ id: appVendorTenants.tenantId })
        .from(appVendorTenants)
        .innerJoin(accounts, eq(accounts.id, appVendorTenants.tenantId))
        .where(where)
        .$dynamic(),
    countKey: ['app vendor tenants', filter],
  });
}

/** Industries that may still be added to the app, names containing `search` (names starting with it first). */
export async function findAvailableTenants(
  exec: Executor,
  options: {
    scope: DataScope;
    appVendorId: number;
    appPartnerId: number | null;
    search: string | undefined;
    limit: number;
  },
): Promise<AvailableTenant[]> {
  const contains = options.search ? containsPattern(options.search) : undefined;
  return exec
    .select({ id: accounts.id, name: accounts.name, city: accounts.city, partnerName: partner.name })
    .from(accounts)
    .leftJoin(partner, eq(partner.id, accounts.partnerId))
    .where(
      and(
        eligibleTenantsWhere(options.scope, options.appPartnerId),
        contains ? sql`${lowerAccountName} like ${contains}` : undefined,
        sql`not exists (select 1 from ${appVendorTenants} where ${appVendorTenants.appVendorId} = ${options.appVendorId} and ${appVendorTenants.tenantId} = ${accounts.id})`,
      ),
    )
    .orderBy(
      // `%term%` without its first `%`: the names that start with the term.
      ...(contains ? [desc(sql`${lowerAccountName} like ${contains.slice(1)}`)] : []),
      asc(lowerAccountName),
      asc(accounts.id),
    )
    .limit(options.limit);
}

/** Of these account ids, the industries the caller sees (with their partner), whether or not the app may have them. */
export async function findVisibleIndustries(exec: Executor, scope: DataScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({ id: accounts.id, name: accounts.name, partnerId: accounts.partnerId })
    .from(accounts)
    .where(
      and(
        inArray(accounts.id, [...ids]),
        eq(accounts.type, 'tenant'),
        ne(accounts.status, 'DELETED'),
        accountsWhere(scope),
      ),
    );
}

/** Adds the industries to the app; answers those not added before. */
export async function insertAppVendorTenants(
  exec: Executor,
  appVendorId: number,
  tenantIds: readonly number[],
  createdBy: number,
): Promise<number[]> {
  if (tenantIds.length === 0) return [];
  const rows = await exec
    .insert(appVendorTenants)
    .values(tenantIds.map((tenantId) => ({ appVendorId, tenantId, createdBy })))
    .onConflictDoNothing()
    .returning({ tenantId: appVendorTenants.tenantId });
  return rows.map((row) => row.tenantId);
}

/** Removes one industry from the app; false when it was not added. */
export async function deleteAppVendorTenant(
  exec: Executor,
  appVendorId: number,
  tenantId: number,
): Promise<boolean> {
  const rows = await exec
    .delete(appVendorTenants)
    .where(and(eq(appVendorTenants.appVendorId, appVendorId), eq(appVendorTenants.tenantId, tenantId)))
    .returning({ tenantId: appVendorTenants.tenantId });
  return rows.length > 0;
}

// ── An industry's apps and meta sheet ─────────────────────────────────────

/** The apps (not deleted) that may send the industry's readings, by name, paged in SQL. */
export function findTenantAppVendorsPage(
  exec: Executor,
  tenantId: number,
  request: { page: number; pageSize: number },
): Promise<Page<TenantAppVendor>> {
  const where = and(eq(appVendorTenants.tenantId, tenantId), ne(appVendors.status, 'DELETED'));
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      const rows = await exec
        .select({
          id: appVendors.id,
          appId: appVendors.appId,
          appName: appVendors.appName,
          addedAt: appVendorTenants.createdAt,
        })
        .from(appVendorTenants)
        .innerJoin(appVendors, eq(appVendors.id, appVendorTenants.appVendorId))
        .where(where)
        .orderBy(asc(lowerAppName), asc(appVendors.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
    },
    matches: () =>
      exec
        .select({ id: appVendorTenants.appVendorId })
        .from(appVendorTenants)
        .innerJoin(appVendors, eq(appVendors.id, appVendorTenants.appVendorId))
        .where(where)
        .$dynamic(),
    countKey: ['tenant app vendors', tenantId],
  });
}

export async function findIndustryName(exec: Executor, scope: DataScope, tenantId: number) {
  const [row] = await exec
    .select({ name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, tenantId), accountsWhere(scope)))
    .limit(1);
  return row?.name;
}

/**
 * What an app sends readings about at one industry: each enabled parameter of
 * each enabled device, at monitoring points not deleted, in the order of the
 * industry's screens (point, device, the device's parameter order). Bounded by
 * the industry's device and parameter limits.
 */
export async function findMetaSheetRows(exec: Executor, scope: DataScope, tenantId: number) {
  return exec
    .select({
      monitoringPointId: monitoringPoints.id,
      monitoringPoint: monitoringPoints.name,
      entityType: monitoringPoints.entityType,
      deviceId: devices.id,
      deviceName: devices.name,
      serialNumber: devices.serialNumber,
      parameterId: parameters.id,
      parameterKey: parameters.paramKey,
      parameterLabel: parameters.label,
      mtype: parameters.mtype,
      stdUnit: parameters.stdUnit,
      deviceUnit: deviceParams.unit,
    })
    .from(devices)
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
    .innerJoin(deviceParams, and(eq(deviceParams.deviceId, devices.id), eq(deviceParams.enabled, true)))
    .innerJoin(parameters, eq(parameters.id, deviceParams.parameterId))
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.status, 'ENABLED'),
        ne(monitoringPoints.status, 'DELETED'),
        ne(parameters.status, 'DELETED'),
        tenantRowsWhere(scope, devices.tenantId),
      ),
    )
    .orderBy(
      asc(sql`lower(${monitoringPoints.name})`),
      asc(monitoringPoints.id),
      asc(sql`lower(${devices.name})`),
      asc(devices.id),
      asc(deviceParams.position),
      asc(deviceParams.id),
    );
}

/** The name of the unique index a write broke (23505), if it was one. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
