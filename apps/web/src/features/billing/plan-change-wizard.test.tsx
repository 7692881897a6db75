import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { orderResult, PLANS, quote, subscriptionView, TENANT_ID } from './billing.test-support';
import { PlanChangeWizard } from './plan-change-wizard';

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers = {}) {
  const api = createApiMock({
    [`GET /api/subscription/${TENANT_ID}`]: () => jsonResponse(subscriptionView()),
    'GET /api/tenantPlans': () => jsonResponse(PLANS),
    'POST /api/subscription/quote': () => jsonResponse(quote()),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

const bodiesOf = (api: ReturnType<typeof stubApi>, method: string, path: string) =>
  api.calls
    .filter((call) => call.method === method && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderWizard() {
  const onCancel = vi.fn();
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path="/subscription/:tenantId"
        element={<PlanChangeWizard tenantId={TENANT_ID} onCancel={onCancel} />}
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/subscription/${TENANT_ID}` },
  );
  return { ...rendered, onCancel };
}

const planCard = (name: RegExp) => screen.getByRole('radio', { name });

describe('PlanChangeWizard', () => {
  it('goes from select_plan straight to the order summary on an upgrade, then checks out to the invoice', async () => {
    const api = stubApi({
      'POST /api/changeSubscription': () => jsonResponse(orderResult()),
      'GET /api/payment/checkout/42': () => jsonResponse({ url: '/checkout/42', providers: ['offline'] }),
    });
    const { user } = renderWizard();

    expect(await screen.findByRole('heading', { name: 'Select plan' })).toBeInTheDocument();
    // The current plan is marked and selected; with nothing to change there is no next step.
    expect(planCard(/^Basic/)).toHaveAttribute('aria-checked', 'true');
    expect(planCard(/^Basic/)).toHaveTextContent('Current plan');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    // The coupon's price next to the plan's own.
    expect(planCard(/^Pro/)).toHaveTextContent('₹10,800.00 per month');
    expect(planCard(/^Pro/)).toHaveTextContent('with coupon DIWALI10');

    await user.click(planCard(/^Pro/));
    expect(planCard(/^Pro/)).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Buy add-ons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // Lines, coupon, credit, GST split and total in rupees.
    const lines = await screen.findByRole('table', { name: 'Order lines' });
    expect(within(lines).getByText('Pro plan (16 of 30 days)')).toBeInTheDocument();
    expect(screen.getByText('Coupon DIWALI10', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Credit for the unused period')).toBeInTheDocument();
    expect(screen.getByText('CGST 9 %')).toBeInTheDocument();
    expect(screen.getByText('SGST 9 %')).toBeInTheDocument();
    expect(screen.queryByText('IGST 18 %')).not.toBeInTheDocument();
    expect(screen.getByText('₹3,650.13')).toBeInTheDocument();
    // The order kept the add-ons held today, within the new plan.
    expect(bodiesOf(api, 'POST', '/api/subscription/quote')[0]).toEqual({
      tenantId: TENANT_ID,
      planCode: 'PRO',
      addons: [{ addOnId: 1, quantity: 2 }],
    });

    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeEnabled();
    await user.click(checkout);
    expect(await screen.findByText('Your plan has been changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/42'));
    expect(bodiesOf(api, 'POST', '/api/changeSubscription')).toEqual([
      { tenantId: TENANT_ID, planCode: 'PRO', addons: [{ addOnId: 1, quantity: 2 }] },
    ]);
  });

  it('goes to buy_addons when the plan needs add-ons, blocks checkout with the reason, and goes back', async () => {
    stubApi();
    const { user } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /^Enterprise/ }));
    expect(planCard(/^Enterprise/)).toHaveTextContent('Needs at least 2 more (Cameras)');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Buy add-ons' })).toBeInTheDocument();
    const cameras = screen.getByRole('textbox', { name: /^Camera add-on \(Cameras\)/ });
    expect(cameras).toHaveAccessibleDescription(/Camera add-on: buy at least 2 \(the minimum\)\./);
    expect(screen.getByText('Checkout is blocked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // The minimum reached, the suggested number still blocks.
    await user.clear(cameras);
    await user.type(cameras, '2');
    await waitFor(() =>
      expect(cameras).toHaveAccessibleDescription(/Camera add-on: buy at least 3 \(the suggested number\)\./),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.clear(cameras);
    await user.type(cameras, '3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(screen.queryByText('Checkout is blocked')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();

    // Back along the steps walked: the add-ons, then the plans with Enterprise still chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Buy add-ons' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Camera add-on/ })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Select plan' })).toBeInTheDocument();
    expect(planCard(/^Enterprise/)).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('hides the next step on the current plan until add-ons are being bought', async () => {
    const api = stubApi();
    const { user } = renderWizard();
    expect(
      await screen.findByText(/Choose another plan or buy add-ons: this is the current plan\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    const parameters = screen.getByRole('textbox', { name: /^Parameter add-on \(Parameters\)/ });
    expect(parameters).toHaveValue('2');
    await user.clear(parameters);
    await user.type(parameters, '5');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(api, 'POST', '/api/subscription/quote').at(-1)).toEqual({
        tenantId: TENANT_ID,
        planCode: 'BASIC',
        addons: [{ addOnId: 1, quantity: 5 }],
      }),
    );
  });

  it('says "Error updating plan. Try again later" with the reason when the checkout is refused', async () => {
    stubApi({
      'POST /api/changeSubscription': () =>
        errorResponse(422, 'SUBSCRIPTION_STATE', 'Server text.', undefined, { reason: 'pendingChange' }),
    });
    const { user } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /^Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('table', { name: 'Order lines' });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));

    const alert = await screen.findByRole('alert', { name: 'Error updating plan. Try again later' });
    expect(alert).toHaveTextContent('A plan change is awaiting payment. Decide on its invoice first.');
    expect(screen.queryByText('Your plan has been changed successfully')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('makes a first subscription with a start date and returns to the subscription when nothing is due', async () => {
    const api = stubApi({
      [`GET /api/subscription/${TENANT_ID}`]: () => jsonResponse(subscriptionView({ subscription: null })),
      'POST /api/subscription': () =>
        jsonResponse(orderResult({ kind: 'NEW', total: 0, status: 'PAID' }), 201),
    });
    const { user } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /^Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const start = await screen.findByLabelText(/^Start date/);
    await user.type(start, '2026-12-01');
    await screen.findByRole('table', { name: 'Order lines' });
    await waitFor(() =>
      expect(bodiesOf(api, 'POST', '/api/subscription/quote').at(-1)).toMatchObject({
        startDate: '2026-12-01',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(bodiesOf(api, 'POST', '/api/subscription')).toHaveLength(1));
    expect(bodiesOf(api, 'POST', '/api/subscription')[0]).toEqual({
      tenantId: TENANT_ID,
      planCode: 'PRO',
      addons: [],
      startDate: '2026-12-01',
    });
    expect(await screen.findByText('Your plan has been changed successfully')).toBeInTheDocument();
  });
});
