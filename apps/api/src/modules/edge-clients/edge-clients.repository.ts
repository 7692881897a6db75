import { and, asc, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EDGE_KEYS_SHOWN,
  edgeKeyHintOf,
  type EdgeClient,
  type EdgeClientSort,
  type EdgeKey,
  type Page,
} from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, dataTokens, edgeClients, users } from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';
import { containsPattern } from '../accounts/tenants.repository.js';

const columns = {
  id: edgeClients.id,
  email: edgeClients.email,
  tenantId: edgeClients.tenantId,
  tenantName: accounts.name,
  keyAllowed: edgeClients.keyAllowed,
  keyUsed: edgeClients.keyUsed,
  version: edgeClients.version,
  createdAt: edgeClients.createdAt,
  updatedAt: edgeClients.updatedAt,
};

type Row = {
  id: number;
  email: string;
  tenantId: number;
  tenantName: string;
  keyAllowed: number;
  keyUsed: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const toEdgeClient = (row: Row): EdgeClient => ({
  id: row.id,
  emailId: row.email,
  tenant: { id: row.tenantId, name: row.tenantName },
  keyAllowed: row.keyAllowed,
  keyUsed: row.keyUsed,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const selectClients = (exec: Executor) =>
  exec.select(columns).from(edgeClients).innerJoin(accounts, eq(accounts.id, edgeClients.tenantId));

// Deleted clients are never read: only ENABLED and DELETED exist, and an equality serves the indexes.
const isLive = eq(edgeClients.status, 'ENABLED');

export interface EdgeClientFilter {
  scope: DataScope;
  tenantId?: number | undefined;
  search?: string | undefined;
  sort: EdgeClientSort;
}

/**
 * One page of edge clients, filtered, ordered and paged in SQL. Newest first
 * walks `edge_clients_list_idx` (status, id); by e-mail, the e-mail index
 * `edge_clients_email_active_uq` (lower(email)); one industry's clients come
 * from `edge_clients_tenant_idx`. A search by part of the e-mail filters the
 * rows so found (a few per industry, a few thousand on the platform).
 */
export function findEdgeClientsPage(
  exec: Executor,
  filter: EdgeClientFilter,
  request: { page: number; pageSize: number },
): Promise<Page<EdgeClient>> {
  const where: SQL | undefined = and(
    isLive,
    tenantRowsWhere(filter.scope, edgeClients.tenantId),
    filter.tenantId === undefined ? undefined : eq(edgeClients.tenantId, filter.tenantId),
    filter.search ? ilike(edgeClients.email, containsPattern(filter.search)) : undefined,
  );
  const order =
    filter.sort === 'email'
      ? [asc(sql`lower(${edgeClients.email})`), asc(edgeClients.id)]
      : [desc(edgeClients.id)];
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      (
        await selectClients(exec)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toEdgeClient),
    matches: () => exec.select({ id: edgeClients.id }).from(edgeClients).where(where).$dynamic(),
    countKey: ['edge clients', filter],
  });
}

/**
 * One edge client (not deleted) within the scope. With `forUpdate`, its row
 * is held until the transaction ends, so that keys issued, revoked or allowed
 * at the same moment are counted one after the other.
 */
export async function findEdgeClient(
  exec: Executor,
  scope: DataScope,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<EdgeClient | undefined> {
  const query = selectClients(exec)
    .where(and(eq(edgeClients.id, id), isLive, tenantRowsWhere(scope, edgeClients.tenantId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('no key update', { of: edgeClients }) : await query;
  return row ? toEdgeClient(row) : undefined;
}

const issuer = alias(users, 'issuer');
const revoker = alias(users, 'revoker');

/** The client's keys: every live one, then the latest revoked, newest first (at most `EDGE_KEYS_SHOWN`). */
export async function listEdgeKeys(exec: Executor, edgeClientId: number): Promise<EdgeKey[]> {
  const rows = await exec
    .select({
      id: dataTokens.id,
      tail: dataTokens.tokenTail,
      createdAt: dataTokens.createdAt,
      createdBy: issuer.name,
      lastUsedAt: dataTokens.lastUsedAt,
      revokedAt: dataTokens.revokedAt,
      revokedBy: revoker.name,
    })
    .from(dataTokens)
    .leftJoin(issuer, eq(issuer.id, dataTokens.createdBy))
    .leftJoin(revoker, eq(revoker.id, dataTokens.revokedBy))
    .where(eq(dataTokens.edgeClientId, edgeClientId))
    .orderBy(sql`${dataTokens.revokedAt} is not null`, desc(dataTokens.id))
    .limit(EDGE_KEYS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    hint: edgeKeyHintOf(row.tail),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  }));
}

/**
 * Whether another edge client not deleted (of any industry: the e-mail names
 * one client on the platform) has the e-mail, whatever its case.
 */
export async function isEdgeEmailTaken(
  exec: Executor,
  email: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await exec
    .select({ id: edgeClients.id })
    .from(edgeClients)
    .where(
      and(
        sql`lower(${edgeClients.email}) = lower(${email})`,
        ne(edgeClients.status, 'DELETED'),
        exceptId === null ? undefined : ne(edgeClients.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertEdgeClient(
  exec: Executor,
  values: { tenantId: number; email: string; keyAllowed: number },
): Promise<number> {
  const [row] = await exec.insert(edgeClients).values(values).returning({ id: edgeClients.id });
  return row!.id;
}

/**
 * Sets the e-mail and keys allowed if the client is still at `version` and
 * uses no more keys than the new number allows; false otherwise.
 */
export async function updateEdgeClient(
  exec: Executor,
  id: number,
  version: number,
  values: { email: string; keyAllowed: number },
): Promise<boolean> {
  const rows = await exec
    .update(edgeClients)
    .set({
      email: values.email,
      keyAllowed: values.keyAllowed,
      version: sql`${edgeClients.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(edgeClients.id, id),
        eq(edgeClients.version, version),
        isLive,
        sql`${edgeClients.keyUsed} <= ${values.keyAllowed}`,
      ),
    )
    .returning({ id: edgeClients.id });
  return rows.length > 0;
}

/** Counts one more live key, if the client has a free place; false when all its places are taken. */
export async function takeEdgeKeyPlace(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(edgeClients)
    .set({ keyUsed: sql`${edgeClients.keyUsed} + 1`, updatedAt: new Date() })
    .where(and(eq(edgeClients.id, id), isLive, sql`${edgeClients.keyUsed} < ${edgeClients.keyAllowed}`))
    .returning({ id: edgeClients.id });
  return rows.length > 0;
}

/** Frees the place of a key just revoked. */
export async function freeEdgeKeyPlace(exec: Executor, id: number): Promise<void> {
  await exec
    .update(edgeClients)
    .set({ keyUsed: sql`greatest(${edgeClients.keyUsed} - 1, 0)`, updatedAt: new Date() })
    .where(eq(edgeClients.id, id));
}

/**
 * Revokes one live key of the client. Answers the key's hash (to forget it)
 * and last characters, or undefined when the client has no such live key.
 */
export async function revokeEdgeKey(
  exec: Executor,
  edgeClientId: number,
  keyId: number,
  revokedBy: number,
): Promise<{ tokenHash: string; tail: string } | undefined> {
  const [row] = await exec
    .update(dataTokens)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(
      and(eq(dataTokens.id, keyId), eq(dataTokens.edgeClientId, edgeClientId), isNull(dataTokens.revokedAt)),
    )
    .returning({ tokenHash: dataTokens.tokenHash, tail: dataTokens.tokenTail });
  return row ? { tokenHash: row.tokenHash, tail: row.tail } : undefined;
}

/** Whether the client has this key (live or revoked). */
export async function hasEdgeKey(exec: Executor, edgeClientId: number, keyId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: dataTokens.id })
    .from(dataTokens)
    .where(and(eq(dataTokens.id, keyId), eq(dataTokens.edgeClientId, edgeClientId)))
    .limit(1);
  return row !== undefined;
}

/** The last characters of the keys, by id (for the audit rows of keys revoked together). */
export async function findKeyTails(exec: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select({ id: dataTokens.id, tail: dataTokens.tokenTail })
    .from(dataTokens)
    .where(inArray(dataTokens.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.tail]));
}

/** Marks the client DELETED if it is still at `version` (its keys are revoked with it); false otherwise. */
export async function deleteEdgeClient(exec: Executor, id: number, version: number): Promise<boolean> {
  const rows = await exec
    .update(edgeClients)
    .set({
      status: 'DELETED',
      keyUsed: 0,
      version: sql`${edgeClients.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(edgeClients.id, id), eq(edgeClients.version, version), isLive))
    .returning({ id: edgeClients.id });
  return rows.length > 0;
}
