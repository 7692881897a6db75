import { screen, waitFor, within } from '@testing-library/react';
import type { TenantDetail } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TenantDetailPage } from './tenant-detail';
import { tenantDetail } from './tenants.test-support';

/** An industry created with every field of the form filled in. */
const industry = tenantDetail({
  id: 21,
  contactNo: '919800019962',
  address: 'Plot 4, RIICO Area',
  city: 'Beawar',
  stateCode: 'RJ',
  stateName: 'Rajasthan',
  zip: '305901',
  gstin: '08AABCS1234C1Z7',
  latitude: 26.1012,
  longitude: 74.3204,
  industryCode: 'RJ-CEM-04',
  ioeyeTenantId: 10231,
});

/** A partner account as the detail endpoint answers it. */
const partnerAccount = tenantDetail({
  id: 2,
  name: 'Enviro Analytics Pvt Ltd',
  type: 'partner',
  partnerId: -1,
  partnerName: null,
  partnerSince: null,
  industryId: null,
  industry: null,
  contactEmail: 'support@enviroanalytics.demo',
  contactNo: '912026850011',
  address: 'Plot 14, Hinjewadi Phase II',
  city: 'Pune',
  stateCode: 'MH',
  stateName: 'Maharashtra',
  zip: '411057',
  gstin: '27AAECE4410B1ZA',
  latitude: null,
  longitude: null,
  planDetails: { planCode: null, paymentMode: false },
  version: 1,
});

/** The same partner as `GET /api/partners/2` answers it for the edit form. */
const partnerForEdit = {
  id: 2,
  name: 'Enviro Analytics Pvt Ltd',
  status: 'ENABLED',
  contactEmail: 'support@enviroanalytics.demo',
  contactNo: '912026850011',
  city: 'Pune',
  state: 'MH',
  tenantCount: 6,
  createdAt: '2026-01-10T08:00:00.000Z',
  address: 'Plot 14, Hinjewadi Phase II',
  countryCode: 'IN',
  zip: '411057',
  gstin: '27AAECE4410B1ZA',
  version: 1,
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

type Handlers = Parameters<typeof createApiMock>[0];

function renderDetail(account: TenantDetail, handlers: Handlers = {}) {
  setStoredUser(buildUser({ userType: 'site' }));
  const api = createApiMock({
    [`GET /api/tenant-by-id/${account.id}`]: () => jsonResponse(account),
    [`GET /api/address/${account.type}/${account.id}/BILLING`]: () => jsonResponse(null),
    [`GET /api/address/${account.type}/${account.id}/MAILING`]: () => jsonResponse(null),
    [`GET /api/tenant/users/${account.id}`]: () => jsonResponse([]),
    [`GET /api/tenants/${account.id}/entities`]: () => jsonResponse({ items: [], limit: 200 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountType/:accountId/view" element={<TenantDetailPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/accounts/${account.type}/${account.id}/view` },
  );
  return { ...view, api };
}

/** The term–value pairs of one group of the detail view. */
async function factsOf(groupName: string): Promise<Record<string, string>> {
  const group = await screen.findByRole('region', { name: groupName });
  const terms = within(group).queryAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('TenantDetailPage', () => {
  it('shows every field an industry was created with, grouped, and the phone formatted for India', async () => {
    renderDetail(industry);
    expect(await screen.findByRole('heading', { name: 'Shree Cement Works' })).toBeInTheDocument();

    expect(await factsOf('Contact')).toEqual({
      'Contact e-mail': 'env@shree.example',
      'Contact number': '+91 98000 19962',
    });
    expect(await factsOf('Address')).toEqual({
      Address: 'Plot 4, RIICO Area',
      City: 'Beawar',
      State: 'Rajasthan',
      'PIN code': '305901',
      Country: 'India',
    });
    expect(await factsOf('Tax')).toEqual({ GSTIN: '08AABCS1234C1Z7' });
    expect(await factsOf('Location')).toEqual({
      Latitude: '26.1012',
      Longitude: '74.3204',
      'Time zone': 'Asia/Kolkata',
    });
    expect(await factsOf('Industry')).toMatchObject({
      Partner: 'Green Analytics',
      Category: 'Cement',
      'Industry code': 'RJ-CEM-04',
      'Working status': 'ON',
      'ioEYE tenant id': '10231',
    });
    expect(screen.queryByText('No address entered')).not.toBeInTheDocument();
    // The billing and mailing addresses are addresses of their own, and say so when there are none.
    expect(await screen.findByText('No billing address yet')).toBeInTheDocument();
    expect(screen.getByText('No mailing address yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/new/tenants/partner/21');
  });

  it('says a group is empty only when nothing of it was entered', async () => {
    renderDetail(
      tenantDetail({
        type: 'statutory',
        contactNo: null,
        address: null,
        city: null,
        stateCode: null,
        stateName: null,
        zip: null,
        gstin: null,
        latitude: null,
        longitude: null,
      }),
    );
    expect(await screen.findByText('No address entered')).toBeInTheDocument();
    expect(screen.getByText('No GSTIN entered')).toBeInTheDocument();
    expect(await factsOf('Contact')).toEqual({ 'Contact e-mail': 'env@shree.example' });
    expect(await factsOf('Location')).toEqual({ 'Time zone': 'Asia/Kolkata' });
    // A board account has no industry facts and is edited on its own form.
    expect(screen.queryByRole('region', { name: 'Industry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/new/tenants/statutory/21');
  });

  it('shows a partner only the fields of a partner', async () => {
    renderDetail(partnerAccount);
    expect(await screen.findByRole('heading', { name: 'Enviro Analytics Pvt Ltd' })).toBeInTheDocument();
    expect(await factsOf('Contact')).toEqual({
      'Contact e-mail': 'support@enviroanalytics.demo',
      'Contact number': '+91 20 2685 0011',
    });
    expect(await factsOf('Address')).toMatchObject({ City: 'Pune', 'PIN code': '411057' });
    expect(await factsOf('Tax')).toEqual({ GSTIN: '27AAECE4410B1ZA' });
    for (const industryOnly of ['Category', 'Working status', 'ioEYE tenant id', 'Partner since', 'Plan']) {
      expect(screen.queryByRole('term', { name: industryOnly })).not.toBeInTheDocument();
      expect(screen.queryByText(industryOnly, { selector: 'dt' })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Industry' })).not.toBeInTheDocument();
  });

  it("edits a partner in the partner's own form and saves through the partner endpoint", async () => {
    let saved = partnerAccount;
    const { user, api } = renderDetail(partnerAccount, {
      'GET /api/tenant-by-id/2': () => jsonResponse(saved),
      'GET /api/partners/2': () => jsonResponse(partnerForEdit),
      'PUT /api/partners/2': () => {
        saved = { ...partnerAccount, name: 'Enviro Analytics LLP', version: 2 };
        return jsonResponse({ ...partnerForEdit, name: 'Enviro Analytics LLP', version: 2 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Partner' });
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Enviro Analytics Pvt Ltd');
    // Partner fields only: nothing of an industry.
    expect(within(dialog).queryByRole('textbox', { name: /Industry category/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Partner/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Country code' })).toHaveValue('India +91');
    expect(within(dialog).getByRole('textbox', { name: /^Contact no/ })).toHaveValue('20 2685 0011');

    await user.clear(name);
    await user.type(name, 'Enviro Analytics LLP');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account details updated successfully')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/partners/2');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      name: 'Enviro Analytics LLP',
      contactEmail: 'support@enviroanalytics.demo',
      contactNo: '912026850011',
      address: 'Plot 14, Hinjewadi Phase II',
      city: 'Pune',
      stateCode: 'MH',
      countryCode: 'IN',
      zip: '411057',
      gstin: '27AAECE4410B1ZA',
      version: 1,
    });
    expect(api.calls.some((call) => call.url.startsWith('/api/tenants/'))).toBe(false);
    // The view shows what was saved.
    expect(await screen.findByRole('heading', { name: 'Enviro Analytics LLP' })).toBeInTheDocument();
  });

  it("shows the partner endpoint's field errors on the partner form's fields", async () => {
    const { user } = renderDetail(partnerAccount, {
      'GET /api/partners/2': () => jsonResponse(partnerForEdit),
      'PUT /api/partners/2': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
          { path: 'gstin', message: 'Enter a valid 15-character GSTIN', code: 'FIELD_INVALID' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Partner' });
    await within(dialog).findByDisplayValue('Enviro Analytics Pvt Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const gstin = within(dialog).getByRole('textbox', { name: 'GSTIN' });
    await waitFor(() => expect(gstin).toHaveAttribute('aria-invalid', 'true'));
    expect(gstin).toHaveAccessibleDescription('Enter a valid 15-character GSTIN');
    expect(within(dialog).queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
  });

  it('names a refused value the partner form has no field for, instead of "the marked fields"', async () => {
    const { user } = renderDetail(partnerAccount, {
      'GET /api/partners/2': () => jsonResponse(partnerForEdit),
      'PUT /api/partners/2': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
          { path: 'industryId', message: 'Only an industry has an industry category', code: 'FIELD_RULE' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Partner' });
    await within(dialog).findByDisplayValue('Enviro Analytics Pvt Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not saved. These values need attention but are not on this form: industryId: Only an industry has an industry category',
    );
    expect(within(dialog).queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
  });

  it('offers no account form for a corporate account, only "Edit account"', async () => {
    renderDetail(
      tenantDetail({
        type: 'corporate',
        name: 'Sahyadri Group (Corporate EHS)',
        corporate: { id: 1, name: 'Sahyadri Group' },
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Sahyadri Group (Corporate EHS)' }),
    ).toBeInTheDocument();
    expect(await factsOf('Corporate')).toEqual({ Corporate: 'Sahyadri Group' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit account' })).toBeInTheDocument();
  });
});
