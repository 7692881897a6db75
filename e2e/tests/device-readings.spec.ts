import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures';

/**
 * A device's readings (/devices/{id}/readings), opened from the device list:
 * the latest value of each parameter, a chart per parameter over the chosen
 * range (the demo devices carry 7 days of 15-minute history), and the shown
 * range as a CSV download.
 */
test('a demo device shows its latest values and charts, and downloads the range as CSV', async ({
  signedInAsSite: page,
}) => {
  await page.goto('/devices');
  const table = page.getByRole('table', { name: /^Devices/ });
  const readingsLink = table.getByRole('link', { name: /^Readings of / }).first();
  await expect(readingsLink).toBeVisible();
  const deviceName = (await readingsLink.getAttribute('aria-label'))!.replace(/^Readings of /, '');
  await readingsLink.click();

  await expect(page).toHaveURL(/\/devices\/\d+\/readings$/);
  await expect(page.getByRole('heading', { level: 1, name: deviceName })).toBeVisible();
  await expect(page).toHaveTitle(`Readings: ${deviceName} · Vayu`);
  await expect(page.getByText(/^Last data .+ ago \(/).first()).toBeVisible();

  // Latest values: at least one parameter has a value with its unit and a freshness badge.
  const latest = page.getByRole('table', { name: /^Latest value of each parameter/ });
  const rows = latest.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const values = await rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''),
  );
  expect(
    values.some((value) => /^-?[\d,.]+( \S+)?/.test(value)),
    values.join(' | '),
  ).toBe(true);
  await expect(latest.getByRole('img', { name: /^(Live|Delayed|Offline)\. / }).first()).toBeVisible();

  // The whole week of history: a chart per parameter, each an SVG with a line on it.
  const ranges = page.getByRole('radiogroup', { name: 'Range' });
  await expect(ranges.getByRole('radio', { name: '24 hours' })).toBeChecked();
  await ranges.getByText('7 days').click();
  await expect(page).toHaveURL(/\/readings\?range=7d$/);
  const chart = page.getByRole('figure', { name: /over the last 7 days, 15-minute values$/ }).first();
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('path.recharts-line-curve').first()).toBeAttached();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_7d_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('time,parameter,value,unit,provenance,count');
  expect(lines[1]).toMatch(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z,[^,]+,-?[\d.]+(e-?\d+)?,[^,]*,[a-z]+,\d+$/,
  );

  // Back to the list as it was.
  await page.getByRole('link', { name: 'Back to devices' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(table.getByRole('link', { name: `Readings of ${deviceName}` })).toBeVisible();
});

/**
 * The device's log file: what the console received from it, downloaded for
 * the days chosen; days with nothing received give the spec's warning.
 */
test('a demo device downloads its log file, and an empty interval is a warning', async ({
  signedInAsSite: page,
}) => {
  await page.goto('/devices');
  const table = page.getByRole('table', { name: /^Devices/ });
  const readingsLink = table.getByRole('link', { name: /^Readings of / }).first();
  const deviceName = (await readingsLink.getAttribute('aria-label'))!.replace(/^Readings of /, '');
  await readingsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: deviceName })).toBeVisible();

  await page.getByRole('button', { name: 'Log file' }).click();
  const dialog = page.getByRole('dialog', { name: `Log file of ${deviceName}` });
  await expect(dialog.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^device-\d+-log-\d{4}-\d{2}-\d{2}\.log$/);
  const log = await readFile((await download.path())!, 'utf8');
  expect(log).toContain(`# Device log: ${deviceName}`);
  expect(log).toMatch(/IST {2}RECEIVED {2}\d+ readings? of \d+ parameters?, /);
  await expect(page.getByText('Log file downloaded.')).toBeVisible();

  // Days long before the demo began: nothing was received.
  await page.getByRole('button', { name: 'Log file' }).click();
  await dialog.getByLabel('From').fill('2020-01-01');
  await dialog.getByLabel('To').fill('2020-01-02');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Logs Not Found For Provided Interval')).toBeVisible();

  // More than 31 days is refused before anything is asked.
  await dialog.getByLabel('To').fill('2020-03-01');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByText('A log file covers at most 31 days')).toBeVisible();
});
