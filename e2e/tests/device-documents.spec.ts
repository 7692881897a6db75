import { findTenant, uniqueName } from '../api';
import { expect, expectNotice, test } from '../fixtures';

/** A small, valid PDF: what an analyser's manual or certificate is. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

test('a demo device gets a supporting document uploaded, listed and viewed as a PDF', async ({
  signedInAsSite: page,
}) => {
  const deccan = await findTenant(page, 'Deccan Cement Works');
  await page.goto(`/devices?tenantId=${deccan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Documents of Gas Analyser – Kiln / Raw Mill Stack', exact: true })
    .click();

  const dialog = page.getByRole('dialog', {
    name: 'Supporting documents: Gas Analyser – Kiln / Raw Mill Stack',
  });
  // The demo analyser comes with its instrument's details.
  await expect(dialog.getByRole('rowheader', { name: 'Instrument accuracy' })).toBeVisible();

  await dialog.getByRole('tab', { name: 'Update documents' }).click();
  const fileName = `${uniqueName('Calibration certificate')}.pdf`;
  await dialog.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Save documents' }).click();
  await expectNotice(page, 'Supporting documents updated.');

  const row = dialog.getByRole('row', { name: new RegExp(fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('Platform Administrator');

  const viewed = page.waitForResponse(
    (response) => response.url().endsWith('/api/documentById') && response.request().method() === 'POST',
  );
  const tab = page.context().waitForEvent('page');
  await row.getByRole('button', { name: `View ${fileName}` }).click();
  const response = await viewed;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect((await response.body()).equals(PDF)).toBe(true);
  // The PDF opens in a new tab from the bytes the console fetched.
  await (await tab).close();
});
