import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';

let t: TestContext;
let logs = '';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await startTestApp({ logLevel: 'info', bodyLimitBytes: 4096 }, { logStream });
});

describe('GET /api/health', () => {
  it('says which database is in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('OpenAPI', () => {
  it('serves the document and the viewer at /api/docs without a session', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/loggedin', '/api/users/{id}/password/update']),
    );
    expect(
      spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['userName', 'password']);
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(viewer.statusCode);
  });
});

describe('HTTP behaviour', () => {
  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives every response a request id, and keeps a well-formed one from the client', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-abc-123');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    // A malformed id is replaced by a generated one (not tested by substring: a UUID may hold "bad").
    expect(refused.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('answers a body over the limit with 413 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: CONSOLE_HEADERS,
      payload: { userName: 'a@b.example', password: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request is too large.',
        requestId: expect.any(String),
      },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown /api path of a signed-in user with a JSON 404', async () => {
    const user = await factories(t.db).siteUser();
    const call = asUser(t.app, await signIn(t.app, user.email, user.password));
    const response = await call({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('never writes passwords, cookies or tokens to the log', async () => {
    const user = await factories(t.db).siteUser();
    const token = await signIn(t.app, user.email, user.password);
    await asUser(
      t.app,
      token,
    )({
      method: 'POST',
      url: `/api/users/${user.id}/password/update`,
      payload: { password: 'L0gged#Not', currentPassword: user.password },
    });
    expect(logs).toContain('/api/auth/login');
    expect(logs).not.toContain(user.password);
    expect(logs).not.toContain('L0gged#Not');
    expect(logs).not.toContain(token);
  });
});

describe('request log', () => {
  it('writes one line per request when it is answered, with its method, address, status and time', async () => {
    const requestId = `log-line-${Date.now()}`;
    await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing?x=1',
      headers: { 'x-request-id': requestId },
    });
    const lines = logs
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(completed[0]).toMatchObject({
      reqId: requestId,
      req: { method: 'GET', url: '/api/no-such-thing?x=1' },
      res: { statusCode: 401 },
    });
    expect(completed[0]!.responseTime).toEqual(expect.any(Number));
  });
});
