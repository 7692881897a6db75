import { screen, waitFor, within } from '@testing-library/react';
import type { AppVendor, Page } from '@vayu/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AppVendorList } from './app-vendor-list';

const hub: AppVendor = {
  id: 4,
  appId: 'acme-data-hub',
  appName: 'Acme Data Hub',
  partner: null,
  tokenHint: '••••a1b2',
  tokenIssuedAt: '2026-11-20T05:00:00.000Z',
  tokenLastUsedAt: null,
  tenantCount: 3,
  createdAt: '2026-11-20T05:00:00.000Z',
};

const pageOf = (items: AppVendor[]): Page<AppVendor> => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(items: AppVendor[], handlers: Handlers = {}) {
  const api = createApiMock({ 'GET /api/appVendors': () => jsonResponse(pageOf(items)), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <AppVendorList />
      <DialogHost />
    </>,
    { route: '/appVendor' },
  );
  return { ...view, api };
}

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

describe('AppVendorList', () => {
  it('lists each app with the last characters of its token only, its industries and who added it', async () => {
    renderList([hub]);
    const row = await screen.findByRole('row', { name: /Acme Data Hub/ });
    for (const text of ['acme-data-hub', '••••a1b2', 'Platform', '3', 'Not used yet']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('link', { name: 'Industries of Acme Data Hub' })).toHaveAttribute(
      'href',
      '/appTenant?appId=4&appName=Acme+Data+Hub',
    );
  });

  it('says when there are no apps', async () => {
    renderList([]);
    expect(await screen.findByText(/No push-data apps yet/)).toBeInTheDocument();
  });

  it('adds an app and shows its token once, with a copy button', async () => {
    const { user, api } = renderList([], {
      'POST /api/appVendors': () => jsonResponse({ ...hub, token: 'vat_Secret-Token-a1b2' }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Add app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add push-data app' });
    await user.click(within(dialog).getByRole('button', { name: 'Add app' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^App ID/)).toHaveAccessibleDescription(/This field is required/),
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^App ID/), 'Acme Hub');
    await user.type(within(dialog).getByLabelText(/^App name/), 'Acme Data Hub');
    await user.click(within(dialog).getByRole('button', { name: 'Add app' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^App ID/)).toHaveAccessibleDescription(/lower-case letters/),
    );
    await user.clear(within(dialog).getByLabelText(/^App ID/));
    await user.type(within(dialog).getByLabelText(/^App ID/), 'Acme-Data-Hub');
    await user.click(within(dialog).getByRole('button', { name: 'Add app' }));

    const shown = await screen.findByRole('dialog', { name: 'App token' });
    expect(within(shown).getByText('vat_Secret-Token-a1b2')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    const body = JSON.parse(String(api.calls.find((call) => call.method === 'POST')?.init.body)) as unknown;
    expect(body).toEqual({ appId: 'acme-data-hub', appName: 'Acme Data Hub' });
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('vat_Secret-Token-a1b2')).not.toBeInTheDocument());
  });

  it('shows an app id another app has under its field', async () => {
    const { user } = renderList([], {
      'POST /api/appVendors': () =>
        errorResponse(409, 'APP_VENDOR_EXISTS', 'Another app already has this app ID.', [
          { path: 'appId', message: 'Another app already has this app ID.', code: 'FIELD_TAKEN' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Add app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add push-data app' });
    await user.type(within(dialog).getByLabelText(/^App ID/), 'acme-data-hub');
    await user.type(within(dialog).getByLabelText(/^App name/), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Add app' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^App ID/)).toHaveAccessibleDescription(
        /Another app already has this app ID\./,
      ),
    );
  });

  it('regenerates a token after confirming: "Token regenerated successfully" and the new token once', async () => {
    const { user, api } = renderList([hub], {
      'PUT /api/appVendors/4/token': () =>
        jsonResponse({ ...hub, tokenHint: '••••c3d4', token: 'vat_New-c3d4' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate token of Acme Data Hub' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerate token' });
    expect(within(confirm).getByText(/The current token stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate token' }));
    expect(await screen.findByText('Token regenerated successfully')).toBeInTheDocument();
    const shown = await screen.findByRole('dialog', { name: 'App token' });
    expect(within(shown).getByText('vat_New-c3d4')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('says "Error generating key." when the token cannot be regenerated, and nothing when cancelled', async () => {
    const { user, api } = renderList([hub], {
      'PUT /api/appVendors/4/token': () => errorResponse(500, 'INTERNAL', 'Something went wrong.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate token of Acme Data Hub' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate token' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Regenerate token of Acme Data Hub' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate token' })).getByRole('button', {
        name: 'Regenerate token',
      }),
    );
    expect(await screen.findByText('Error generating key.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'App token' })).not.toBeInTheDocument();
  });
});
