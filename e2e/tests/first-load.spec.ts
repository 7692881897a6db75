import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';

/**
 * The most JavaScript the sign-in page may download on a first visit, gzipped
 * (issue "A lean first load"; docs/benchmarks.md, "First load").
 */
const LOGIN_JS_GZIP_LIMIT_BYTES = 150_000;

interface ScriptFile {
  name: string;
  bytes: number;
  gzipBytes: number;
  encoding: string;
}

/** Kilobytes of 1000 bytes, as the limit and the build's own report count them. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test('/login downloads at most 150 kB of gzipped JavaScript on a first visit', async ({ page }) => {
  // A new browser context per test: empty cache, no cookies, no storage.
  const pending: Promise<ScriptFile | null>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const contentType = response.headers()['content-type'] ?? '';
    const isScript = request.resourceType() === 'script' || /javascript/.test(contentType);
    if (!isScript) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          name: new URL(response.url()).pathname,
          bytes: body.length,
          // The same measure for every file whatever the server sent: gzip at level 9.
          gzipBytes: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        }))
        .catch(() => null),
    );
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const report = [
    `JavaScript of /login: ${files.length} files, ${kb(total)} gzipped (limit ${kb(LOGIN_JS_GZIP_LIMIT_BYTES)})`,
    ...files.map(
      (file) =>
        `  ${kb(file.gzipBytes).padStart(9)}  ${kb(file.bytes).padStart(9)} raw  ${file.encoding.padEnd(8)}  ${file.name}`,
    ),
  ].join('\n');
  // The breakdown shows in the test run's output and is kept with its report.
  process.stdout.write(`${report}\n`);
  await test.info().attach('first-load-javascript.txt', { body: report, contentType: 'text/plain' });

  expect(files.length, 'the page loads its scripts').toBeGreaterThan(0);
  expect(total, 'gzipped JavaScript of /login').toBeLessThanOrEqual(LOGIN_JS_GZIP_LIMIT_BYTES);
});

test('a signed-in visit to a list draws its frame and title while the code of the console loads', async ({
  signedInAsSite: page,
}) => {
  // Hold the console's code back (routing also keeps the browser from using its cached copy).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let consoleAsked = false;
  await page.route(/\/assets\/console-[^/]*\.js$/, async (route) => {
    consoleAsked = true;
    await held;
    await route.continue();
  });

  await page.goto('/tenants');
  await expect(page.getByRole('heading', { level: 1, name: 'Industries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vayu' })).toBeVisible();
  // The frame asks for the console once it is drawn; the list comes with the console.
  await expect.poll(() => consoleAsked).toBe(true);
  await expect(page.getByRole('table')).toHaveCount(0);
  release();
  await expect(page.getByRole('table', { name: /^Industries/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Industries']);
});
