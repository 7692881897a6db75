#!/usr/bin/env node
// The test command: unit and API tests (Vitest), then the browser tests (Playwright in
// Debian's Chromium) when a Chromium is found. Ends with one
// line "N passed, N failed" for everything it ran. Uses the embedded
// database unless DATABASE_URL names a PostgreSQL server.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.ci', 'out', 'tmp');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const args = process.argv.slice(2);
const skipBrowser = args.includes('--no-browser') || process.env.SKIP_BROWSER_TESTS === '1';
const db = process.env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite';

/** Debian's headless shell first (the browser without its window's own pages: a new page costs a
 * third of the CPU), then the full Chromium. */
function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((path) => existsSync(path));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** Runs a command to its end, its output shown as it comes, each line after `prefix`. */
function runPrefixed(command, commandArgs, env, prefix) {
  return new Promise((resolveRun) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on('error', () => resolveRun(1));
    child.on('close', (code) => resolveRun(code ?? 1));
  });
}

/** Runs a command to its end with its output kept, not shown: `{ status, output }`. */
function runQuiet(command, commandArgs, cwd = root) {
  return new Promise((resolveRun) => {
    const child = spawn(command, commandArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolveRun({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolveRun({ status: code ?? 1, output }));
  });
}

/** The browser tests' build goes to dist-test folders of its own, so that a console started with
 * `npm start` (dist) keeps running, unchanged, while the tests build and run. It runs beside the
 * Vitest run (a few seconds of CPU); its output is shown when the browser tests start. */
async function buildForBrowserTests() {
  const web = await runQuiet('npm', [
    'run',
    'build',
    '--silent',
    '-w',
    'apps/web',
    '--',
    '--outDir',
    'dist-test',
    '--emptyOutDir',
  ]);
  if (web.status !== 0) return web;
  const api = await runQuiet('node', ['build.mjs', '--outdir', 'dist-test'], join(root, 'apps', 'api'));
  return { status: api.status, output: web.output + api.output };
}

/** The first line of an error message, without colour codes, for the closing list of failures. */
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ''));
  return (
    plain
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** Failed browser tests as "file › title: first line of the error", from Playwright's JSON report. */
function playwrightFailures(suites, titles = []) {
  const failures = [];
  for (const suite of suites) {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const name = [spec.file, ...path, spec.title].join(' › ');
        failures.push(`browser │ ${name}: ${firstLine(last?.error?.message ?? last?.status)}`);
      }
    }
    failures.push(...playwrightFailures(suite.suites ?? [], path));
  }
  return failures;
}

/** Failed unit and API tests, and files that did not load, from Vitest's JSON report. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
  }
  return failures;
}

async function browserTests(chromium) {
  const playwrightJson = join(outDir, 'playwright.json');
  const status = await runPrefixed(
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      VAYU_E2E_SERVER: 'apps/api/dist-test/server.js',
      WEB_DIST_DIR: 'apps/web/dist-test',
    },
    'browser │ ',
  );
  const result = { passed: 0, failed: 0, skipped: 0, status, failures: [] };
  if (existsSync(playwrightJson)) {
    const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    const { stats } = report;
    result.failures = playwrightFailures(report.suites ?? []);
    result.passed = stats.expected + stats.flaky;
    result.failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
    result.skipped = stats.skipped;
  } else if (status !== 0) {
    result.failed = 1;
  }
  return result;
}

async function unitTests() {
  const vitestJson = join(outDir, 'vitest.json');
  const status = await runPrefixed(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    {},
    '',
  );
  const result = { passed: 0, failed: 0, skipped: 0, status, failures: [] };
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
    result.failures = vitestFailures(report);
    result.passed = report.numPassedTests;
    result.failed = report.numFailedTests;
    result.skipped = report.numPendingTests + (report.numTodoTests ?? 0);
    // a file that failed to load has no failed test of its own: count it
    if (status !== 0 && report.numFailedTests === 0)
      result.failed += Math.max(1, report.numFailedTestSuites ?? 0);
  } else if (status !== 0) {
    result.failed = 1;
  }
  return result;
}

// Vitest first, then the browser tests: one after the other. Side by side on two cores they took as
// long in all and starved each other (a web test that takes 2 s alone took over 30 s beside them).
// Only the console's build for the browser tests runs beside Vitest.
const chromium = findChromium();
const build = !skipBrowser && chromium ? buildForBrowserTests() : null;

console.log(`\n▶ Unit and API tests (Vitest) on the ${db}`);
const results = [await unitTests()];

if (skipBrowser) {
  console.log('\n▶ Browser tests skipped (--no-browser).');
} else if (!chromium || !build) {
  console.log(
    '\n▶ Browser tests SKIPPED: no Chromium found (looked at $CHROMIUM_PATH, /usr/bin/chromium-headless-shell,\n' +
      '  /usr/bin/chromium). Install Debian\'s package with "apt-get install -y chromium-headless-shell"\n' +
      '  (or "chromium") to run them.',
  );
} else {
  console.log(`\n▶ The console built for the browser tests (apps/web/dist-test, apps/api/dist-test)`);
  const built = await build;
  process.stdout.write(built.output);
  if (built.status !== 0) {
    results.push({ passed: 0, failed: 1, skipped: 0, status: 1, failures: ['building the console failed'] });
  } else {
    console.log(`\n▶ Browser tests (Playwright in ${chromium}) on the ${db}, their lines marked "browser │"`);
    results.push(await browserTests(chromium));
  }
}

const failures = [];
for (const result of results) {
  failures.push(...(result.failures ?? []));
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  if (result.status !== 0) exitCode = 1;
}

const summaryFile = process.env.VAYU_TEST_SUMMARY;
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ ...totals, failures }));
if (failures.length > 0) {
  // the failures again at the end, where a CI log's tail shows them
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
