import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { currentSubscription, subscriptionView, TENANT_ID } from './billing.test-support';
import { SubscriptionPage } from './subscription-page';

const siteAdmin = buildUser({ userType: 'site', role: 'admin' });
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

function renderPage(handlers: Handlers, who = siteAdmin) {
  setStoredUser(who);
  const api = createApiMock({
    [`GET /api/subscription/${TENANT_ID}`]: () => jsonResponse(subscriptionView()),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/subscription/:tenantId" element={<SubscriptionPage />} />
      </Routes>
      <DialogHost />
    </>,
    { route: `/subscription/${TENANT_ID}` },
  );
  return { ...view, api };
}

const bodyOf = (api: ReturnType<typeof renderPage>['api'], method: string, path: string) =>
  JSON.parse(
    String(api.calls.find((call) => call.method === method && call.url === path)?.init.body),
  ) as unknown;

describe('SubscriptionPage', () => {
  it('shows the plan, its status, period, add-ons and the usage of each unit', async () => {
    renderPage({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription of Deccan Cement Works' }),
    ).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Basic' });
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('Parameter add-on: 2 units at ₹500.00 per month each')).toBeInTheDocument();
    const usage = screen.getByRole('region', { name: 'Usage' });
    const bars = within(usage).getAllByRole('progressbar');
    // The spec's order: Parameter, Camera, User.
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Parameters: 11 of 12 used',
      'Cameras: 1 of 1 used',
      'Users: 2 of 4 used',
    ]);
    expect(within(usage).getByText('Included 10 · bought 2 · granted 0')).toBeInTheDocument();
    // A site administrator also sees the site's settings.
    expect(screen.getByRole('region', { name: 'Site settings' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Payment mode/ })).toBeChecked();
  });

  it('asks before cancelling, at the period’s end by default: "Subscription cancelled successfully"', async () => {
    const cancelled = subscriptionView({
      subscription: currentSubscription({ cancelAtPeriodEnd: true, renewsOn: null, version: 4 }),
    });
    let isCancelled = false;
    const { user, api } = renderPage({
      [`GET /api/subscription/${TENANT_ID}`]: () =>
        jsonResponse(isCancelled ? cancelled : subscriptionView()),
      'POST /api/cancelSubscription/5': () => {
        isCancelled = true;
        return jsonResponse({ message: 'Subscription cancelled successfully', subscription: cancelled });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(within(dialog).getByRole('radio', { name: /^At the end of the period/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled successfully')).toBeInTheDocument();
    expect(bodyOf(api, 'POST', '/api/cancelSubscription/5')).toEqual({ action: 'AT_PERIOD_END', version: 3 });
    // Cancelled at the period's end: it can be resumed until then.
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says "Error cancelling subscription. Try again later" with the reason when cancelling fails', async () => {
    const { user } = renderPage({
      'POST /api/cancelSubscription/5': () =>
        errorResponse(422, 'SUBSCRIPTION_STATE', 'Server text.', undefined, { reason: 'notCancellable' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    await user.click(within(dialog).getByRole('radio', { name: /^Immediately/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error cancelling subscription. Try again later');
    expect(alert).toHaveTextContent('This subscription cannot be cancelled in this way now.');
  });

  it('offers "Choose a plan" when there is no subscription, and the invoice awaiting payment', async () => {
    renderPage(
      {
        [`GET /api/subscription/${TENANT_ID}`]: () =>
          jsonResponse(
            subscriptionView({
              subscription: null,
              pendingInvoice: {
                id: 42,
                number: 'VY/2026-27/00042',
                kind: 'NEW',
                status: 'PENDING',
                total: 590_000,
                planCode: 'PRO',
              },
            }),
          ),
      },
      industryAdmin,
    );
    expect(await screen.findByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      `/selectplan/${TENANT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Pay invoice' })).toHaveAttribute('href', '/checkout/42');
    expect(
      screen.getByText(/Invoice VY\/2026-27\/00042 \(new subscription\) of ₹5,900.00 awaits payment\./),
    ).toBeInTheDocument();
    // An industry's own administrator does not set the site's settings.
    expect(screen.queryByRole('region', { name: 'Site settings' })).not.toBeInTheDocument();
  });

  it('saves the site settings from their version and offers a reload when someone saved first', async () => {
    let saves = 0;
    const { user, api } = renderPage({
      [`PUT /api/subscription/${TENANT_ID}`]: () => {
        saves += 1;
        return saves === 1
          ? errorResponse(409, 'STALE_VERSION', 'Changed.')
          : jsonResponse(subscriptionView({ granted: { users: 1, parameters: 5, cameras: 0 }, version: 9 }));
      },
    });
    const settings = await screen.findByRole('region', { name: 'Site settings' });
    const parameters = within(settings).getByRole('textbox', { name: /^Parameters granted free/ });
    await user.clear(parameters);
    await user.type(parameters, '5');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(settings).findByRole('alert', { name: 'Changed by someone else' }),
    ).toBeInTheDocument();
    expect(bodyOf(api, 'PUT', `/api/subscription/${TENANT_ID}`)).toEqual({
      paymentMode: true,
      grantedUsers: 1,
      grantedParameters: 5,
      grantedCameras: 0,
      version: 7,
    });
    await user.click(within(settings).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(
        within(settings).queryByRole('alert', { name: 'Changed by someone else' }),
      ).not.toBeInTheDocument(),
    );
    await user.clear(within(settings).getByRole('textbox', { name: /^Parameters granted free/ }));
    await user.type(within(settings).getByRole('textbox', { name: /^Parameters granted free/ }), '5');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Subscription enabled successfully')).toBeInTheDocument();
  });
});
