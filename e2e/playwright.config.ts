import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's headless shell when it is installed (`apt-get install -y chromium-headless-shell`), the
 * headless browser Playwright itself runs by default: without the full browser's window, whose own
 * pages (the address bar's suggestions are a page of their own) start with every new context, the
 * suite takes a quarter less time on two cores. Otherwise Debian's full Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Browser tests against the built console, started by global-setup.ts on a
 * free port with a fresh embedded database (or a fresh database on the
 * PostgreSQL server when DATABASE_URL is set). Chromium is Debian's.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Every test makes the accounts and users it changes, so tests run side by side: two
  // workers, one per core of the machines this runs on.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Ceilings, not waits: tests wait for what they expect, and share two cores with the unit tests.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  outputDir: './test-results',
  reporter: [['list']],
  projects: [
    // Tests tagged @demo-data read the demo data's exact counts (16 industries, 3 of them
    // disabled, …): they change nothing and run first, before other tests add accounts.
    { name: 'demo-data', grep: /@demo-data/ },
    { name: 'console', grepInvert: /@demo-data/, dependencies: ['demo-data'] },
  ],
  use: {
    baseURL: process.env.VAYU_E2E_BASE_URL,
    // As a person who asked for less motion: dialogs and menus open without their transitions, so a
    // test waits for what it checks, not for fades to end (the console honours the setting).
    contextOptions: { reducedMotion: 'reduce' },
    // A failure keeps its screenshot and the page's accessibility tree (error-context.md); recording
    // a trace of every test for the few that fail cost a tenth of the run.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Fewer processes and background features: the GPU process's software compositing runs in
        // the browser process (a tenth less CPU for the accessibility checks on two cores).
        '--in-process-gpu',
        // The full browser's address-bar suggestion pages (WebUIOmniboxPopup…) would start a renderer
        // with every new context; the headless shell has none.
        '--disable-features=PaintHolding,BackForwardCache,Translate,OptimizationHints,MediaRouter,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
        '--disable-extensions',
        '--disable-breakpad',
        '--mute-audio',
      ],
    },
  },
});
