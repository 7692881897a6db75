import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signIn, startTestApp, type TestContext } from './test/harness.js';
import { factories } from './test/factories.js';

// A built console in miniature: index.html and one asset, each with the .br
// and .gz files the web build writes next to them.
const webDist = mkdtempSync(join(tmpdir(), 'vayu-web-dist-'));
const INDEX_HTML = `<!doctype html><html><head><title>Vayu</title></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;
const ASSET_JS = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};\n`;

function writeWithCompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

mkdirSync(join(webDist, 'assets'));
writeWithCompressed(join(webDist, 'index.html'), INDEX_HTML);
writeWithCompressed(join(webDist, 'assets', 'app-1234abcd.js'), ASSET_JS);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

let t: TestContext;
let siteAdmin: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await startTestApp({ webDistDir: webDist });
  const admin = await factories(t.db).siteUser('admin');
  siteAdmin = asUser(t.app, await signIn(t.app, admin.email, admin.password));
});

describe('compressed API answers', () => {
  it('compresses a large JSON answer with brotli or gzip when the client accepts it', async () => {
    const plain = await siteAdmin({ method: 'GET', url: '/api/entityProps' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await siteAdmin({
      method: 'GET',
      url: '/api/entityProps',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await siteAdmin({
      method: 'GET',
      url: '/api/entityProps',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and error answers as they are', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });

    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/timezones',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['content-encoding']).toBeUndefined();
    expect(unauthenticated.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('pre-compressed console assets', () => {
  it('serves the .br or .gz file the build wrote, with the long cache of assets', async () => {
    const url = '/assets/app-1234abcd.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_JS);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_JS);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_JS);
  });

  it('answers every page path with index.html (compressed when accepted), never cached', async () => {
    for (const url of [
      '/',
      '/login',
      '/tenants?page=2',
      '/public/dashboard/industry/abc',
      '/public/api/details',
    ]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/tenants' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('answers a path of the public API that does not exist with a JSON 404, not the page', async () => {
    for (const url of ['/public/api/nothing', '/public/api/detailsx']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('still answers a missing asset with 404', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-00000000.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
