import { errorResponseSchema, homeSummarySchema } from '@vayu/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, errorResponse, jsonResponse } from '../test/fixtures';
import { ApiError, apiClient, readErrorEnvelope, setUnauthorizedHandler } from './api-client';
import { getStoredUser, setCorporateId, setManageTenantId, setStoredUser, STORAGE_KEYS } from './session';

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/home');
});

afterEach(() => {
  setUnauthorizedHandler(null);
});

describe('apiClient headers', () => {
  it('sends the module, no-cache and CSRF headers with every call, same-origin', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiClient.get('/home/summary');

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/home/summary');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-Module')).toBe('enviro');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.has('X-Tenant-Id')).toBe(false);
    expect(headers.has('X-Corporate-Id')).toBe(false);
  });

  it('adds the manage-mode tenant, corporate and chosen module when they are set', async () => {
    setManageTenantId(42);
    setCorporateId(5);
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'energy');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiClient.get('/tenants');

    const { headers } = lastRequest();
    expect(headers.get('X-Tenant-Id')).toBe('42');
    expect(headers.get('X-Corporate-Id')).toBe('5');
    expect(headers.get('X-Module')).toBe('energy');
  });

  it('sends JSON bodies with the CSRF header on mutations', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const result = await apiClient.post('/users/7/password/update', { password: 'Secret#123' });

    const { init, headers } = lastRequest();
    expect(result).toBeUndefined();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ password: 'Secret#123' }));
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));
    await apiClient.get('/partners', {
      query: { status: 'ENABLED', search: undefined, page: 2, name: 'a b' },
    });
    expect(lastRequest().url).toBe('/api/partners?status=ENABLED&page=2&name=a+b');
  });
});

describe('public dashboard pages', () => {
  it('call the public API with the public tenant id', async () => {
    window.history.replaceState(null, '', '/public/dashboard/view/99');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiClient.get('/devices', { query: { status: 'ENABLED' } });
    expect(lastRequest().url).toBe('/public/api/devices?status=ENABLED&publicTenantId=99');
  });
});

describe('responses', () => {
  it('validates the answer against a schema', async () => {
    const summary = { tenants: { total: 3, enabled: 2, disabled: 1 }, partners: 1, users: 4 };
    fetchMock.mockResolvedValue(jsonResponse(summary));
    await expect(apiClient.get('/home/summary', { schema: homeSummarySchema })).resolves.toEqual(summary);
  });

  it('rejects an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ tenants: 'many' }));
    await expect(apiClient.get('/home/summary', { schema: homeSummarySchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('turns the error shape into an ApiError with status, code, message and details', async () => {
    const details = [{ path: 'password', message: 'Password must contain at least one digit' }];
    fetchMock.mockResolvedValue(errorResponse(400, 'VALIDATION_FAILED', 'Invalid request.', details));

    const error = await apiClient
      .post('/users/7/password/update', { password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request.',
      details,
    });
  });

  it('copes with an error answer that is not the API shape', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiClient.get('/home/summary')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Bad Gateway',
    });
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiClient.get('/home/summary').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
  });
});

describe('401 Unauthorized', () => {
  it('clears the session and sends the user to /login', async () => {
    setStoredUser(buildUser());
    setManageTenantId(42);
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'gen');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Sign in to continue.'));

    await expect(apiClient.get('/home/summary')).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.manageTenantId)).toBeNull();
    // A preference, not session information.
    expect(window.localStorage.getItem(STORAGE_KEYS.appModule)).toBe('gen');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('falls back to a full-page redirect to /login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/partners', assign });
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Sign in to continue.'));

    await expect(apiClient.get('/partners')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone for a failed sign-in', async () => {
    setStoredUser(buildUser());
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Invalid user name or password.'));

    await expect(
      apiClient.post(
        '/auth/login',
        { userName: 'a@b.in', password: 'x' },
        { skipUnauthorizedRedirect: true },
      ),
    ).rejects.toMatchObject({ message: 'Invalid user name or password.' });
    expect(getStoredUser()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not redirect on public pages', async () => {
    window.history.replaceState(null, '', '/public/dashboard/view/99');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Sign in to continue.'));

    await expect(apiClient.get('/devices')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('readErrorEnvelope', () => {
  const field = { path: 'body.name', message: 'Required', code: 'FIELD_REQUIRED' };
  const bodies: [string, unknown][] = [
    ['the smallest envelope', { error: { code: 'NOT_FOUND', message: 'Not found.' } }],
    [
      'every part',
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid request.',
          details: [field, { path: 'body.email', message: 'Taken' }],
          params: { limit: 5, name: 'pH', exact: true },
          requestId: 'req-1',
          extra: 'dropped',
        },
      },
    ],
    ['a code this client does not know', { error: { code: 'FROM_A_NEWER_SERVER', message: 'New.' } }],
    ['no error object', { message: 'Not found.' }],
    ['an error that is a string', { error: 'Not found.' }],
    ['a code that is not text', { error: { code: 404, message: 'Not found.' } }],
    ['no message', { error: { code: 'NOT_FOUND' } }],
    ['details that are not a list', { error: { code: 'NOT_FOUND', message: 'x', details: field } }],
    ['a detail without a path', { error: { code: 'NOT_FOUND', message: 'x', details: [{ message: 'x' }] } }],
    [
      'a detail with an unknown field code',
      { error: { code: 'NOT_FOUND', message: 'x', details: [{ ...field, code: 'FIELD_ODD' }] } },
    ],
    ['params with an object', { error: { code: 'NOT_FOUND', message: 'x', params: { a: { b: 1 } } } }],
    ['params that are a list', { error: { code: 'NOT_FOUND', message: 'x', params: ['a'] } }],
    ['a request id that is null', { error: { code: 'NOT_FOUND', message: 'x', requestId: null } }],
    ['text', 'Bad gateway'],
    ['nothing', undefined],
    ['null', null],
  ];

  it.each(bodies)("reads %s as the domain's error schema does", (_, body) => {
    const parsed = errorResponseSchema.safeParse(body);
    expect(readErrorEnvelope(body)).toEqual(parsed.success ? parsed.data.error : null);
  });
});
