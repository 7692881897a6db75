import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { appVendors, appVendorTenants, dataTokens, edgeClients } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { AppError, unauthenticated } from '../../lib/errors.js';

/**
 * Data tokens: the keys edge clients and push-data apps send readings with.
 * A token is 32 random bytes behind a prefix that says what it is for
 * (`vek_` an edge client's key, `vat_` an app's token), shown once when
 * issued; only its SHA-256 and its last characters are stored.
 */

export type DataTokenKind = 'edge' | 'app';

const PREFIX: Record<DataTokenKind, string> = { edge: 'vek_', app: 'vat_' };
/** Characters of a token the screens show after it was issued. */
export const DATA_TOKEN_TAIL_LENGTH = 4;

export interface IssuedToken {
  /** The token itself: give it to the client now, it cannot be shown again. */
  token: string;
  tokenHash: string;
  tokenTail: string;
}

export function createDataToken(kind: DataTokenKind): IssuedToken {
  const token = `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token), tokenTail: token.slice(-DATA_TOKEN_TAIL_LENGTH) };
}

/**
 * Stores a new token of an edge client or an app in `tx` (the caller's
 * transaction, which also audits it) and answers its row id with the token.
 */
export async function insertDataToken(
  tx: Executor,
  owner: { kind: 'edge'; edgeClientId: number } | { kind: 'app'; appVendorId: number },
  createdBy: number | null,
): Promise<IssuedToken & { id: number }> {
  const issued = createDataToken(owner.kind);
  const [row] = await tx
    .insert(dataTokens)
    .values({
      kind: owner.kind,
      edgeClientId: owner.kind === 'edge' ? owner.edgeClientId : null,
      appVendorId: owner.kind === 'app' ? owner.appVendorId : null,
      tokenHash: issued.tokenHash,
      tokenTail: issued.tokenTail,
      createdBy,
    })
    .returning({ id: dataTokens.id });
  return { ...issued, id: row!.id };
}

/** Revokes the live tokens of an edge client or an app (a deleted client, a regenerated app token). */
export async function revokeDataTokens(
  tx: Executor,
  owner: { edgeClientId: number } | { appVendorId: number },
  revokedBy: number | null,
): Promise<number[]> {
  const ownerIs =
    'edgeClientId' in owner
      ? eq(dataTokens.edgeClientId, owner.edgeClientId)
      : eq(dataTokens.appVendorId, owner.appVendorId);
  const rows = await tx
    .update(dataTokens)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(ownerIs, isNull(dataTokens.revokedAt)))
    .returning({ id: dataTokens.id, tokenHash: dataTokens.tokenHash });
  for (const row of rows) forgetDataToken(row.tokenHash);
  return rows.map((row) => row.id);
}

/** Who a data token speaks for: an edge client of one industry, or an app and the industries added to it. */
export interface DataSender {
  tokenId: number;
  kind: DataTokenKind;
  /** The edge client or the app. */
  ownerId: number;
  /** An edge client's industry; null for an app, whose industries are in `tenantIds`. */
  tenantId: number | null;
  /** The industries an app may send for (read with the token; re-read after `TOKEN_CACHE_MS`). */
  tenantIds: ReadonlySet<number>;
}

/** How long a resolved token is reused without reading the tables (a revoked token stops within this). */
export const TOKEN_CACHE_MS = 5_000;

const cache = new Map<string, { sender: DataSender | null; until: number }>();
const CACHE_ENTRIES = 10_000;

/** Drops what this process remembers of a token (revoked here: it stops at once in this process). */
export function forgetDataToken(tokenHash: string) {
  cache.delete(tokenHash);
}

/**
 * The sender behind a token, or null when the token is unknown, revoked, or
 * its edge client or app is deleted. Reused for `TOKEN_CACHE_MS`.
 */
export async function resolveDataToken(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<DataSender | null> {
  if (token.length < 10 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash);
  if (cached && cached.until > now) return cached.sender;
  const sender = await lookUpToken(db, tokenHash);
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(tokenHash, { sender, until: now + TOKEN_CACHE_MS });
  return sender;
}

async function lookUpToken(db: Database, tokenHash: string): Promise<DataSender | null> {
  const [row] = await db
    .select({
      id: dataTokens.id,
      kind: dataTokens.kind,
      edgeClientId: dataTokens.edgeClientId,
      appVendorId: dataTokens.appVendorId,
      edgeTenantId: edgeClients.tenantId,
      edgeStatus: edgeClients.status,
      appStatus: appVendors.status,
    })
    .from(dataTokens)
    .leftJoin(edgeClients, eq(edgeClients.id, dataTokens.edgeClientId))
    .leftJoin(appVendors, eq(appVendors.id, dataTokens.appVendorId))
    .where(and(eq(dataTokens.tokenHash, tokenHash), isNull(dataTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (row.kind === 'edge') {
    if (row.edgeStatus !== 'ENABLED' || row.edgeClientId === null || row.edgeTenantId === null) return null;
    return {
      tokenId: row.id,
      kind: 'edge',
      ownerId: row.edgeClientId,
      tenantId: row.edgeTenantId,
      tenantIds: new Set([row.edgeTenantId]),
    };
  }
  if (row.appStatus !== 'ENABLED' || row.appVendorId === null) return null;
  const tenants = await db
    .select({ tenantId: appVendorTenants.tenantId })
    .from(appVendorTenants)
    .where(eq(appVendorTenants.appVendorId, row.appVendorId));
  return {
    tokenId: row.id,
    kind: 'app',
    ownerId: row.appVendorId,
    tenantId: null,
    tenantIds: new Set(tenants.map((tenant) => tenant.tenantId)),
  };
}

/** Marks tokens used (at most once a minute per token and process): the screens show when a key was last used. */
const lastMarked = new WeakMap<object, Map<number, number>>();
export function markTokenUsed(db: Database, tokenId: number, now = Date.now()) {
  let marked = lastMarked.get(db);
  if (!marked) lastMarked.set(db, (marked = new Map()));
  const last = marked.get(tokenId) ?? 0;
  if (now - last < 60_000) return;
  marked.set(tokenId, now);
  if (marked.size > CACHE_ENTRIES) marked.clear();
  void db
    .update(dataTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(dataTokens.id, tokenId))
    .catch(() => marked.delete(tokenId));
}

/**
 * The sender of a data-token request: its Bearer token, resolved. 401
 * `UNAUTHENTICATED` without one, `TOKEN_INVALID` for one unknown or revoked.
 */
export async function resolveDataSender(
  db: Database,
  request: { headers: { authorization?: string | undefined } },
): Promise<DataSender> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw unauthenticated('Send an edge client key or an app token as a Bearer token.');
  const sender = await resolveDataToken(db, token);
  if (!sender) throw new AppError('TOKEN_INVALID', 'This key is unknown or has been revoked.');
  markTokenUsed(db, sender.tokenId);
  return sender;
}
