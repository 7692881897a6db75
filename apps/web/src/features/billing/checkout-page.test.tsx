import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { setStoredUser } from '../../app/session';
import { i18n } from '../../i18n';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { invoiceDetail, TENANT_ID } from './billing.test-support';
import { CheckoutPage } from './checkout-page';

const industryAdmin = buildUser({
  userType: 'tenant',
  role: 'admin',
  account: {
    id: TENANT_ID,
    name: 'Deccan Cement Works',
    type: 'tenant',
    status: 'ENABLED',
    partnerId: 4,
    corporateId: null,
  },
});

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers = {}) {
  let current = invoiceDetail();
  const api = createApiMock({
    'GET /api/invoices/42': () => jsonResponse(current),
    'GET /api/payment/paymentTypes': () =>
      jsonResponse([
        { id: 'BANK_TRANSFER', provider: 'offline' },
        { id: 'CHEQUE', provider: 'offline' },
      ]),
    'POST /api/payments': ({ init }) => {
      const body = JSON.parse(String(init.body)) as {
        method: 'BANK_TRANSFER';
        reference: string;
        paidOn: string;
      };
      current = {
        ...current,
        paymentStatus: 'PENDING',
        payments: [
          {
            id: 9,
            method: body.method,
            reference: body.reference,
            amount: current.total,
            paidOn: body.paidOn,
            status: 'PENDING',
            remark: null,
            decidedAt: null,
          },
        ],
      };
      return jsonResponse(
        {
          id: 9,
          invoiceId: 42,
          invoiceNumber: current.number,
          tenantId: TENANT_ID,
          tenantName: current.tenantName,
          partnerId: 4,
          provider: 'offline',
          method: body.method,
          reference: body.reference,
          amount: current.total,
          paidOn: body.paidOn,
          status: 'PENDING',
          remark: null,
          recordedAt: '2026-11-16T05:00:00.000Z',
          decidedAt: null,
        },
        201,
      );
    },
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

function renderCheckout() {
  setStoredUser(industryAdmin);
  return renderWithProviders(
    <Routes>
      <Route path="/checkout/:invoiceId" element={<CheckoutPage />} />
    </Routes>,
    { route: '/checkout/42' },
  );
}

describe('CheckoutPage', () => {
  it('shows the invoice with seller, buyer, GSTINs, the GST split and the PDF link', async () => {
    stubApi();
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Invoice VY/2026-27/00042' }),
    ).toBeInTheDocument();
    expect(screen.getByText('GSTIN: 27AABCV1234F1Z5')).toBeInTheDocument();
    expect(screen.getByText('GSTIN: 27AADCD4821K1Z2')).toBeInTheDocument();
    expect(screen.getByText('CGST 9 %')).toBeInTheDocument();
    expect(screen.getByText('₹3,650.13')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/invoices/42/pdf',
    );
    expect(screen.getByRole('link', { name: '← Back to the subscription' })).toHaveAttribute(
      'href',
      `/subscription/${TENANT_ID}`,
    );
  });

  it('checks the payment form before sending, then records the payment and awaits approval', async () => {
    const api = stubApi();
    const { user } = renderCheckout();
    const form = await screen.findByRole('form', { name: 'Pay by bank transfer or cheque' });
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    const method = within(form).getByRole('textbox', { name: /^Paid by/ });
    const reference = within(form).getByRole('textbox', { name: /^Reference/ });
    await waitFor(() => expect(method).toHaveAccessibleDescription('Choose how it was paid'));
    expect(reference).toHaveAccessibleDescription(/Enter the transfer reference or cheque number/);
    await user.type(reference, 'UTR#12');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(/Use letters, digits, spaces, \/ and -/),
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await chooseOption(user, /^Paid by/, 'Bank transfer', form);
    await user.clear(reference);
    await user.type(reference, 'UTR 2026 1115 0042');
    const paidOn = within(form).getByLabelText(/^Paid on/);
    await user.clear(paidOn);
    await user.type(paidOn, '2026-11-15');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded. It awaits approval.')).toBeInTheDocument();
    const posted = api.calls.find((call) => call.method === 'POST' && call.url === '/api/payments');
    expect(JSON.parse(String(posted?.init.body))).toEqual({
      invoiceId: 42,
      method: 'BANK_TRANSFER',
      reference: 'UTR 2026 1115 0042',
      paidOn: '2026-11-15',
    });
    expect(
      await screen.findByText('The payment has been recorded and awaits approval by the platform.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay by bank transfer or cheque' })).not.toBeInTheDocument();
  });

  it('words the form’s rules and a refusal in Hindi', async () => {
    stubApi({
      'POST /api/payments': () =>
        errorResponse(422, 'PAYMENT_STATE', 'Server text.', undefined, { reason: 'paymentPending' }),
    });
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderCheckout();
    const form = await screen.findByRole('form', { name: 'बैंक ट्रांसफ़र या चेक से भुगतान करें' });
    await user.click(within(form).getByRole('button', { name: 'भुगतान दर्ज करें' }));
    const method = within(form).getByRole('textbox', { name: /^भुगतान का तरीका/ });
    await waitFor(() => expect(method).toHaveAccessibleDescription('भुगतान का तरीका चुनें'));

    await chooseOption(user, /^भुगतान का तरीका/, 'चेक', form);
    await user.type(within(form).getByRole('textbox', { name: /^संदर्भ/ }), '004512');
    await user.click(within(form).getByRole('button', { name: 'भुगतान दर्ज करें' }));
    expect(await screen.findByText('इस इनवॉइस का एक भुगतान अनुमोदन की प्रतीक्षा में है।')).toBeInTheDocument();
  });
});
