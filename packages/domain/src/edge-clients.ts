import { z } from 'zod';
import { authTokenHintOf } from './cameras.js';
import { FIELD_MESSAGES, LIST_PAGE_SIZE, EDGE_KEY_ALLOWED_MAX } from './constants.js';
import { emailField, fromDigits, versionField } from './fields.js';
import { EDGE_CLIENT_MESSAGES } from './area-messages.js';

/**
 * Edge clients (`/edgeClientKey`, spec §3: "Edge client: id, emailId, tenant,
 * keyAllowed, keyUsed, clientToken"): a gateway at an industry's plant, known
 * by an e-mail, that sends readings with keys (data tokens). A client may hold
 * up to `keyAllowed` live keys; `keyUsed` is how many it holds now, so
 * revoking a key frees a place. A key is shown once, when issued; after that
 * only its last characters are (`••••a1b2`).
 */

export const EDGE_CLIENT_PAGE_SIZE = LIST_PAGE_SIZE;
/** The keys a client's details list: every live one, then the latest revoked ones up to this many in all. */
export const EDGE_KEYS_SHOWN = 200;

/** List orders: newest first, or by e-mail. */
export const EDGE_CLIENT_SORTS = ['newest', 'email'] as const;
export type EdgeClientSort = (typeof EDGE_CLIENT_SORTS)[number];

/** How a key is shown once issued: `••••a1b2`. */
export const edgeKeyHintOf = authTokenHintOf;

const keyAllowedField = fromDigits(
  z
    .number({ message: FIELD_MESSAGES.number })
    .int(EDGE_CLIENT_MESSAGES.keyAllowedRange)
    .min(1, EDGE_CLIENT_MESSAGES.keyAllowedRange)
    .max(EDGE_KEY_ALLOWED_MAX, EDGE_CLIENT_MESSAGES.keyAllowedRange),
);

const idField = (message: string = FIELD_MESSAGES.required) =>
  fromDigits(z.number({ message }).int(message).min(1, message));

/** `POST /api/createEdgeClientUser`. */
export const edgeClientCreateBodySchema = z
  .object({
    emailId: emailField,
    tenantId: idField(EDGE_CLIENT_MESSAGES.industry),
    keyAllowed: keyAllowedField,
  })
  .strict();
export type EdgeClientCreateBody = z.output<typeof edgeClientCreateBodySchema>;
export type EdgeClientCreateInput = z.input<typeof edgeClientCreateBodySchema>;

/**
 * `POST /api/updateEdgeClient`: the e-mail and the keys allowed, from the
 * version the edit started from. The industry stays: the client's keys send
 * that industry's readings.
 */
export const edgeClientUpdateBodySchema = z
  .object({
    id: idField(),
    emailId: emailField,
    keyAllowed: keyAllowedField,
    version: versionField.optional(),
  })
  .strict();
export type EdgeClientUpdateBody = z.output<typeof edgeClientUpdateBodySchema>;
export type EdgeClientUpdateInput = z.input<typeof edgeClientUpdateBodySchema>;

/** `POST /api/editEdgeClientkey`: only the keys allowed, from the version the edit started from. */
export const edgeClientKeyAllowedBodySchema = z
  .object({
    id: idField(),
    keyAllowed: keyAllowedField,
    version: versionField.optional(),
  })
  .strict();
export type EdgeClientKeyAllowedBody = z.output<typeof edgeClientKeyAllowedBodySchema>;

/** `POST /api/getEdgeClientToken`: `clientTokenId` is the edge client's id (spec §7). */
export const edgeKeyIssueBodySchema = z.object({ clientTokenId: idField() }).strict();
export type EdgeKeyIssueBody = z.output<typeof edgeKeyIssueBodySchema>;

/** `DELETE /api/deleteEdgeClientkey/{id}?version=`. */
export const edgeClientDeleteQuerySchema = z.object({ version: versionField.optional() }).strict();

/** `GET /api/allEdgeClient`. */
export const edgeClientListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(EDGE_CLIENT_PAGE_SIZE),
  /** Part of the e-mail, any case. */
  search: z.string().trim().max(100).optional(),
  /** One industry; without it, every industry the caller sees. */
  tenantId: fromDigits(z.number().int().min(1)).optional(),
  sort: z.enum(EDGE_CLIENT_SORTS).default('newest'),
});
export type EdgeClientListQuery = z.output<typeof edgeClientListQuerySchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** One key of a client as screens show it: never the key itself. */
export const edgeKeySchema = z.object({
  id: z.number().int(),
  /** `••••a1b2`: the key's last characters. */
  hint: z.string(),
  createdAt: z.string(),
  /** Who issued it (null once that user is gone). */
  createdBy: z.string().nullable(),
  /** When readings last came with it (to the minute); null if never. */
  lastUsedAt: z.string().nullable(),
  /** When it was revoked; null while it is live. */
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type EdgeKey = z.infer<typeof edgeKeySchema>;

export const edgeClientSchema = z.object({
  id: z.number().int(),
  emailId: z.string(),
  tenant: namedRef,
  keyAllowed: z.number().int(),
  /** Live keys (issued and not revoked). */
  keyUsed: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EdgeClient = z.infer<typeof edgeClientSchema>;

/** `GET /api/getEdgeDetails/{id}`: the client with its keys, live ones first, newest first. */
export const edgeClientDetailSchema = edgeClientSchema.extend({ keys: z.array(edgeKeySchema) });
export type EdgeClientDetail = z.infer<typeof edgeClientDetailSchema>;

/** A key just issued: `token` is shown this once and can never be read again. */
export const edgeKeyIssuedSchema = z.object({
  token: z.string(),
  key: edgeKeySchema,
  client: edgeClientDetailSchema,
});
export type EdgeKeyIssued = z.infer<typeof edgeKeyIssuedSchema>;

/** Whether a client may be given one more key now. */
export const canIssueEdgeKey = (client: Pick<EdgeClient, 'keyAllowed' | 'keyUsed'>) =>
  client.keyUsed < client.keyAllowed;
