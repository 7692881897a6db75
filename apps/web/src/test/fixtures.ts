import type { LoggedInUser } from '@vayu/domain';

export function buildUser(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    id: 7,
    userName: 'asha.rao@vayu.example',
    name: 'Asha Rao',
    phone: '919876543210',
    userType: 'site',
    role: 'admin',
    status: 'ENABLED',
    account: {
      id: 1,
      name: 'Vayu Platform',
      type: 'site',
      status: 'ENABLED',
      partnerId: -1,
      corporateId: null,
    },
    ...overrides,
  };
}

/** A fetch answer with a JSON body, as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error answer of the API; `code` is one of the domain's codes, as the API sends it. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: unknown[],
  params?: Record<string, string | number | boolean>,
): Response {
  return jsonResponse(
    { error: { code, message, ...(details && { details }), ...(params && { params }) } },
    status,
  );
}

type Handler = (request: { url: string; init: RequestInit }) => Response | Promise<Response>;

/**
 * A fetch stand-in that answers by "METHOD /path" (query string ignored).
 * Unknown calls answer 404 in the API's error shape, so a test notices them.
 */
export function createApiMock(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; init: RequestInit }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, init });
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) return errorResponse(404, 'NOT_FOUND', `No handler for ${method} ${url}`);
    return handler({ url, init });
  };
  return { fetch: fetchImpl, calls };
}
