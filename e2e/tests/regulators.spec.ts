import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { CONSOLE_HEADERS, fetchCategories, fetchPartners, getJson, sendJson, uniqueName } from '../api';
import { expect, expectNotice, pickOption, signIn, test, USERS } from '../fixtures';

/**
 * State boards (/regulator, /viewRegulator/{statId} and an industry at a
 * board): a board is added for a state that has none, an industry of that
 * state is mapped with its key files, a station, the board's ids and a device
 * parameter; and the demo board's industry fills its compliance timeline once
 * a board (the stand-in) answers. Each run makes its own board account,
 * industry, monitoring point and device.
 */

const root = resolve(import.meta.dirname, '../..');
const DEMO_BOARD = 'MPCB Online Monitoring (OCEMS)';
const DEMO_BOARD_URL = 'http://127.0.0.1:8930';
const DEMO_INDUSTRY = 'Deccan Cement Works';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface BoardState {
  code: string;
  name: string;
  statId: number | null;
}

interface BoardRow {
  statId: number;
  name: string;
  statutoryId: number;
  stateCode: string;
  config: { protocol: string; baseUrl: string | null; timeoutMs: number; pushEnabled: boolean };
  version: number;
}

/** A state without a board, with a board account of its own made for this run. */
async function stateWithAccount(page: Page) {
  const { items } = await getJson<{ items: BoardState[] }>(page, '/api/regulator/states');
  const free = items.filter((state) => state.statId === null);
  expect(free.length, 'a state without a board').toBeGreaterThan(0);
  const state = free[Math.floor(Math.random() * free.length)]!;
  const accountName = uniqueName(`${state.name} Pollution Control Board`);
  await sendJson(page, 'POST', '/api/statutory/0', {
    name: accountName,
    contactEmail: `board.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.example`,
    stateCode: state.code,
  });
  return { state, accountName };
}

/** An industry of the state (Cement, under Enviro Analytics) with a kiln stack and a gas analyser measuring SO2. */
async function industryOfState(page: Page, stateCode: string) {
  const enviro = (await fetchPartners(page)).find((partner) => partner.name === 'Enviro Analytics Pvt Ltd')!;
  const cement = (await fetchCategories(page)).find((category) => category.name === 'Cement')!;
  const name = uniqueName('E2E Board Cement');
  const created = await page.request.post('/api/create/partner', {
    headers: CONSOLE_HEADERS,
    multipart: {
      name,
      industryId: String(cement.id),
      partnerId: String(enviro.id),
      contactEmail: `plant.${Date.now()}@e2e.example`,
      contactNo: '919876543210',
      city: 'Board Town',
      stateCode,
      countryCode: 'IN',
      timeZone: 'Asia/Kolkata',
    },
  });
  expect(created.ok(), `adding the industry answered ${created.status()}`).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const point = await sendJson<{ id: number }>(page, 'POST', `/api/tenants/${id}/entities`, {
    name: 'Kiln Stack E2E',
    entityType: 'stack',
    properties: { stackHeight: 90, stackDiameter: 3.5 },
  });
  const makes = await getJson<{ id: number; name: string }[]>(page, '/api/Analyser/make');
  const horiba = makes.find((make) => make.name === 'Horiba')!;
  const models = await getJson<{ id: number; name: string }[]>(page, `/api/modelByMake/${horiba.id}`);
  const model = models.find((item) => item.name === 'ENDA-5000')!;
  const parameters = await getJson<{ id: number; label: string }[]>(page, `/api/models/${model.id}/params`);
  const so2 = parameters.find((parameter) => parameter.label === 'SO2')!;
  const deviceName = uniqueName('Kiln Gas Analyser');
  await sendJson(page, 'POST', '/api/devices', {
    tenantId: id,
    name: deviceName,
    serialNumber: uniqueName('HOR-BRD').replace(/\s+/g, '-'),
    dataFrequency: 15,
    monitoringPointId: point.id,
    modelId: model.id,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: so2.id, enabled: true, unit: 'mg/Nm3' }],
  });
  return { name, deviceName };
}

/** A public key in PEM and its fingerprint as the console shows it (SHA-256 of the key, in hex pairs). */
function publicKeyFile() {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const fingerprint = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
  return { pem, fingerprint };
}

test('a board is added for a state without one; an industry of it is mapped with its key, a station, the board’s ids and a device parameter', async ({
  signedInAsSite: page,
}) => {
  test.setTimeout(240_000);
  const { state, accountName } = await stateWithAccount(page);
  const industry = await industryOfState(page, state.code);
  const boardName = uniqueName(`${state.code} OCEMS board`);

  await test.step('the board is added through the dialog, and its state is flagged afterwards', async () => {
    await page.goto('/regulator');
    await expect(page.getByRole('heading', { level: 1, name: 'State boards' })).toBeVisible();
    await page.getByRole('button', { name: 'Add board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add board' });
    const stateField = dialog.getByRole('textbox', { name: 'State', exact: true });
    await stateField.fill(state.name);
    await pickOption(stateField, state.name, { exact: true });
    await pickOption(dialog.getByRole('textbox', { name: 'Board account' }), accountName, { exact: true });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(boardName);
    await dialog.getByRole('button', { name: 'Add board' }).click();
    await expectNotice(page, 'Board added.');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(boardName)) });
    await expect(row).toContainText(state.name);
    await expect(row).toContainText(accountName);
    await expect(row).toContainText('Not set');

    // The state now has its board: flagged in the list, warned about, and refused on the state.
    await page.getByRole('button', { name: 'Add board' }).click();
    await stateField.fill(state.name);
    await pickOption(stateField, `${state.name} — board exists`, { exact: true });
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'This state already has a board' }),
    ).toBeVisible();
    await pickOption(dialog.getByRole('textbox', { name: 'Board account' }), accountName, { exact: true });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${boardName} again`);
    await dialog.getByRole('button', { name: 'Add board' }).click();
    await expect(stateField).toHaveAccessibleDescription('A board already exists for this state.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await row.getByRole('link', { name: boardName }).click();
    await expect(page.getByRole('heading', { level: 1, name: boardName })).toBeVisible();
  });

  const key = `e2e-${Date.now().toString(36)}-k7Qp`;
  const mappedRow = page
    .getByRole('table', { name: /^Industries mapped \(\d+\)$/ })
    .getByRole('row', { name: new RegExp(escapeRegExp(industry.name)) });

  await test.step('an industry of the state is mapped; its key is shown by its last characters only', async () => {
    await page.getByRole('button', { name: 'Add industry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add industry to the board' });
    const picker = dialog.getByRole('textbox', { name: 'Industry', exact: true });
    await picker.fill(industry.name);
    await pickOption(picker, new RegExp(`^${escapeRegExp(industry.name)}`));
    await dialog.getByRole('textbox', { name: /^Board.s industry id/ }).fill('E2E-IND-0001');
    await dialog.getByLabel('Authorization key').fill(key);
    await dialog.getByRole('textbox', { name: 'NOC number' }).fill('NOC/E2E/2026/01');
    await dialog.getByRole('button', { name: 'Add industry' }).click();
    await expectNotice(page, 'Industry added to the board.');
    await expect(dialog).toBeHidden();
    await expect(mappedRow).toContainText('E2E-IND-0001');
    await expect(mappedRow).toContainText('not Yet');
    await expect(mappedRow).toContainText('••••k7Qp');
    await expect(page.getByText(key)).toHaveCount(0);
  });

  await test.step('a public key is uploaded and its fingerprint shown; a .txt file is refused', async () => {
    const { pem, fingerprint } = publicKeyFile();
    await mappedRow.getByRole('button', { name: `Keys of ${industry.name}` }).click();
    const keys = page.getByRole('dialog', { name: `Key files of ${industry.name}` });
    const publicKey = keys.getByRole('region', { name: 'Public key' });
    await expect(publicKey).toContainText('Not uploaded.');
    await publicKey.locator('input[type="file"]').setInputFiles({
      name: 'e2e-public.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(pem),
    });
    await publicKey.getByRole('button', { name: 'Upload Public key' }).click();
    await expectNotice(page, 'Public key uploaded.');
    await expect(publicKey).toContainText(fingerprint);
    await expect(publicKey).toContainText('e2e-public.pem');
    await expect(publicKey.getByRole('link', { name: 'Download Public key (e2e-public.pem)' })).toBeVisible();

    await publicKey.locator('input[type="file"]').setInputFiles({
      name: 'e2e-public.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(pem),
    });
    await publicKey.getByRole('button', { name: 'Upload Public key' }).click();
    await expect(publicKey).toContainText('Only .pem or .ppk files are accepted.');
    // The key stored before stays.
    await expect(publicKey).toContainText(fingerprint);
    await keys.focus();
    await page.keyboard.press('Escape');
    await expect(keys).toBeHidden();
  });

  await test.step('the board’s id of SO2 and its name of mg/Nm3 are added', async () => {
    await page.getByRole('tab', { name: 'Parameters and units' }).click();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add parameter' });
    const parameter = dialog.getByRole('textbox', { name: 'Parameter', exact: true });
    await parameter.fill('SO2');
    await pickOption(parameter, /^SO2 \(/);
    await dialog.getByRole('textbox', { name: 'Board parameter id' }).fill('so2-e2e');
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await expectNotice(page, 'SO2 added.');
    await expect(
      page.getByRole('table', { name: 'Parameters (1)' }).getByRole('row', { name: /^SO2 / }),
    ).toContainText('so2-e2e');

    await page.getByRole('button', { name: 'Add unit' }).click();
    const unitDialog = page.getByRole('dialog', { name: 'Add unit' });
    await pickOption(unitDialog.getByRole('textbox', { name: 'Console unit' }), 'mg/Nm3 (mg/Nm³)', {
      exact: true,
    });
    await unitDialog.getByRole('textbox', { name: 'Board unit' }).fill('mg/Nm3');
    await unitDialog.getByRole('button', { name: 'Add unit' }).click();
    await expectNotice(page, 'Unit mg/Nm3 added.');
    await expect(page.getByRole('table', { name: 'Units (1)' })).toContainText('mg/Nm3');
  });

  await test.step('a station is mapped and its board id changed', async () => {
    await page.getByRole('tab', { name: 'Industries mapped' }).click();
    await mappedRow.getByRole('link', { name: industry.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: industry.name })).toBeVisible();
    await page.getByRole('button', { name: 'Add station' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add station' });
    await pickOption(dialog.getByRole('textbox', { name: 'Monitoring point' }), 'Kiln Stack E2E', {
      exact: true,
    });
    await dialog.getByRole('textbox', { name: 'Board station id' }).fill('STN-E2E-01');
    await dialog.getByRole('button', { name: 'Add station' }).click();
    await expectNotice(page, 'Station created.');
    const station = page
      .getByRole('table', { name: 'Stations (1)' })
      .getByRole('row', { name: /Kiln Stack E2E/ });
    await expect(station).toContainText('STN-E2E-01');

    await station.getByRole('button', { name: 'Edit station Kiln Stack E2E' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit station' });
    await edit.getByRole('textbox', { name: 'Board station id' }).fill('STN-E2E-02');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Station is successfully updated');
    await expect(station).toContainText('STN-E2E-02');
  });

  await test.step('a device parameter is mapped once; the second time it is refused on the parameter', async () => {
    await page.getByRole('tab', { name: 'Device mappings' }).click();
    await page.getByRole('button', { name: 'Map device parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Map a device parameter' });
    await pickOption(
      dialog.getByRole('textbox', { name: 'Station', exact: true }),
      'STN-E2E-02 · Kiln Stack E2E',
    );
    await pickOption(dialog.getByRole('textbox', { name: 'Device', exact: true }), industry.deviceName, {
      exact: true,
    });
    await pickOption(dialog.getByRole('textbox', { name: 'Parameter', exact: true }), 'SO2', { exact: true });
    // The unit the device sends SO2 in, and the board's ids of both, follow.
    await expect(dialog.getByRole('textbox', { name: 'Unit', exact: true })).toHaveValue('mg/Nm3');
    await expect(dialog.getByRole('textbox', { name: 'Board parameter', exact: true })).toHaveValue(
      'so2-e2e',
    );
    await expect(dialog.getByRole('textbox', { name: 'Board unit', exact: true })).toHaveValue('mg/Nm3');
    await dialog.getByRole('textbox', { name: 'Board device id' }).fill('DEV-E2E-0101');
    await dialog.getByRole('button', { name: 'Map device parameter' }).click();
    await expectNotice(page, `SO2 of ${industry.deviceName} mapped.`);
    await expect(dialog).toBeHidden();
    const mapped = page.getByRole('table', { name: 'Device mappings (1)' });
    await expect(
      mapped.getByRole('row', { name: new RegExp(escapeRegExp(industry.deviceName)) }),
    ).toContainText('DEV-E2E-0101');

    await page.getByRole('button', { name: 'Map device parameter' }).click();
    await pickOption(
      dialog.getByRole('textbox', { name: 'Station', exact: true }),
      'STN-E2E-02 · Kiln Stack E2E',
    );
    await pickOption(dialog.getByRole('textbox', { name: 'Device', exact: true }), industry.deviceName, {
      exact: true,
    });
    await expect(dialog.getByRole('textbox', { name: 'Board device id' })).toHaveValue('DEV-E2E-0101');
    const parameter = dialog.getByRole('textbox', { name: 'Parameter', exact: true });
    await pickOption(parameter, 'SO2 — already mapped', { exact: true });
    await dialog.getByRole('button', { name: 'Map device parameter' }).click();
    await expect(parameter).toHaveAccessibleDescription('This device already maps this parameter.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(mapped.getByRole('row')).toHaveCount(2);
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The board stand-in of the build the console runs (it knows the demo industries), started on `port`. */
async function startStandIn(port: number): Promise<ChildProcess> {
  const server = process.env.VAYU_E2E_SERVER ?? 'apps/api/dist/server.js';
  const child = spawn(process.execPath, [join(dirname(server), 'board.js')], {
    cwd: root,
    env: { ...process.env, BOARD_PORT: String(port), BOARD_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, reject) => {
    const timer = setTimeout(() => reject(new Error(`the board stand-in did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (data) => {
      output += String(data);
      if (output.includes(`:${port}`)) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (data) => (output += String(data)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the board stand-in exited (${code}):\n${output}`));
    });
  });
  return child;
}

async function stopStandIn(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Points the demo board at `baseUrl` again (through the API, from its current version). */
async function restoreDemoBoard(page: Page, baseUrl: string) {
  const { items } = await getJson<{ items: BoardRow[] }>(page, '/api/pcbConfiguration');
  const board = items.find((item) => item.name === DEMO_BOARD)!;
  await sendJson(page, 'PUT', `/api/pcbConfiguration/${board.statId}`, {
    name: board.name,
    statutoryId: board.statutoryId,
    stateCode: board.stateCode,
    config: { ...board.config, baseUrl },
    version: board.version,
  });
}

test('the demo board’s industry fills its compliance timeline once the board answers', async ({
  signedInAsSite: page,
}) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const standIn = await startStandIn(port);
  try {
    await page.goto('/regulator');
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(DEMO_BOARD)) });
    await row.getByRole('button', { name: `Edit ${DEMO_BOARD}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit board' });
    await dialog.getByRole('textbox', { name: 'Board server' }).fill(`http://127.0.0.1:${port}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Board updated.');
    await expect(row).toContainText(`http://127.0.0.1:${port}`);

    await row.getByRole('link', { name: DEMO_BOARD }).click();
    await page
      .getByRole('table', { name: /^Industries mapped/ })
      .getByRole('link', { name: DEMO_INDUSTRY })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: DEMO_INDUSTRY })).toBeVisible();
    await page.getByRole('tab', { name: 'Compliance timeline' }).click();
    const legend = page.getByRole('list', { name: 'Slots of the last 24 hours by state' });
    await expect(legend).toBeVisible();

    // Saving the board's server wakes the industry's push; the timeline is asked again until it shows
    // delivered slots (the schedule would also push within the minute).
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(legend.getByText(/^Delivered: [1-9]\d*$/)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 150_000 });
    const lastDay = page.getByRole('list', { name: 'Last 24 hours' });
    await expect(lastDay.locator('li[data-state="delivered"]').first()).toBeVisible();
    await expect(lastDay.getByText(/: Delivered$/).first()).toBeAttached();

    await page.getByRole('tab', { name: 'Push attempts' }).click();
    await expect(
      page
        .getByRole('table', { name: /^Push attempts / })
        .getByRole('row', { name: /Delivered/ })
        .first(),
    ).toBeVisible();
  } finally {
    await stopStandIn(standIn);
    await restoreDemoBoard(page, DEMO_BOARD_URL);
  }
});

test('the ground water (CGWA) view lists the demo piezometer with its NOC and the board user sees it too', async ({
  signedInAsSite: page,
  browser,
}) => {
  await page.goto('/regulator/groundWater');
  await expect(page.getByRole('heading', { level: 1, name: 'Ground water (CGWA)' })).toBeVisible();
  const row = page.getByRole('row', { name: /Piezometer P1 \(Slag Yard\)/ });
  await expect(row).toContainText('CGWA/NOC/IND/REN/1/2025/1182');

  // The Maharashtra board's officer sees the points of the industries under the board only: the steel
  // plant's piezometer is in Karnataka, so none.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const officer = await context.newPage();
  await signIn(officer, USERS.statutory);
  await officer.goto('/regulator/groundWater');
  await expect(officer.getByRole('heading', { level: 1, name: 'Ground water (CGWA)' })).toBeVisible();
  await expect(officer.getByText('No ground water point yet.')).toBeVisible();
  await context.close();
});

test('the boards screens fit from a phone to a wide screen', async ({ signedInAsSite: page }) => {
  const { items } = await getJson<{ items: BoardRow[] }>(page, '/api/pcbConfiguration');
  const board = items.find((item) => item.name === DEMO_BOARD)!;
  const tenants = await getJson<{ items: { id: number; tenantName: string }[] }>(
    page,
    `/api/pcbConfiguration/${board.statId}/tenants`,
  );
  const deccan = tenants.items.find((item) => item.tenantName === DEMO_INDUSTRY)!;
  const screens = [
    ['/regulator', /^Boards \(\d+\)$/],
    [`/viewRegulator/${board.statId}`, /^Industries mapped \(\d+\)$/],
    [`/viewRegulator/${board.statId}?tab=accounts`, /^Industries 1–/],
    [`/viewRegulator/${board.statId}/industry/${deccan.id}?tab=devices`, /^Device mappings \(\d+\)$/],
    [`/viewRegulator/${board.statId}/industry/${deccan.id}?tab=timeline`, /^Slots by day/],
  ] as const;
  for (const width of [360, 1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, table] of screens) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: table })).toBeVisible();
      // Wide tables scroll inside their frame; the page itself never scrolls sideways.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(pageWidth, `${path} at ${width} px`).toBeLessThanOrEqual(1);
      // Badges are drawn whole.
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.mantine-Badge-label'))
          .filter((label) => label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent),
      );
      expect(cut, `${path} at ${width} px`).toEqual([]);
    }
  }
});
