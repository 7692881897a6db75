import { screen, waitFor, within } from '@testing-library/react';
import type { Addon, Plan } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { PlanList } from './plan-list';

// The API answers in its own order; the screen shows the spec's: Parameter, Camera, User, RC.
const ADDONS: Addon[] = [
  { id: 3, name: 'User add-on', unit: 'User', monthlyPrice: 20_000, active: true, version: 1 },
  { id: 1, name: 'Parameter add-on', unit: 'Parameter', monthlyPrice: 50_000, active: true, version: 1 },
  { id: 2, name: 'Camera add-on', unit: 'Camera', monthlyPrice: 150_000, active: true, version: 2 },
];

const BASIC: Plan = {
  id: 1,
  code: 'BASIC',
  name: 'Basic',
  description: null,
  period: 'MONTHLY',
  price: 500_000,
  active: true,
  addons: [
    {
      addOnId: 3,
      addOnName: 'User add-on',
      addOnUnit: 'User',
      quantity: 3,
      minimumAddons: 0,
      suggestedAddons: null,
      monthlyPrice: 20_000,
    },
    {
      addOnId: 1,
      addOnName: 'Parameter add-on',
      addOnUnit: 'Parameter',
      quantity: 10,
      minimumAddons: 0,
      suggestedAddons: null,
      monthlyPrice: 50_000,
    },
  ],
  version: 4,
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderPlans(handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/payment/plans': () =>
      jsonResponse([BASIC, { ...BASIC, id: 9, code: 'OLD', name: 'Old', active: false }]),
    'GET /api/addons': () => jsonResponse(ADDONS),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<PlanList />), api };
}

const sent = (api: ReturnType<typeof renderPlans>['api'], method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as unknown;

describe('PlanList', () => {
  it('lists plans, withdrawn ones too, and the add-ons in the spec’s order', async () => {
    renderPlans();
    const plans = await screen.findByRole('table', { name: 'Plans (2)' });
    const basic = within(plans).getByRole('row', { name: /BASIC/ });
    expect(within(basic).getByText('₹5,000.00 per month')).toBeInTheDocument();
    expect(
      within(basic)
        .getAllByText(/included/)
        .map((item) => item.textContent),
    ).toEqual(['Parameters: 10 included, minimum 0', 'Users: 3 included, minimum 0']);
    expect(
      within(within(plans).getByRole('row', { name: /OLD/ })).getByText('Withdrawn'),
    ).toBeInTheDocument();
    const addons = screen.getByRole('table', { name: 'Add-ons (3)' });
    const names = within(addons)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Parameter add-on', 'Camera add-on', 'User add-on']);
  });

  it('adds a plan with its price in rupees sent as paise, and its add-on rows', async () => {
    const { user, api } = renderPlans({
      'POST /api/payment/plans': () =>
        jsonResponse(
          { ...BASIC, id: 5, code: 'PRO-PLUS', name: 'Pro Plus', price: 150_050, version: 1 },
          201,
        ),
    });
    await screen.findByRole('table', { name: 'Plans (2)' });
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add plan' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'pro-plus');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Pro Plus');
    await user.type(within(dialog).getByRole('textbox', { name: /^Price per period/ }), '1500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add an add-on' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add an add-on' }));
    // Rows come in the spec's order: Parameter first, then Camera.
    const rows = within(dialog).getAllByRole('textbox', { name: /^Add-on/ });
    expect(rows.map((row) => (row as HTMLInputElement).value)).toEqual([
      'Parameter add-on (Parameters)',
      'Camera add-on (Cameras)',
    ]);
    const included = within(dialog).getAllByRole('textbox', { name: /^Included/ });
    await user.clear(included[0]!);
    await user.type(included[0]!, '25');
    const minimum = within(dialog).getAllByRole('textbox', { name: /^Minimum to buy/ });
    await user.clear(minimum[1]!);
    await user.type(minimum[1]!, '2');
    const suggested = within(dialog).getAllByRole('textbox', { name: /^Suggested/ });
    await user.type(suggested[1]!, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    // A suggested number below the minimum is said under it, in the user's language, before sending.
    await waitFor(() =>
      expect(suggested[1]).toHaveAccessibleDescription(/The suggested number cannot be below the minimum/),
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(suggested[1]!);
    await user.type(suggested[1]!, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Plan PRO-PLUS added.')).toBeInTheDocument();
    expect(sent(api, 'POST')).toEqual({
      code: 'PRO-PLUS',
      name: 'Pro Plus',
      description: null,
      period: 'MONTHLY',
      price: 150_050,
      active: true,
      addons: [
        { addOnId: 1, quantity: 25, minimumAddons: 0, suggestedAddons: null },
        { addOnId: 2, quantity: 0, minimumAddons: 2, suggestedAddons: 3 },
      ],
    });
  });

  it('edits a plan from its version (no code field) and offers a reload when someone saved first', async () => {
    const { user, api } = renderPlans({
      'PUT /api/payment/plans/1': () => errorResponse(409, 'STALE_VERSION', 'Changed.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit plan BASIC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan BASIC' });
    expect(within(dialog).queryByRole('textbox', { name: /^Code/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Price per period/ })).toHaveValue('5,000');
    await chooseOption(user, /^Billing period/, 'Quarterly', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert', { name: 'Changed by someone else' })).toBeInTheDocument();
    expect(sent(api, 'PUT')).toMatchObject({ period: 'QUARTERLY', price: 500_000, version: 4 });
    expect(sent(api, 'PUT')).not.toHaveProperty('code');
  });
});
