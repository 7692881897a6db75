import { screen, waitFor } from '@testing-library/react';
import { CONFLICT_MESSAGE } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { tenantDetail } from './tenants.test-support';
import { TenantFormPage } from './tenant-form';

const partners = [
  {
    id: 4,
    name: 'Green Analytics',
    status: 'ENABLED',
    contactEmail: null,
    contactNo: null,
    city: null,
    state: null,
    tenantCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];
const industries = [
  {
    id: 3,
    name: 'Cement',
    status: 'ENABLED',
    tenantCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

type Handlers = Parameters<typeof createApiMock>[0];

function renderForm(route: string, handlers: Handlers = {}, signedIn = buildUser({ userType: 'site' })) {
  setStoredUser(signedIn);
  const api = createApiMock({
    'GET /api/partners': () => jsonResponse(partners),
    'GET /api/industries': () => jsonResponse(industries),
    'GET /api/corporates': () => jsonResponse([]),
    'GET /api/tenant-by-id/21': () => jsonResponse(tenantDetail()),
    'GET /api/timezones': () =>
      jsonResponse([
        { id: 'Asia/Kolkata', label: '(UTC+05:30) Asia/Kolkata', offsetMinutes: 330 },
        { id: 'Asia/Dubai', label: '(UTC+04:00) Asia/Dubai', offsetMinutes: 240 },
      ]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/new/tenants/:type/:tenantId" element={<TenantFormPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

const formDataOf = (init: RequestInit) => init.body as FormData;

// The form has many comboboxes; typing into it under jsdom is slow on a busy machine.
describe('TenantFormPage', () => {
  it('redirects an unknown account type to /', async () => {
    renderForm('/new/tenants/corporate/0');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the schema messages for a bad GSTIN and an out-of-range latitude, keeping what was typed', async () => {
    const { user, api } = renderForm('/new/tenants/partner/21');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Shree Cement Works');

    await user.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27ABCDE1234F1Z1');
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    await user.clear(latitude);
    await user.type(latitude, '95');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Enter a valid 15-character GSTIN')).toBeInTheDocument();
    expect(screen.getByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('27ABCDE1234F1Z1');
    expect(latitude).toHaveValue('95');
    expect(latitude).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers the time zones with their offset, or the zone names when the list cannot be fetched', async () => {
    renderForm('/new/tenants/partner/21');
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Shree Cement Works');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Time zone/ })).toHaveValue('(UTC+05:30) Asia/Kolkata'),
    );
  });

  it('says "Error fetching timezones." and still offers the zones by name', async () => {
    renderForm('/new/tenants/partner/21', {
      'GET /api/timezones': () => errorResponse(500, 'INTERNAL', 'Something broke.'),
    });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Shree Cement Works');
    expect(await screen.findByText('Error fetching timezones.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Time zone/ })).toHaveValue('Asia/Kolkata');
  });

  it('requires a category and a partner for an industry', async () => {
    const { user } = renderForm('/new/tenants/partner/0');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Ambuja Plant');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // Category, partner and contact e-mail; the empty number gets the phone message.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
  });

  it('creates as multipart with trimmed fields and opens the new account', async () => {
    const { user, api } = renderForm('/new/tenants/statutory/0', {
      'POST /api/create/statutory': () => jsonResponse({ id: 77, accountType: 'statutory' }, 201),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), '  Rajasthan SPCB  ');
    await user.type(screen.getByRole('textbox', { name: /^Contact e-mail/ }), 'Board@RSPCB.example');
    await user.type(screen.getByRole('textbox', { name: /^Contact number/ }), '9876501234');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/accounts/statutory/77/view'),
    );
    const post = api.calls.find((call) => call.method === 'POST');
    const body = formDataOf(post!.init);
    expect(body.get('name')).toBe('Rajasthan SPCB');
    expect(body.get('contactEmail')).toBe('board@rspcb.example');
    expect(body.get('contactNo')).toBe('919876501234');
    expect(body.get('countryCode')).toBe('IN');
    expect(body.get('gstin')).toBe('');
    expect(body.has('version')).toBe(false);
  });

  it('puts server field errors under their fields', async () => {
    const { user } = renderForm('/new/tenants/partner/21', {
      'PUT /api/tenants/21': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
          { path: 'name', message: 'An account with this name already exists' },
        ]),
    });
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An account with this name already exists')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('on a 409 says the record changed and reloads the latest version on request', async () => {
    let loads = 0;
    const { user, api } = renderForm('/new/tenants/partner/21', {
      'GET /api/tenant-by-id/21': () =>
        jsonResponse(++loads === 1 ? tenantDetail() : tenantDetail({ name: 'Shree Cement Ltd', version: 3 })),
      'PUT /api/tenants/21': ({ init }) =>
        formDataOf(init).get('version') === '2'
          ? errorResponse(409, 'STALE_VERSION', CONFLICT_MESSAGE)
          : jsonResponse(tenantDetail({ version: 4 })),
    });
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Shree Cement Ltd')).toBeInTheDocument();
    expect(screen.queryByText(CONFLICT_MESSAGE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/tenant/21/view'));
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => formDataOf(call.init).get('version'))).toEqual(['2', '3']);
  });

  it('on any other edit failure says so and returns to the list', async () => {
    const { user } = renderForm('/new/tenants/partner/21', {
      'PUT /api/tenants/21': () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred.'),
    });
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong, try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
  });

  it("shows the server's refusal of a logo under the logo, worded by its code", async () => {
    const { user } = renderForm('/new/tenants/partner/21', {
      'PUT /api/tenants/21': () =>
        errorResponse(413, 'PAYLOAD_TOO_LARGE', 'Server text.', [
          { path: 'logo', message: 'Server text.', code: 'FIELD_TOO_LARGE' },
        ]),
    });
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The logo must be at most 512 KB')).toBeInTheDocument();
    expect(screen.queryByText('Server text.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('puts a refused partner change under the partner', async () => {
    const message = 'Use the migrate-partner action to change the partner';
    const { user } = renderForm('/new/tenants/partner/21', {
      'PUT /api/tenants/21': () =>
        errorResponse(
          422,
          'PARTNER_CHANGE_REFUSED',
          message,
          [{ path: 'partnerId', message, code: 'FIELD_RULE' }],
          {
            reason: 'useMigrate',
          },
        ),
    });
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Partner/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("lets an industry's own admin save it when it has no partner: an edit does not ask for the hidden partner", async () => {
    const tenantAdmin = buildUser({
      userType: 'tenant',
      account: {
        id: 21,
        name: 'Shree Cement Works',
        type: 'tenant',
        status: 'ENABLED',
        partnerId: -1,
        corporateId: null,
      },
    });
    const { user, api } = renderForm(
      '/new/tenants/partner/21',
      {
        'GET /api/tenant-by-id/21': () => jsonResponse(tenantDetail({ partnerId: -1, partnerName: null })),
        'PUT /api/tenants/21': () =>
          jsonResponse(tenantDetail({ partnerId: -1, partnerName: null, version: 3 })),
      },
      tenantAdmin,
    );
    await screen.findByDisplayValue('Shree Cement Works');
    // The partner is shown, not chosen: the form cannot mark it.
    expect(screen.getByRole('textbox', { name: 'Partner' })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/tenant/21/view'));
    expect(screen.queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
    expect(formDataOf(api.calls.find((call) => call.method === 'PUT')!.init).get('partnerId')).toBe('');
  });

  it('names a refusal of a field the form does not show instead of saying "correct the marked fields"', async () => {
    const message = 'Use the migrate-partner action to change the partner';
    const partnerAdmin = buildUser({
      userType: 'partner',
      account: {
        id: 4,
        name: 'Green Analytics',
        type: 'partner',
        status: 'ENABLED',
        partnerId: -1,
        corporateId: null,
      },
    });
    const { user } = renderForm(
      '/new/tenants/partner/21',
      {
        'PUT /api/tenants/21': () =>
          errorResponse(422, 'PARTNER_CHANGE_REFUSED', message, [
            { path: 'partnerId', message, code: 'FIELD_RULE' },
          ]),
      },
      partnerAdmin,
    );
    await screen.findByDisplayValue('Shree Cement Works');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Not saved. These values need attention but are not on this form: Partner: ${message}`,
    );
    expect(screen.queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("sends an account the form is not for (a partner) back to its own view, where Edit opens the partner's form", async () => {
    renderForm('/new/tenants/partner/2', {
      'GET /api/tenant-by-id/2': () =>
        jsonResponse(
          tenantDetail({ id: 2, type: 'partner', partnerId: -1, industryId: null, industry: null }),
        ),
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/accounts/partner/2/view'));
    expect(screen.queryByRole('heading', { name: 'Edit Industry' })).not.toBeInTheDocument();
  });

  it('refuses a logo that is not an image or too large', async () => {
    const { user } = renderForm('/new/tenants/partner/21');
    await screen.findByDisplayValue('Shree Cement Works');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'.repeat(600 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo must be at most 512 KB')).toBeInTheDocument();
  });
});
