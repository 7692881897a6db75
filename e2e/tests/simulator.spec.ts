import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../fixtures';

const run = promisify(execFile);

/** `npm run simulate` as built beside the console under test (apps/api/dist…/simulate.js). */
const SIMULATE = join(
  dirname(resolve(process.env.VAYU_E2E_SERVER ?? 'apps/api/dist/server.js')),
  'simulate.js',
);

/** "2026-11-27T10:15:02.000Z  Deccan Cement Works / Gas Analyser – Kiln Stack  so2 = 612.4 mg/Nm3" */
const SENT_LINE = /^(\S+) {2}(.+?) \/ (.+?) {2}(\S+) = (-?[\d.]+) (\S+)( {2}\(calibration\))?$/;

test('the simulator’s readings reach the device’s latest values and its 24-hour chart', async ({
  signedInAsSite: page,
  baseURL,
}) => {
  // One round of the simulator through POST /api/ingest, as `npm run simulate -- --once` sends it.
  const { stdout } = await run(process.execPath, [SIMULATE, '--url', baseURL!, '--once'], {
    timeout: 90_000,
  });
  const sent = stdout
    .split('\n')
    .map((line) => SENT_LINE.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, time, industry, device, key, value, unit, calibration]) => ({
      time: time!,
      industry: industry!,
      device: device!,
      key: key!,
      value: Number(value),
      unit: unit!,
      calibration: calibration !== undefined,
    }));
  expect(sent.length, stdout).toBeGreaterThan(0);
  // A round sends each minute since the device's last stored reading: the screen shows the newest one
  // of the parameter picked, so that is the reading to look for.
  const picked = sent.find((r) => !r.calibration) ?? sent[0]!;
  const reading = sent
    .filter((r) => r.industry === picked.industry && r.device === picked.device && r.key === picked.key)
    .reduce((newest, r) => (Date.parse(r.time) > Date.parse(newest.time) ? r : newest));

  // The device and the parameter's label, as the screen names them.
  const found = await page.request.get(
    `/api/devices?search=${encodeURIComponent(reading.device)}&pageSize=100`,
  );
  const device = (
    (await found.json()) as { items: { id: number; name: string; tenant: { name: string } }[] }
  ).items.find((item) => item.name === reading.device && item.tenant.name === reading.industry);
  expect(device, `${reading.industry} / ${reading.device}`).toBeDefined();
  const latestAnswer = await page.request.get(`/api/devices/${device!.id}/readings`);
  const parameter = (
    (await latestAnswer.json()) as { parameters: { key: string; label: string }[] }
  ).parameters.find((p) => p.key === reading.key)!;

  await page.goto(`/devices/${device!.id}/readings`);
  await expect(page.getByRole('heading', { level: 1, name: device!.name })).toBeVisible();

  // The latest value is the one just sent (in its standard unit, or "as sent" beside it).
  const shown = new Intl.NumberFormat('en-IN').format(reading.value);
  const latest = page.getByRole('table', { name: /^Latest value of each parameter/ });
  const row = latest
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: parameter.label, exact: true }) });
  await expect(row).toContainText(shown);
  await expect(row.getByRole('img', { name: /^Live\. / })).toBeVisible();

  // On the 24-hour chart: the parameter's chart is drawn, and its data (the CSV of what is shown)
  // has the slot the reading fell in, counting it.
  const chart = page.getByRole('figure', {
    name: new RegExp(`^${escape(parameter.label)} over the last 24 hours`),
  });
  await expect(chart.locator('path.recharts-line-curve').first()).toBeAttached();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  const slot = new Date(Math.floor(Date.parse(reading.time) / 900_000) * 900_000).toISOString();
  const inSlot = csv.filter((line) => line.startsWith(`${slot},${csvField(parameter.label)},`));
  expect(inSlot, `${slot} ${parameter.label}`).toHaveLength(1);
  expect(Number(inSlot[0]!.split(',').at(-1))).toBeGreaterThanOrEqual(1);
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function csvField(text: string) {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
