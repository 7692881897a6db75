import { CONSOLE_HEADERS, findTenant, uniqueName } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/**
 * Calibration schedule (/calibrations/schedule) and lab reports (/labReports)
 * on the demo cement plant: a two-point check of its kiln stack's SO2
 * recorded three weeks ago shows as overdue; a lab report of the stack is
 * uploaded, downloaded under its own name and deleted. Each run adds its own
 * calibration record and report.
 */

const INDUSTRY = 'Deccan Cement Works';
const POINT = 'Kiln / Raw Mill Stack';
const DEVICE = 'Gas Analyser – Kiln / Raw Mill Stack';
const DAY = 24 * 60 * 60 * 1000;

const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

test('a fortnightly check done three weeks ago shows as overdue on the calibration page', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, INDUSTRY);
  const devices = await page.request.get(`/api/devices?tenantId=${deccan.id}&pageSize=100`);
  expect(devices.ok()).toBe(true);
  const { items } = (await devices.json()) as { items: { id: number; name: string }[] };
  const analyser = items.find((item) => item.name === DEVICE)!;
  const detail = (await (await page.request.get(`/api/devices/${analyser.id}`)).json()) as {
    params: { parameter: { id: number; label: string } }[];
  };
  const so2 = detail.params.find((row) => row.parameter.label === 'SO2')!.parameter;
  const recorded = await page.request.post('/api/calibrations', {
    headers: CONSOLE_HEADERS,
    data: {
      deviceId: analyser.id,
      date: new Date(Date.now() - 21 * DAY).toISOString(),
      checkKind: 'TWO_POINT',
      parameterIds: [so2.id],
      comment: uniqueName('Zero and span check'),
    },
  });
  expect(recorded.status()).toBe(201);

  await page.goto('/calibrations/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Calibration schedule' })).toBeVisible();
  const industry = page.getByRole('textbox', { name: 'Industry' });
  await industry.fill('Deccan');
  await pickOption(industry, new RegExp(`^${INDUSTRY}`));
  await expect(page).toHaveURL(new RegExp(`tenantId=${deccan.id}`));
  await page.getByRole('radiogroup', { name: 'Marker' }).getByText('Overdue', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Overdue' })).toBeChecked();
  await expect(page).toHaveURL(/status=OVERDUE/);

  const row = page
    .getByRole('table', { name: /^Calibration checks/ })
    .getByRole('row')
    .filter({ hasText: DEVICE })
    .filter({ hasText: 'SO2' })
    .filter({ hasText: 'Two-point' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText('Fortnightly');
  await expect(row).toContainText('Platform Administrator');
});

test('a lab report of a monitoring point is uploaded, downloaded under its name and deleted', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, INDUSTRY);
  await page.goto('/labReports');
  await expect(page.getByRole('heading', { level: 1, name: 'Lab reports' })).toBeVisible();
  await expect(page.getByText('Choose an industry to see its monitoring points.').first()).toBeVisible();
  const industry = page.getByRole('textbox', { name: 'Industry' });
  await industry.fill('Deccan');
  await pickOption(industry, new RegExp(`^${INDUSTRY}`));
  await expect(page).toHaveURL(new RegExp(`tenantId=${deccan.id}`));
  await pickOption(page.getByRole('textbox', { name: 'Monitoring point' }), POINT);
  await expect(page).toHaveURL(/monitoringPointId=\d+/);

  const title = uniqueName('Stack emission sampling');
  const fileName = `${title}.pdf`;
  await page.getByRole('button', { name: 'Upload report' }).click();
  const dialog = page.getByRole('dialog', { name: `Upload a lab report: ${POINT}` });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByRole('textbox', { name: /^Laboratory/ }).fill('NABL Lab, Pune');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectNotice(page, 'Lab report uploaded.');
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole('table', { name: /^Lab reports/ })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row).toContainText('NABL Lab, Pune');
  await expect(row).toContainText('PDF');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  expect((await download).suggestedFilename()).toBe(fileName);

  await row.getByRole('button', { name: `Delete the lab report ${title}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Delete the lab report "${title}"` });
  await confirm.getByRole('button', { name: /^Delete/ }).click();
  await expectNotice(page, 'Lab report deleted.');
  await expect(row).toBeHidden();
});
