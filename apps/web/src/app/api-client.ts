import {
  buildEndpointPath,
  FIELD_ERROR_CODES,
  HEADERS,
  isPublicPath,
  rewriteApiUrl,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
  type ErrorParams,
  type ErrorResponse,
  type FieldError,
  isApiErrorCode,
} from '@vayu/domain';
import type { z } from 'zod';
import { LOGIN_PATH } from './paths';
import { clearSession, getAppModule, getCorporateId, getManageTenantId } from './session-storage';

type ErrorEnvelope = ErrorResponse['error'];

/** Every API path is relative to this; the API is served on the same origin. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** An error answer of the API (`{ error: { code, message, details?, requestId? } }`), or a failed call. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** What went wrong, from the domain's closed list: the web decides by this, never by the message. */
  readonly code: ErrorCode;
  readonly details: FieldError[];
  /** Values the message needs (a parameter's name, a limit), for wording it in the user's language. */
  readonly params: ErrorParams;
  readonly requestId: string | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details: FieldError[] = [],
    requestId?: string,
    params: ErrorParams = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
    this.params = params;
  }

  /** The call never reached the server (offline, DNS, refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON, unless it is FormData (file uploads), which the browser encodes. */
  body?: unknown;
  /** Validates the answer; the promise rejects with an ApiError when it does not match. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The sign-in call answers 401 for a wrong password; that is not an expired
   * session, so it must not clear anything or redirect.
   */
  skipUnauthorizedRedirect?: boolean;
}

function redirectToLogin() {
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
}

let unauthorizedHandler: () => void = redirectToLogin;

/**
 * What happens after a 401 has cleared the session. The app replaces the default
 * full-page redirect with a router navigation; `null` restores the default.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler ?? redirectToLogin;
}

/** `/api{path}?{query}`, rewritten to the public API on public dashboard pages. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
    }
  }
  const queryString = search.toString();
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${queryString ? `?${queryString}` : ''}`;
  return rewriteApiUrl(url, window.location.pathname);
}

/** The headers every call carries: tenant, module and corporate context, no-cache and the CSRF marker. */
export function buildRequestHeaders(extra?: Record<string, string>): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    [HEADERS.requestedWith]: 'XMLHttpRequest',
    [HEADERS.module]: getAppModule(),
  });
  const tenantId = getManageTenantId();
  if (tenantId !== null) headers.set(HEADERS.tenantId, tenantId);
  const corporateId = getCorporateId();
  if (corporateId !== null) headers.set(HEADERS.corporateId, corporateId);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return (
    isRecord(value) &&
    typeof value.path === 'string' &&
    typeof value.message === 'string' &&
    (value.code === undefined || (FIELD_ERROR_CODES as readonly unknown[]).includes(value.code))
  );
}

function isErrorParams(value: unknown): value is ErrorParams {
  return (
    isRecord(value) &&
    Object.values(value).every((item) => ['string', 'number', 'boolean'].includes(typeof item))
  );
}

/**
 * The API's error envelope (`errorResponseSchema` of the domain), read by
 * hand: every page loads this client, and the schema library stays in the
 * chunks of the screens that validate with it. Anything else is `null`.
 */
export function readErrorEnvelope(body: unknown): ErrorEnvelope | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details, params, requestId } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (details !== undefined && !(Array.isArray(details) && details.every(isFieldError))) return null;
  if (params !== undefined && !isErrorParams(params)) return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  return {
    code,
    message,
    ...(details !== undefined && {
      details: details.map((detail: FieldError) => ({
        path: detail.path,
        message: detail.message,
        ...(detail.code !== undefined && { code: detail.code }),
      })),
    }),
    ...(params !== undefined && { params }),
    ...(requestId !== undefined && { requestId }),
  };
}

export function toApiError(status: number, body: unknown, statusText: string): ApiError {
  const envelope = readErrorEnvelope(body);
  if (envelope) {
    const { code, message, details, requestId, params } = envelope;
    // A code this client does not know (a newer server) is still an error: treat it by its status.
    const known = isApiErrorCode(code) ? code : 'HTTP_ERROR';
    return new ApiError(status, known, message, details ?? [], requestId, params ?? {});
  }
  return new ApiError(status, 'HTTP_ERROR', statusText || `Request failed with status ${status}`);
}

/**
 * The one way features call the API. Resolves with the (validated) JSON answer,
 * `undefined` for 204; rejects with an ApiError. A 401 clears the session and
 * leads to /login, except for the sign-in call itself and on public pages.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, schema, signal, skipUnauthorizedRedirect = false } = options;
  const headers = buildRequestHeaders(options.headers);
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: requestBody,
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
  }

  const data = await readBody(response);

  if (!response.ok) {
    if (response.status === 401 && !skipUnauthorizedRedirect && !isPublicPath(window.location.pathname)) {
      clearSession();
      unauthorizedHandler();
    }
    throw toApiError(response.status, data, response.statusText);
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected response.');
  }
  return parsed.data;
}

type RequestOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export const apiClient = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

type EndpointCallInput<E extends EndpointDefinition> = (E['params'] extends object
  ? { params: EndpointParams<E> }
  : { params?: undefined }) &
  (E['body'] extends object
    ? { body: EndpointBody<E> }
    : E['multipart'] extends object
      ? { body: FormData }
      : { body?: undefined }) & {
    query?: EndpointQuery<E>;
    signal?: AbortSignal | undefined;
    headers?: Record<string, string>;
    skipUnauthorizedRedirect?: boolean;
  };

type OptionalWhenEmpty<E extends EndpointDefinition> = E['params'] extends object
  ? [input: EndpointCallInput<E>]
  : E['body'] extends object
    ? [input: EndpointCallInput<E>]
    : E['multipart'] extends object
      ? [input: EndpointCallInput<E>]
      : [input?: EndpointCallInput<E>];

/**
 * Calls an endpoint of `@vayu/domain` by its definition: the path, method
 * and schemas come from there, so no screen writes a path or a response
 * type of its own. The answer is checked against the response schema.
 */
export function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: OptionalWhenEmpty<E>
): Promise<EndpointResponse<E>> {
  const path = buildEndpointPath(endpoint.path, input?.params as Record<string, string | number> | undefined);
  return apiRequest<EndpointResponse<E>>(path.slice(API_BASE.length), {
    method: endpoint.method,
    query: input?.query as QueryParams | undefined,
    body: input?.body,
    schema: endpoint.response as z.ZodType<EndpointResponse<E>> | undefined,
    signal: input?.signal ?? undefined,
    ...(input?.headers ? { headers: input.headers } : {}),
    ...(input?.skipUnauthorizedRedirect ? { skipUnauthorizedRedirect: true } : {}),
  });
}
