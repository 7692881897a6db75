import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { findTenant } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/**
 * Reports (/reports): a report of the demo cement plant's kiln stack, which
 * has a week of readings, is requested, followed until its job has made it,
 * downloaded as CSV and mailed; a schedule is added and deleted. The demo
 * data is only read: each run adds a report and a schedule of its own.
 */

const INDUSTRY = 'Deccan Cement Works';
const POINT = 'Kiln / Raw Mill Stack';

/** The India date `days` from now, as the form and the API write it. */
const indiaDay = (days: number) =>
  new Date(Date.now() + 5.5 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('a report is requested, followed to ready, downloaded as CSV and mailed', async ({
  signedInAsSite: page,
}) => {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // No industry chosen yet: the form asks for one.
  await expect(page.getByText('Choose an industry to request a report or add a schedule.')).toBeVisible();
  const industry = page.getByRole('textbox', { name: 'Industry' });
  await industry.fill('Deccan');
  await pickOption(industry, new RegExp(`^${INDUSTRY}`));
  const deccan = await findTenant(page, INDUSTRY);
  await expect(page).toHaveURL(new RegExp(`/reports\\?tenantId=${deccan.id}$`));

  const form = page.getByRole('region', { name: 'Request a report' });
  // Nothing chosen: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: 'Request report' }).click();
  await expect(form.getByRole('textbox', { name: /^Monitoring point/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await pickOption(form.getByRole('textbox', { name: /^Monitoring point/ }), POINT);
  await pickOption(form.getByRole('textbox', { name: /^Parameters/ }), /^PM \(mg\/Nm³\)$/);
  // The list of parameters stays open for more: closed as a person would.
  await form.getByRole('textbox', { name: /^Parameters/ }).press('Escape');
  await expect(form.getByRole('textbox', { name: /^From/ })).toHaveValue(indiaDay(-1));
  await expect(form.getByRole('textbox', { name: /^To/ })).toHaveValue(indiaDay(-1));

  const [requested] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/reports\/\d+$/.test(response.url()),
    ),
    form.getByRole('button', { name: 'Request report' }).click(),
  ]);
  expect(requested.status()).toBe(201);
  const { id } = (await requested.json()) as { id: number };
  await expectNotice(page, 'The report has been requested.');

  // The list follows the report until its job has made it.
  const table = page.getByRole('table', { name: /^Reports 1–/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `CSV of report ${id}` }) });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('Ready')).toBeVisible();
  await expect(row.getByText('PM', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `CSV of report ${id}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(
      `^report-${id}-deccan-cement-works-kiln-raw-mill-stack-${indiaDay(-1)}-${indiaDay(-1)}\\.csv$`,
    ),
  );
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    '\uFEFFPeriod start (IST),Period end (IST),Parameter,Device,Unit,Min,Avg,Max,Limit,Exceedances,Slots with data,Slots expected,Availability %',
  );
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
  // A day of hours for the one parameter.
  expect(rows).toHaveLength(24);
  const tenOClock = rows.find((line) => line['Period start (IST)'] === `${indiaDay(-1)}T10:00+05:30`);
  expect(tenOClock).toMatchObject({
    'Period end (IST)': `${indiaDay(-1)}T11:00+05:30`,
    Parameter: 'PM',
    Unit: 'mg/Nm³',
    'Slots expected': '4',
  });
  for (const line of rows) {
    const slots = Number(line['Slots with data']);
    expect(slots).toBeGreaterThanOrEqual(0);
    expect(Number(line['Availability %'])).toBeCloseTo((slots / 4) * 100, 1);
    if (slots > 0) expect(Number(line.Min)).toBeLessThanOrEqual(Number(line.Max));
  }
  // The demo plant's week of readings has data yesterday.
  expect(rows.some((line) => line.Avg !== '')).toBe(true);

  // Mailed on: the e-mail goes in as a tag.
  await row.getByRole('button', { name: `E-mail report ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `E-mail report ${id}` });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Add at least one e-mail')).toBeVisible();
  const recipients = dialog.getByRole('textbox', { name: /^Recipients/ });
  await recipients.fill(`plant.head.${id}@e2e.example`);
  await recipients.press('Enter');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectNotice(page, 'The report has been mailed.');
  await expect(dialog).toBeHidden();
});

test('a report schedule is added for an industry and deleted after confirming', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, INDUSTRY);
  await page.goto(`/reports?tenantId=${deccan.id}&tab=schedules`);
  await expect(page.getByRole('tab', { name: 'Schedules', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a report schedule' });
  await pickOption(dialog.getByRole('textbox', { name: /^Monitoring point/ }), POINT);
  await pickOption(dialog.getByRole('textbox', { name: /^Parameters/ }), /^PM \(mg\/Nm³\)$/);
  await dialog.getByRole('textbox', { name: /^Parameters/ }).press('Escape');
  await pickOption(dialog.getByRole('textbox', { name: 'Frequency' }), 'Weekly');
  await expect(dialog.getByText('Each Monday at 01:00, the week before (Monday to Sunday)')).toBeVisible();
  const recipient = `schedule.${Date.now()}@e2e.example`;
  const recipients = dialog.getByRole('textbox', { name: /^Recipients/ });
  await recipients.fill('not-an-email');
  await recipients.press('Enter');
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expect(dialog.getByText('Enter valid e-mails only')).toBeVisible();
  await recipients.press('Backspace');
  await recipients.fill(recipient);
  await recipients.press('Enter');
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expectNotice(page, 'The schedule has been saved.');
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: /^Schedules 1–/ });
  const row = table.getByRole('row').filter({ hasText: recipient });
  await expect(row).toBeVisible();
  await expect(row.getByText('Weekly')).toBeVisible();
  // The next Monday, 01:00 India time.
  await expect(row.getByText(/1:00\s*am/i)).toBeVisible();

  await row.getByRole('button', { name: `Delete the schedule of ${POINT} (weekly)` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Delete the weekly schedule of ${POINT}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'The schedule has been deleted.');
  await expect(table.getByRole('row').filter({ hasText: recipient })).toHaveCount(0);
});
