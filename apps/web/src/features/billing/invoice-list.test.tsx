import { screen, waitFor, within } from '@testing-library/react';
import type { Payment } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { invoice, invoiceDetail } from './billing.test-support';
import { InvoiceList } from './invoice-list';
import { PaymentList } from './payment-list';

const pageOf = <T,>(items: T[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

type Handlers = Parameters<typeof createApiMock>[0];

function render(route: string, handlers: Handlers, user = buildUser({ userType: 'site', role: 'admin' })) {
  setStoredUser(user);
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/invoices" element={<InvoiceList />} />
        <Route path="/invoices/:invoiceId" element={<InvoiceList />} />
        <Route path="/payments" element={<PaymentList />} />
      </Routes>
      <Address />
    </>,
    { route },
  );
  return { ...view, api };
}

describe('InvoiceList', () => {
  it('filters by status in the address, opens an invoice at its own address and approves it with a remark', async () => {
    const { user, api } = render('/invoices', {
      'GET /api/invoices': () => jsonResponse(pageOf([invoice()])),
      'GET /api/invoices/42': () => jsonResponse(invoiceDetail()),
      'PUT /api/invoices/42/status': () =>
        jsonResponse(invoice({ status: 'PAID', paymentStatus: 'APPROVED', version: 2 })),
    });
    const table = await screen.findByRole('table', { name: 'Invoices 1–1 of 1' });
    const row = within(table).getByRole('row', { name: /VY\/2026-27\/00042/ });
    expect(within(row).getByText('₹3,650.13')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(row).getByText('Not paid')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'PDF of invoice VY/2026-27/00042' })).toHaveAttribute(
      'href',
      '/api/invoices/42/pdf',
    );

    await chooseOption(user, /^Status/, 'Awaiting payment');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/invoices?status=PENDING'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url === '/api/invoices?page=1&status=PENDING')).toBe(true),
    );

    await user.click(within(row).getByRole('button', { name: 'View invoice VY/2026-27/00042' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/invoices/42?status=PENDING');
    const view = await screen.findByRole('dialog', { name: 'Invoice' });
    expect(await within(view).findByText('GSTIN: 27AABCV1234F1Z5')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      '/checkout/42',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/invoices?status=PENDING'));

    await user.click(within(row).getByRole('button', { name: 'Approve invoice VY/2026-27/00042' }));
    const decide = await screen.findByRole('dialog', { name: 'Approve payment' });
    expect(decide).toHaveTextContent('Approve invoice VY/2026-27/00042 of ₹3,650.13 as paid?');
    await user.type(within(decide).getByRole('textbox', { name: /^Remark/ }), 'UTR checked');
    await user.click(within(decide).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payment status update successful.')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      status: 'APPROVED',
      remark: 'UTR checked',
      version: 1,
    });
  });

  it('offers no decisions to an industry, and shows only its own invoices', async () => {
    const { api } = render(
      '/invoices',
      { 'GET /api/invoices': () => jsonResponse(pageOf([invoice()])) },
      buildUser({
        userType: 'tenant',
        role: 'admin',
        account: {
          id: 21,
          name: 'Deccan Cement Works',
          type: 'tenant',
          status: 'ENABLED',
          partnerId: 4,
          corporateId: null,
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Invoices 1–1 of 1' });
    expect(within(table).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Industry' })).not.toBeInTheDocument();
    expect(api.calls[0]?.url).toBe('/api/invoices?page=1&tenantId=21');
  });
});

describe('PaymentList', () => {
  const payment: Payment = {
    id: 9,
    invoiceId: 42,
    invoiceNumber: 'VY/2026-27/00042',
    tenantId: 21,
    tenantName: 'Deccan Cement Works',
    partnerId: 4,
    provider: 'offline',
    method: 'CHEQUE',
    reference: '004512',
    amount: 365_013,
    paidOn: '2026-11-15',
    status: 'PENDING',
    remark: null,
    recordedAt: '2026-11-16T05:00:00.000Z',
    decidedAt: null,
  };

  it('lets a site administrator reject a payment awaiting approval', async () => {
    const { user, api } = render('/payments', {
      'GET /api/payments': () => jsonResponse(pageOf([payment])),
      'POST /api/payment/updatePaymentStatus': () =>
        jsonResponse({
          message: 'Payment status update successful.',
          payment: { ...payment, status: 'REJECTED' },
        }),
    });
    const table = await screen.findByRole('table', { name: 'Payments 1–1 of 1' });
    expect(within(table).getByText('Cheque')).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Reject the payment of invoice VY/2026-27/00042' }),
    );
    const decide = await screen.findByRole('dialog', { name: 'Reject payment' });
    await user.click(within(decide).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Payment status update successful.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      tenantId: 21,
      paymentId: 9,
      paymentStatus: 'REJECTED',
      remark: '',
    });
  });

  it('asks for a partner’s industries’ payments at /api/payment/partner, without decisions', async () => {
    const { api } = render(
      '/payments',
      { 'GET /api/payment/partner': () => jsonResponse(pageOf([payment])) },
      buildUser({
        userType: 'partner',
        role: 'admin',
        account: {
          id: 4,
          name: 'Green Analytics',
          type: 'partner',
          status: 'ENABLED',
          partnerId: 4,
          corporateId: null,
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Payments 1–1 of 1' });
    expect(within(table).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(api.calls[0]?.url).toBe('/api/payment/partner?page=1');
  });
});
