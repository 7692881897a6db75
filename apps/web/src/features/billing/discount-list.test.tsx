import { screen, waitFor, within } from '@testing-library/react';
import type { Coupon, Discount } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { DiscountList } from './discount-list';

const COUPONS: Coupon[] = [
  {
    couponId: 11,
    couponCode: 'DIWALI10',
    couponName: 'Diwali offer',
    kind: 'PERCENT',
    value: 1000,
    validFrom: '2026-10-01',
    validUntil: '2026-12-31',
    maxRedemptions: 100,
    redemptions: 4,
    partnerId: null,
    active: true,
    version: 1,
  },
  {
    couponId: 12,
    couponCode: 'GREEN500',
    couponName: 'Green Analytics welcome',
    kind: 'FIXED',
    value: 50_000,
    validFrom: '2026-01-01',
    validUntil: null,
    maxRedemptions: null,
    redemptions: 0,
    partnerId: 4,
    active: true,
    version: 1,
  },
];

const discount = (overrides: Partial<Discount>): Discount => ({
  planId: 2,
  planCode: 'PRO',
  planName: 'Pro',
  state: 'NONE',
  discount: null,
  updatedAt: null,
  ...overrides,
});

function listOf(accountType: 'partner' | 'tenant', discounts: Discount[]) {
  return {
    accountId: accountType === 'partner' ? 4 : 21,
    accountName: accountType === 'partner' ? 'Green Analytics' : 'Deccan Cement Works',
    accountType,
    discounts,
  };
}

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers) {
  const api = createApiMock({ 'GET /api/coupons': () => jsonResponse(COUPONS), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

const posted = (api: ReturnType<typeof stubApi>, path: string) =>
  api.calls
    .filter((call) => call.method === 'POST' && call.url === path)
    .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

function renderDiscounts(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/manage/:accountType/discounts" element={<DiscountList />} />
      </Routes>
      <DialogHost />
    </>,
    { route: path },
  );
}

describe('DiscountList', () => {
  it('applies a coupon to a plan: "Coupon Code applied successful"', async () => {
    let applied = false;
    const api = stubApi({
      'GET /api/discounts/tenant/21': () =>
        jsonResponse(
          listOf('tenant', [
            applied
              ? discount({
                  state: 'APPLIED',
                  discount: { couponId: 11, couponCode: 'DIWALI10', couponName: 'Diwali offer' },
                  updatedAt: '2026-11-20T05:00:00.000Z',
                })
              : discount({}),
          ]),
        ),
      'POST /api/applyCoupon': () => {
        applied = true;
        return jsonResponse({
          message: 'Coupon Code applied successful',
          discount: discount({
            state: 'APPLIED',
            discount: { couponId: 11, couponCode: 'DIWALI10', couponName: 'Diwali offer' },
          }),
        });
      },
    });
    const { user } = renderDiscounts('/manage/tenant/discounts?accountId=21');
    expect(
      await screen.findByRole('heading', { name: 'Discounts of Deccan Cement Works' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Plans (1)' });
    expect(within(table).getByText('No coupon')).toBeInTheDocument();
    // A tenant has no rebuild; nothing to remove yet.
    expect(within(table).queryByRole('button', { name: /^Rebuild/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Apply coupon to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply coupon to Pro' });
    // Sent without a coupon: said on the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Apply coupon' }));
    expect(await within(dialog).findByText('Choose a coupon from the list')).toBeInTheDocument();
    expect(posted(api, '/api/applyCoupon')).toEqual([]);

    await chooseOption(user, /^Coupon/, /^DIWALI10 — Diwali offer \(10 %\)/, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('Coupon Code applied successful')).toBeInTheDocument();
    expect(posted(api, '/api/applyCoupon')).toEqual([
      { accountId: 21, planCode: 'PRO', couponCode: 'DIWALI10' },
    ]);
    expect(await within(table).findByText('Applied')).toBeInTheDocument();
    expect(within(table).getByText('DIWALI10 — Diwali offer')).toBeInTheDocument();
  });

  it('says "Coupon Code not applied. Try again!" with why, by the reason code', async () => {
    stubApi({
      'GET /api/discounts/tenant/21': () => jsonResponse(listOf('tenant', [discount({})])),
      'POST /api/applyCoupon': () =>
        errorResponse(422, 'COUPON_INVALID', 'Server text.', undefined, { reason: 'usedUp' }),
    });
    const { user } = renderDiscounts('/manage/tenant/discounts?accountId=21');
    await user.click(await screen.findByRole('button', { name: 'Apply coupon to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply coupon to Pro' });
    await chooseOption(user, /^Coupon/, /^GREEN500/, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Apply coupon' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Coupon Code not applied. Try again!');
    expect(alert).toHaveTextContent('This coupon has been used as many times as it may be.');
    expect(screen.queryByText('Coupon Code applied successful')).not.toBeInTheDocument();
    expect(screen.queryByText('Server text.')).not.toBeInTheDocument();
  });

  it('removes a coupon only after the person confirms: "Coupon Removed successfully"', async () => {
    const api = stubApi({
      'GET /api/discounts/partner/4': () =>
        jsonResponse(
          listOf('partner', [
            discount({
              state: 'APPLIED',
              discount: { couponId: 12, couponCode: 'GREEN500', couponName: 'Green Analytics welcome' },
              updatedAt: '2026-11-20T05:00:00.000Z',
            }),
          ]),
        ),
      'POST /api/removeCoupon': () =>
        jsonResponse({ message: 'Coupon Removed successfully', discount: discount({ state: 'REMOVED' }) }),
    });
    const { user } = renderDiscounts('/manage/partner/discounts?accountId=4');
    await user.click(await screen.findByRole('button', { name: 'Remove the coupon of Pro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Remove the coupon GREEN500 from the Pro plan?');
    expect(posted(api, '/api/removeCoupon')).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Please confirm' })).not.toBeInTheDocument(),
    );
    expect(posted(api, '/api/removeCoupon')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove the coupon of Pro' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Coupon Removed successfully')).toBeInTheDocument();
    expect(posted(api, '/api/removeCoupon')).toEqual([{ accountId: 4, planCode: 'PRO' }]);
  });

  it('rebuilds a partner’s discounts on a plan: "Rebuilt successfully" with how many industries', async () => {
    const api = stubApi({
      'GET /api/discounts/partner/4': () => jsonResponse(listOf('partner', [discount({})])),
      'POST /api/rebuildDiscounts/4': () => jsonResponse({ message: 'Rebuilt successfully', industries: 3 }),
    });
    const { user } = renderDiscounts('/manage/partner/discounts?accountId=4');
    await user.click(await screen.findByRole('button', { name: 'Rebuild the discounts of Pro' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Rebuild',
      }),
    );
    expect(await screen.findByText('Rebuilt successfully')).toBeInTheDocument();
    expect(screen.getByText('3 industries updated.')).toBeInTheDocument();
    expect(posted(api, '/api/rebuildDiscounts/4')).toEqual([{ planCode: 'PRO' }]);
  });

  it('asks for an account when the address names none', async () => {
    stubApi({});
    renderDiscounts('/manage/tenant/discounts');
    expect(await screen.findByText('No account chosen')).toBeInTheDocument();
  });
});
