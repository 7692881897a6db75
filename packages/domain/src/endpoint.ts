import type { z } from 'zod';
import type { AccountFormType } from './constants.js';
import type { ApiErrorCode } from './errors.js';
import type { Role, UserType } from './signed-in-user.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint. Record-level rules (404 for what one cannot see, 403 for what one cannot change) live in the API's services. */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'signed-in'; userTypes?: readonly UserType[]; roles?: readonly Role[] }
  /** Called with a data token (an edge client's key, a push-data app's token) as a Bearer token, not a session. */
  | { kind: 'data-token' };

export const PUBLIC: EndpointAccess = { kind: 'public' };
export const SIGNED_IN: EndpointAccess = { kind: 'signed-in' };
/** Devices, edge gateways and push-data apps, by their data token; the handler checks the token. */
export const DATA_TOKEN: EndpointAccess = { kind: 'data-token' };
/** Only these user types (and, when given, roles) may call it. */
export const only = (userTypes: readonly UserType[], roles?: readonly Role[]): EndpointAccess => ({
  kind: 'signed-in',
  userTypes,
  ...(roles ? { roles } : {}),
});
/** Site, partner and tenant admins: the account writers. */
export const ACCOUNT_ADMINS = only(['site', 'partner', 'tenant'], ['admin']);
/** The platform operator's own users. */
export const SITE_ONLY = only(['site']);
/** State boards are read by the platform's people and by each board's own users (their board only). */
export const BOARD_READERS = only(['site', 'statutory']);
/** Boards and every mapping at them are kept by the platform's administrators. */
export const BOARD_KEEPERS = only(['site'], ['admin']);
/** Whoever has an industry's subscription in view: the platform, its partner, the industry itself. */
export const BILLING_READERS = only(['site', 'partner', 'tenant']);
/** The platform's administrators: plans, add-ons, the site's settings and payment decisions. */
export const BILLING_KEEPERS = only(['site'], ['admin']);
/** Coupons and discounts are given by the platform's and partners' administrators. */
export const DISCOUNT_KEEPERS = only(['site', 'partner'], ['admin']);
/** Who sees an industry's public dashboard settings: the platform, its partner, the industry itself. */
export const PUBLIC_DASHBOARD_READERS = only(['site', 'partner', 'tenant']);
/**
 * Who manages push-data apps: the platform's admins (every app) and partner
 * admins (the apps they added, for their own industries).
 */
export const APP_VENDOR_MANAGERS = only(['site', 'partner'], ['admin']);
/** Everyone reads and requests the reports of the industries they see. */
export const REPORT_READERS = only(['site', 'partner', 'corporate', 'tenant', 'statutory']);
/** The board's view: the platform's people and each board's own users (the industries mapped to their board). */
export const STATUTORY_REPORT_READERS = BOARD_READERS;
/** Migrations are read by the people of the industries they are for (record scope in the API). */
export const DATA_MIGRATION_READERS = only(['site', 'partner', 'tenant']);
/** Alerts are listed for everyone signed in: each sees the industries in their scope. */
export const ALERT_READERS = SIGNED_IN;

/**
 * Who may add an account through each type of the account form
 * (`POST /api/create/{type}`, `/new/tenants/{type}/0`): industries under a
 * partner ('partner') the platform's and partners' admins, board accounts
 * ('statutory') the platform's admins only. The API refuses anyone else
 * before reading the form; the console's route guard sends them to /unauthorised.
 */
export const ACCOUNT_CREATE_ACCESS = {
  partner: only(['site', 'partner'], ['admin']),
  statutory: only(['site'], ['admin']),
} as const satisfies Record<AccountFormType, EndpointAccess>;

export function isAccessAllowed(access: EndpointAccess, who: { userType: UserType; role: Role }): boolean {
  if (access.kind === 'public') return true;
  if (access.kind === 'data-token') return false;
  if (access.userTypes && !access.userTypes.includes(who.userType)) return false;
  if (access.roles && !access.roles.includes(who.role)) return false;
  return true;
}

/**
 * What a path parameter of a tenant-owned endpoint names, so that tests can
 * try every such endpoint with another tenant's record (and expect 404).
 */
export type OwnedRecordKind =
  | 'account'
  | 'user'
  | 'audit'
  | 'diagnostic'
  | 'monitoringPoint'
  | 'device'
  | 'camera'
  | 'edgeClient'
  | 'appVendor'
  | 'subscription'
  | 'invoice'
  | 'alert';

/**
 * One API endpoint, defined once: the API registers its route, access rule
 * and OpenAPI operation from it, and the web's client calls it through it.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify style: `/api/parameters/:id`; the public dashboards' API is under `/public/api/`. */
  path: `/api/${string}` | `/public/api/${string}`;
  /** Unique, lowerCamelCase; clients generated from the OpenAPI document name their functions after it. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: EndpointAccess;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body (fields and files) that the handler reads itself; documented with this schema. */
  multipart?: z.ZodType;
  /** The success answer's status (200 unless said). */
  status?: 200 | 201 | 204;
  /** The success answer (JSON); omitted when `produces` names another media type. */
  response?: z.ZodType;
  /** A non-JSON success answer (an image, a file). */
  produces?: string;
  /** Codes this endpoint answers with beyond those every endpoint of its kind has (validation, sign-in, access, not found). */
  errors?: readonly ApiErrorCode[];
  /**
   * Open to anyone and so limited per client address: each address may call it
   * `CLIENT_RATE_LIMIT_PER_MINUTE` times a minute (429 RATE_LIMITED after).
   */
  limitedPerClient?: boolean;
  /** The path parameter that names a tenant-owned record, and what kind of record it is. */
  owned?: { param: string; kind: OwnedRecordKind };
}

/** Keeps the literal types of a definition (paths, schemas) for the typed client and routes. */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Path parameters as a client sends them. */
export type EndpointParams<E extends EndpointDefinition> = E['params'] extends z.ZodObject
  ? { [K in keyof z.output<E['params']>]: string | number }
  : undefined;
/** Query parameters as a client sends them (every field may be left out when it has a default). */
export type EndpointQuery<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? { [K in keyof z.output<E['query']>]?: z.output<E['query']>[K] | undefined }
  : undefined;
export type EndpointBody<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : E['multipart'] extends z.ZodType
    ? FormData
    : undefined;
/** The success answer, as parsed by the response schema. */
export type EndpointResponse<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['produces'] extends string
    ? Blob
    : undefined;
/** What the API's handler receives after validation. */
export type EndpointInput<E extends EndpointDefinition> = {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
};

/** `/api/parameters/:id` with `{ id: 7 }` → `/api/parameters/7` (each value URI-encoded). */
export function buildEndpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `METHOD /path`, the key an endpoint is known by in logs and tests. */
export function endpointKey(endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}
