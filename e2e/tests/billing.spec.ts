import { createOwnIndustry } from '../api';
import { expect, expectNotice, test } from '../fixtures';

/**
 * Subscriptions and billing in the browser, on an industry each test makes for
 * itself (the demo's plans, add-ons and coupons are read, never changed).
 */

test('the plan wizard: a plan needing add-ons blocks checkout below the minimum, then checks out to an invoice paid offline and approved by the platform', async ({
  signedInAsSite: page,
}) => {
  const industry = await createOwnIndustry(page, 'E2E Billing Works');
  await page.goto(`/subscription/${industry.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Subscription of ${industry.name}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Choose a plan' }).click();

  // /selectplan: the wizard as a page, without the header.
  await expect(page).toHaveURL(new RegExp(`/selectplan/${industry.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // OCEMS Multi-Site needs remote calibration: buy_addons, and checkout blocked below the minimum.
  await page.getByRole('radio', { name: /^OCEMS Multi-Site/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Buy add-ons' })).toBeVisible();
  const rc = page.getByRole('textbox', { name: /^Remote calibration \(Remote calibration\)/ });
  await expect(page.getByText('Remote calibration: buy at least 1 (the minimum).').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await rc.fill('1');
  await expect(
    page.getByText('Remote calibration: buy at least 2 (the suggested number).').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Back to the plans: a plan without add-ons to buy goes straight to the summary.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('radio', { name: /^OCEMS Basic/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines.getByText('OCEMS Basic plan')).toBeVisible();
  // GST as the seller's and buyer's states make it: CGST and SGST, or IGST; then the total.
  await expect(page.getByRole('term').filter({ hasText: /^(CGST 9 %|IGST 18 %)$/ })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^Total$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expectNotice(page, 'Your plan has been changed successfully');

  // /checkout/{invoiceId}: the invoice and the offline payment, without the header.
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /^Invoice VY\// })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    /\/api\/invoices\/\d+\/pdf$/,
  );
  const form = page.getByRole('form', { name: 'Pay by bank transfer or cheque' });
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByRole('textbox', { name: /^Paid by/ })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: /^Paid by/ }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await form.getByRole('textbox', { name: /^Reference/ }).fill('UTR E2E 0001');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expectNotice(page, 'Payment recorded. It awaits approval.');
  await expect(
    page.getByText('The payment has been recorded and awaits approval by the platform.'),
  ).toBeVisible();

  // Back on the subscription page: awaiting payment, with the invoice to pay.
  await page.getByRole('link', { name: '← Back to the subscription' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('region', { name: 'OCEMS Basic' }).getByText('Awaiting payment')).toBeVisible();
  const pendingText = await page
    .getByText(/VY\/\d{4}-\d{2}\/\d{5}/)
    .first()
    .textContent();
  const invoiceNumber = pendingText?.match(/VY\/\d{4}-\d{2}\/\d{5}/)?.[0];
  expect(invoiceNumber).toBeTruthy();

  // The platform approves the payment on /payments: the subscription is active.
  await page.goto('/payments?status=PENDING');
  await page.getByRole('button', { name: `Approve the payment of invoice ${invoiceNumber}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve payment' });
  await approve.getByRole('textbox', { name: /^Remark/ }).fill('UTR matched on the bank statement');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expectNotice(page, 'Payment status update successful.');
  await page.goto(`/subscription/${industry.id}`);
  await expect(
    page.getByRole('region', { name: 'OCEMS Basic' }).getByText('Active', { exact: true }),
  ).toBeVisible();
});

test('discounts: a coupon applied to a plan of an industry and removed after confirming', async ({
  signedInAsSite: page,
}) => {
  const industry = await createOwnIndustry(page, 'E2E Discount Works');
  await page.goto(`/accounts/tenant/${industry.id}/view`);
  await page.getByRole('link', { name: 'Discounts' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/tenant/discounts\\?accountId=${industry.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Discounts of ${industry.name}` })).toBeVisible();

  const table = page.getByRole('table', { name: /^Plans \(\d+\)$/ });
  const basic = table.getByRole('row', { name: /OCEMS-BASIC/ });
  await expect(basic.getByText('No coupon')).toBeVisible();
  await basic.getByRole('button', { name: 'Apply coupon to OCEMS Basic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply coupon to OCEMS Basic' });
  await dialog.getByRole('textbox', { name: /^Coupon/ }).click();
  await page.getByRole('option', { name: /^LAUNCH10/ }).click();
  await dialog.getByRole('button', { name: 'Apply coupon' }).click();
  await expectNotice(page, 'Coupon Code applied successful');
  await expect(basic.getByText('Applied')).toBeVisible();

  // An expired coupon is refused with the reason, by its code.
  await basic.getByRole('button', { name: 'Apply coupon to OCEMS Basic' }).click();
  await dialog.getByRole('textbox', { name: /^Coupon/ }).click();
  await page.getByRole('option', { name: /^MONSOON15/ }).click();
  await dialog.getByRole('button', { name: 'Apply coupon' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Coupon Code not applied. Try again!');
  await expect(refusal).toContainText('This coupon is not valid today.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(basic.getByText('LAUNCH10 — Launch offer, 10 % off')).toBeVisible();

  await basic.getByRole('button', { name: 'Remove the coupon of OCEMS Basic' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Remove the coupon LAUNCH10 from the OCEMS Basic plan?');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectNotice(page, 'Coupon Removed successfully');
  await expect(basic.getByText('Removed')).toBeVisible();
});
