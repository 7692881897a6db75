#!/usr/bin/env node
// The test command: unit and API tests (Vitest), then the browser tests
// (Playwright in Debian's Chromium) when a Chromium is found. Ends with one
// line "N passed, N failed" for everything it ran. Uses the embedded
// database unless DATABASE_URL names a PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.ci', 'out', 'tmp');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const args = process.argv.slice(2);
const skipBrowser = args.includes('--no-browser') || process.env.SKIP_BROWSER_TESTS === '1';
const db = process.env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite';

function run(command, commandArgs, env = {}, cwd = root) {
  const result = spawnSync(command, commandArgs, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((path) => existsSync(path));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

console.log(`\n▶ Unit and API tests (Vitest) on the ${db}`);
const vitestJson = join(outDir, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // a file that failed to load has no failed test of its own: count it
  if (vitestStatus !== 0 && report.numFailedTests === 0)
    totals.failed += Math.max(1, report.numFailedTestSuites ?? 0);
} else if (vitestStatus !== 0) {
  totals.failed += 1;
}
if (vitestStatus !== 0) exitCode = 1;

const chromium = findChromium();
if (skipBrowser) {
  console.log('\n▶ Browser tests skipped (--no-browser).');
} else if (!chromium) {
  console.log(
    '\n▶ Browser tests SKIPPED: no Chromium found (looked at $CHROMIUM_PATH, /usr/bin/chromium).\n' +
      '  Install Debian\'s package with "apt-get install -y chromium" to run them.',
  );
} else {
  // The browser tests' build goes to dist-test folders of its own, so that a console started
  // with `npm start` (dist) keeps running, unchanged, while the tests build and run.
  console.log(`\n▶ Building the console for the browser tests (apps/web/dist-test, apps/api/dist-test)`);
  const buildStatus =
    run('npm', [
      'run',
      'build',
      '--silent',
      '-w',
      'apps/web',
      '--',
      '--outDir',
      'dist-test',
      '--emptyOutDir',
    ]) || run('node', ['build.mjs', '--outdir', 'dist-test'], {}, join(root, 'apps', 'api'));
  if (buildStatus !== 0) {
    totals.failed += 1;
    exitCode = 1;
  } else {
    console.log(`\n▶ Browser tests (Playwright in ${chromium}) on the ${db}`);
    const playwrightJson = join(outDir, 'playwright.json');
    const status = run(
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
        VAYU_E2E_SERVER: 'apps/api/dist-test/server.js',
        WEB_DIST_DIR: 'apps/web/dist-test',
      },
    );
    if (existsSync(playwrightJson)) {
      const { stats } = JSON.parse(readFileSync(playwrightJson, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
      if (status !== 0 && stats.unexpected === 0) totals.failed += 1;
    } else if (status !== 0) {
      totals.failed += 1;
    }
    if (status !== 0) exitCode = 1;
  }
}

const summaryFile = process.env.VAYU_TEST_SUMMARY;
if (summaryFile) writeFileSync(summaryFile, JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
