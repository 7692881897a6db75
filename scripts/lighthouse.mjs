#!/usr/bin/env node
// Lighthouse performance of the built console: /login without a session and
// /tenants signed in as the demo site operator. Starts apps/api/dist/server.js
// on a free port with a fresh embedded database (or uses LIGHTHOUSE_BASE_URL),
// runs Lighthouse 12 in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium) with its default mobile settings (simulated slow 4G, 4x
// CPU slowdown), several times per page, and prints the median run of each.
//
//   npm run lighthouse                 build, then measure
//   node scripts/lighthouse.mjs        measure the current build
//   options: --runs=N (default 3), --desktop (Lighthouse's desktop preset),
//            --out=DIR (where the JSON reports go; default .ci/out/lighthouse),
//            --pages=login,tenants (which pages; default both),
//            --trace (also writes each run's trace, NAME-N.trace.json, for the
//            DevTools performance panel: which tasks block and what runs in them)
//
// The signed-in run passes the session cookie as an extra request header (the
// CLI's --extra-headers) and, as the console does after signing in, keeps the
// signed-in user in localStorage (Lighthouse clears caches, not localStorage).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Lighthouse is a measuring tool, not a dependency of the console: it is
// installed on demand so that `npm ci` never depends on its moving parts.
async function importLighthouse() {
  try {
    const [chromeLauncher, lighthouseModule, puppeteerModule] = await Promise.all([
      import('chrome-launcher'),
      import('lighthouse'),
      import('puppeteer-core'),
    ]);
    return {
      chromeLauncher,
      lighthouse: lighthouseModule.default,
      desktopConfig: lighthouseModule.desktopConfig,
      puppeteer: puppeteerModule.default,
    };
  } catch {
    console.error('Lighthouse is not installed. Run: npm install --no-save lighthouse@12.8.2');
    process.exit(2);
  }
}
const { chromeLauncher, lighthouse, desktopConfig, puppeteer } = await importLighthouse();

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const hit = args.find((arg) => arg.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const runs = Number(option('runs', '3'));
const desktop = args.includes('--desktop');
const outDir = resolve(root, option('out', join('.ci', 'out', 'lighthouse')));
const chosenPages = option('pages', 'login,tenants').split(',');
const keepTraces = args.includes('--trace');

const SITE_USER = { userName: 'admin@vayu.demo', password: 'Vayu@Demo2026' };
const SESSION_COOKIE = 'vayu_session';
const USER_STORAGE_KEY = 'vayu.user';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the built server as the browser tests do, and resolves with its origin. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vayu-lighthouse-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_ADMIN_EMAIL: '',
      SEED_ADMIN_PASSWORD: '',
      // The demo's simulator sends readings from inside the server: its work
      // would land in the page's trace, multiplied by the 4× CPU slowdown.
      SIMULATE: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start:\n${output}`)), 120_000);
    const onData = (data) => {
      output += data;
      const match = /running at http:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the console exited (${code}):\n${output}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API: the session cookie and the user the console stores. */
async function signIn(origin) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(SITE_USER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in answered no ${SESSION_COOKIE} cookie`);
  return { cookie, user: await response.json() };
}

/** Puts the signed-in user into the origin's localStorage from a page that loads no script. */
async function storeUser(port, origin, user) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    (key, value) => globalThis.localStorage.setItem(key, value),
    USER_STORAGE_KEY,
    JSON.stringify(user),
  );
  await page.close();
  await browser.disconnect();
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests').details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const sum = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  return {
    url: lhr.finalDisplayedUrl,
    performance: lhr.categories.performance.score,
    fcpMs: audit('first-contentful-paint').numericValue,
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    speedIndexMs: audit('speed-index').numericValue,
    jsTransferBytes: sum(scripts),
    jsFiles: scripts.length,
    totalTransferBytes: sum(requests),
    textCompressionSavingsBytes: audit('uses-text-compression').details?.overallSavingsBytes ?? 0,
  };
}

function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function format(name, result) {
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `${name}  (${result.url})`,
    `  performance ${result.performance.toFixed(2)}  FCP ${s(result.fcpMs)}  LCP ${s(result.lcpMs)}  ` +
      `TBT ${Math.round(result.tbtMs)} ms  CLS ${result.cls.toFixed(3)}  SI ${s(result.speedIndexMs)}`,
    `  JS transferred ${kib(result.jsTransferBytes)} in ${result.jsFiles} files, all ${kib(result.totalTransferBytes)}; ` +
      `text compression could save ${kib(result.textCompressionSavingsBytes)}`,
  ].join('\n');
}

/** Tries a run this many times when Lighthouse could not record it (a busy machine can lose the trace). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`; a run Lighthouse could not complete (no score) is tried again. */
async function measure(url, headers) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The trace then says which functions ran in each task (a little extra work in the page).
        ...(keepTraces ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        ...(headers ? { extraHeaders: headers } : {}),
      },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure && result.lhr.categories.performance.score !== null) return result;
    const reason = failure ? `${failure.code}: ${failure.message}` : 'no performance score';
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not measure ${url} (${reason})`);
    console.warn(`  ${url}: ${reason}; measuring again`);
  }
}

const external = process.env.LIGHTHOUSE_BASE_URL;
const server = external ? { origin: external.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
mkdirSync(outDir, { recursive: true });
let exitCode = 0;
try {
  const session = await signIn(server.origin);
  const pages = [
    { name: 'login', path: '/login', headers: undefined },
    { name: 'tenants', path: '/tenants', headers: { Cookie: session.cookie } },
  ];
  const summary = {};
  for (const { name, path, headers } of pages.filter((page) => chosenPages.includes(page.name))) {
    if (headers) await storeUser(chrome.port, server.origin, session.user);
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const result = await measure(`${server.origin}${path}`, headers);
      writeFileSync(join(outDir, `${name}-${run}.json`), result.report);
      if (keepTraces) {
        writeFileSync(join(outDir, `${name}-${run}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      const runSummary = summarise(result.lhr);
      if (new URL(runSummary.url).pathname !== path) {
        throw new Error(`${path} ended at ${runSummary.url}: the page redirected`);
      }
      results.push(runSummary);
      console.log(`${name} run ${run}: performance ${runSummary.performance.toFixed(2)}`);
    }
    summary[name] = { median: median(results), runs: results };
  }
  console.log(`\nLighthouse ${desktop ? 'desktop' : 'mobile'} (median of ${runs}; reports in ${outDir})\n`);
  for (const [name, { median: result }] of Object.entries(summary)) console.log(format(name, result));
  writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(exitCode);
