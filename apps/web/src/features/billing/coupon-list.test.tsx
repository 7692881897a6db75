import { screen, waitFor, within } from '@testing-library/react';
import type { Coupon } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CouponList } from './coupon-list';

const DIWALI: Coupon = {
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
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderCoupons(handlers: Handlers = {}) {
  setStoredUser(buildUser({ userType: 'site', role: 'admin' }));
  const api = createApiMock({
    'GET /api/coupons': () =>
      jsonResponse([
        DIWALI,
        {
          ...DIWALI,
          couponId: 12,
          couponCode: 'GREEN500',
          kind: 'FIXED',
          value: 50_000,
          partnerId: 4,
          validUntil: null,
          maxRedemptions: null,
        },
      ]),
    'GET /api/partners': () => jsonResponse([]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<CouponList />), api };
}

describe('CouponList', () => {
  it('lists the coupons with their value, validity and uses', async () => {
    renderCoupons();
    const table = await screen.findByRole('table', { name: 'Coupons (2)' });
    const diwali = within(table).getByRole('row', { name: /DIWALI10/ });
    expect(within(diwali).getByText('10 %')).toBeInTheDocument();
    expect(within(diwali).getByText('4 / 100')).toBeInTheDocument();
    expect(within(diwali).getByText('Platform')).toBeInTheDocument();
    const green = within(table).getByRole('row', { name: /GREEN500/ });
    expect(within(green).getByText('₹500.00')).toBeInTheDocument();
    expect(within(green).getByText('4 (no limit)')).toBeInTheDocument();
  });

  it('says "Error fetching coupons" when they cannot be loaded', async () => {
    renderCoupons({ 'GET /api/coupons': () => errorResponse(500, 'INTERNAL', 'Boom') });
    expect(await screen.findByText('Error fetching coupons')).toBeInTheDocument();
  });

  it('adds a percent coupon as basis points, and puts a taken code on its field', async () => {
    let answer = () => errorResponse(409, 'COUPON_EXISTS', 'Server text.');
    const { user, api } = renderCoupons({ 'POST /api/coupon': () => answer() });
    await screen.findByRole('table', { name: 'Coupons (2)' });
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add coupon' });
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.type(code, 'holi12');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Holi offer');
    await user.type(within(dialog).getByRole('textbox', { name: /^Percent off/ }), '12.5');
    const from = within(dialog).getByLabelText(/^Valid from/);
    await user.clear(from);
    await user.type(from, '2027-03-01');
    await user.type(within(dialog).getByLabelText(/^Valid until/), '2027-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Valid until/)).toHaveAccessibleDescription(
        /The end is before the start/,
      ),
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    const until = within(dialog).getByLabelText(/^Valid until/);
    await user.clear(until);
    await user.type(until, '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Another coupon has this code\./));
    expect(JSON.parse(String(api.calls.find((call) => call.method === 'POST')?.init.body))).toEqual({
      couponCode: 'HOLI12',
      couponName: 'Holi offer',
      kind: 'PERCENT',
      value: 1250,
      validFrom: '2027-03-01',
      validUntil: '2027-03-31',
      maxRedemptions: null,
      partnerId: null,
    });

    answer = () => jsonResponse({ ...DIWALI, couponId: 13, couponCode: 'HOLI13' }, 201);
    await user.clear(code);
    await user.type(code, 'HOLI13');
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /^Amount off/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount off/ }), '750');
    await user.click(within(dialog).getByRole('button', { name: 'Add coupon' }));
    expect(await screen.findByText('Coupon HOLI13 added.')).toBeInTheDocument();
    const bodies = api.calls
      .filter((call) => call.method === 'POST')
      .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);
    expect(bodies.at(-1)).toMatchObject({ couponCode: 'HOLI13', kind: 'FIXED', value: 75_000 });
  });
});
