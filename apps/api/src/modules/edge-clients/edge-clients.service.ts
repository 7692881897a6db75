import {
  EDGE_CLIENT_MESSAGES,
  edgeKeyHintOf,
  type EdgeClient,
  type EdgeClientCreateBody,
  type EdgeClientDetail,
  type EdgeClientListQuery,
  type EdgeClientUpdateBody,
  type EdgeKeyIssued,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, notFound, staleVersion } from '../../lib/errors.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { recordAudit } from '../audit/audit.service.js';
import { violatedUniqueIndex } from '../cameras/cameras.repository.js';
import { forgetDataToken, insertDataToken, revokeDataTokens } from '../telemetry/data-tokens.js';
import {
  deleteEdgeClient,
  findEdgeClient,
  findEdgeClientsPage,
  findKeyTails,
  freeEdgeKeyPlace,
  hasEdgeKey,
  insertEdgeClient,
  isEdgeEmailTaken,
  listEdgeKeys,
  revokeEdgeKey,
  takeEdgeKeyPlace,
  updateEdgeClient,
} from './edge-clients.repository.js';

const REFUSAL = 'You are not allowed to change the edge clients of this industry.';
const EMAIL_INDEX = 'edge_clients_email_active_uq';

/** What the audit trail keeps of a client. */
const auditValue = (client: EdgeClient) => ({
  emailId: client.emailId,
  tenant: client.tenant,
  keyAllowed: client.keyAllowed,
  keyUsed: client.keyUsed,
});

/**
 * What the trail keeps of a key: whose it is and its last characters, never
 * the key. (The trail drops any field whose name says token, so these do not.)
 */
const keyAuditValue = (client: EdgeClient, tail: string) => ({
  edgeClient: { id: client.id, emailId: client.emailId },
  keyHint: edgeKeyHintOf(tail),
});

/** "Email already exist" (spec §5), on the e-mail field. */
const emailTaken = () =>
  new AppError('EDGE_CLIENT_EXISTS', EDGE_CLIENT_MESSAGES.emailTaken, [
    { path: 'emailId', message: EDGE_CLIENT_MESSAGES.emailTaken, code: 'FIELD_TAKEN' },
  ]);

/** Fewer keys allowed than the client uses (spec §5), on the keys-allowed field. */
const belowKeysUsed = (keyUsed: number) =>
  new AppError(
    'EDGE_KEY_LIMIT',
    EDGE_CLIENT_MESSAGES.keyAllowedBelowUsed,
    [{ path: 'keyAllowed', message: EDGE_CLIENT_MESSAGES.keyAllowedBelowUsed, code: 'FIELD_RULE' }],
    { keyUsed },
  );

/** Runs a write; another client saved the same e-mail between the check and the write: "Email already exist". */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueIndex(error) === EMAIL_INDEX) throw emailTaken();
    throw error;
  }
}

export function createEdgeClientsService({ db }: { db: Database }) {
  /** The client when the caller sees it (404); with `forUpdate`, held until the transaction ends. */
  async function existingClient(exec: Executor, ctx: RequestContext, id: number, forUpdate = false) {
    const client = await findEdgeClient(exec, scopeOf(ctx.principal), id, { forUpdate });
    if (!client) throw notFound('Edge client');
    return client;
  }

  /** The client, held, when the caller sees it (404) and may change its industry's clients (403). */
  async function changeableClient(tx: Executor, ctx: RequestContext, id: number) {
    const client = await existingClient(tx, ctx, id, true);
    await changeableIndustry(tx, ctx, client.tenant.id, REFUSAL);
    return client;
  }

  async function detailOf(exec: Executor, client: EdgeClient): Promise<EdgeClientDetail> {
    return { ...client, keys: await listEdgeKeys(exec, client.id) };
  }

  /** Writes the e-mail and keys allowed (both checked against what is stored), audited. */
  async function saveClient(
    ctx: RequestContext,
    id: number,
    version: number | undefined,
    change: (before: EdgeClient) => { email: string; keyAllowed: number },
  ): Promise<EdgeClientDetail> {
    return withUniqueEmail(() =>
      db.transaction(async (tx) => {
        const before = await changeableClient(tx, ctx, id);
        if (version !== before.version) throw staleVersion();
        const values = change(before);
        if (values.email !== before.emailId && (await isEdgeEmailTaken(tx, values.email, before.id))) {
          throw emailTaken();
        }
        if (values.keyAllowed < before.keyUsed) throw belowKeysUsed(before.keyUsed);
        if (!(await updateEdgeClient(tx, before.id, before.version, values))) throw staleVersion();
        const saved = await existingClient(tx, ctx, before.id);
        await recordAudit(tx, ctx, {
          entity: 'edge_client',
          entityId: saved.id,
          action: 'UPDATE',
          tenantId: saved.tenant.id,
          oldValue: auditValue(before),
          newValue: auditValue(saved),
        });
        return detailOf(tx, saved);
      }),
    );
  }

  return {
    /** The clients the caller sees; an industry named that the caller cannot see is 404. */
    async list(ctx: RequestContext, query: EdgeClientListQuery): Promise<Page<EdgeClient>> {
      if (query.tenantId !== undefined) await visibleIndustry(db, ctx, query.tenantId);
      return findEdgeClientsPage(
        db,
        {
          scope: scopeOf(ctx.principal),
          tenantId: query.tenantId,
          search: query.search || undefined,
          sort: query.sort,
        },
        { page: query.page, pageSize: query.pageSize },
      );
    },

    async get(ctx: RequestContext, id: number): Promise<EdgeClientDetail> {
      return detailOf(db, await existingClient(db, ctx, id));
    },

    /** Adds a client to an industry the caller may change, by an e-mail no other client has. */
    async create(ctx: RequestContext, body: EdgeClientCreateBody): Promise<EdgeClientDetail> {
      return withUniqueEmail(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, body.tenantId, REFUSAL);
          // The e-mail names one client on the whole platform, whichever industries the caller sees.
          if (await isEdgeEmailTaken(tx, body.emailId, null)) throw emailTaken();
          const id = await insertEdgeClient(tx, {
            tenantId: industry.id,
            email: body.emailId,
            keyAllowed: body.keyAllowed,
          });
          const created = await existingClient(tx, ctx, id);
          await recordAudit(tx, ctx, {
            entity: 'edge_client',
            entityId: created.id,
            action: 'CREATE',
            tenantId: industry.id,
            oldValue: null,
            newValue: auditValue(created),
          });
          return { ...created, keys: [] };
        }),
      );
    },

    /** `POST /api/updateEdgeClient`: the e-mail and the keys allowed. */
    update(ctx: RequestContext, body: EdgeClientUpdateBody): Promise<EdgeClientDetail> {
      return saveClient(ctx, body.id, body.version, () => ({
        email: body.emailId,
        keyAllowed: body.keyAllowed,
      }));
    },

    /** `POST /api/editEdgeClientkey`: the keys allowed only. */
    setKeyAllowed(
      ctx: RequestContext,
      body: { id: number; keyAllowed: number; version?: number | undefined },
    ): Promise<EdgeClientDetail> {
      return saveClient(ctx, body.id, body.version, (before) => ({
        email: before.emailId,
        keyAllowed: body.keyAllowed,
      }));
    },

    /** Marks the client deleted and revokes its live keys; answers it as it was, at its new version. */
    async remove(ctx: RequestContext, id: number, version: number | undefined): Promise<EdgeClient> {
      return db.transaction(async (tx) => {
        const before = await changeableClient(tx, ctx, id);
        if (!(await deleteEdgeClient(tx, before.id, version ?? before.version))) throw staleVersion();
        const revoked = await revokeDataTokens(tx, { edgeClientId: before.id }, ctx.principal.userId);
        const tails = await findKeyTails(tx, revoked);
        for (const keyId of revoked) {
          await recordAudit(tx, ctx, {
            entity: 'data_token',
            entityId: keyId,
            action: 'TOKEN_REVOKED',
            tenantId: before.tenant.id,
            oldValue: keyAuditValue(before, tails.get(keyId) ?? ''),
            newValue: { reason: 'edge client deleted' },
          });
        }
        await recordAudit(tx, ctx, {
          entity: 'edge_client',
          entityId: before.id,
          action: 'DELETE',
          tenantId: before.tenant.id,
          oldValue: auditValue(before),
          newValue: null,
        });
        return { ...before, keyUsed: 0, version: before.version + 1 };
      });
    },

    /**
     * Issues a key to the client while it has a free place. The key is in
     * this answer only: what is stored is its hash and last characters.
     */
    async issueKey(ctx: RequestContext, clientId: number): Promise<EdgeKeyIssued> {
      return db.transaction(async (tx) => {
        const client = await changeableClient(tx, ctx, clientId);
        if (!(await takeEdgeKeyPlace(tx, client.id))) {
          throw new AppError('EDGE_KEY_LIMIT', EDGE_CLIENT_MESSAGES.keyLimitReached, undefined, {
            keyUsed: client.keyUsed,
            keyAllowed: client.keyAllowed,
          });
        }
        const issued = await insertDataToken(
          tx,
          { kind: 'edge', edgeClientId: client.id },
          ctx.principal.userId,
        );
        await recordAudit(tx, ctx, {
          entity: 'data_token',
          entityId: issued.id,
          action: 'TOKEN_ISSUED',
          tenantId: client.tenant.id,
          oldValue: null,
          newValue: { ...keyAuditValue(client, issued.tokenTail), keysInUse: client.keyUsed + 1 },
        });
        const detail = await detailOf(tx, await existingClient(tx, ctx, client.id));
        const key = detail.keys.find((item) => item.id === issued.id);
        if (!key) throw notFound('Key');
        return { token: issued.token, key, client: detail };
      });
    },

    /** Revokes one key of the client: refused from now on, its place free. Revoking it again changes nothing. */
    async revokeKey(ctx: RequestContext, clientId: number, keyId: number): Promise<EdgeClientDetail> {
      const { detail, tokenHash } = await db.transaction(async (tx) => {
        const client = await changeableClient(tx, ctx, clientId);
        const revoked = await revokeEdgeKey(tx, client.id, keyId, ctx.principal.userId);
        if (!revoked) {
          if (!(await hasEdgeKey(tx, client.id, keyId))) throw notFound('Key');
          return { detail: await detailOf(tx, client), tokenHash: null };
        }
        await freeEdgeKeyPlace(tx, client.id);
        await recordAudit(tx, ctx, {
          entity: 'data_token',
          entityId: keyId,
          action: 'TOKEN_REVOKED',
          tenantId: client.tenant.id,
          oldValue: keyAuditValue(client, revoked.tail),
          newValue: { reason: 'revoked' },
        });
        return {
          detail: await detailOf(tx, await existingClient(tx, ctx, client.id)),
          tokenHash: revoked.tokenHash,
        };
      });
      // Forgotten once the revocation is committed, so that no lookup in between remembers it as live.
      if (tokenHash !== null) forgetDataToken(tokenHash);
      return detail;
    },
  };
}

export type EdgeClientsService = ReturnType<typeof createEdgeClientsService>;
