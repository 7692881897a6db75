import { screen, waitFor, within } from '@testing-library/react';
import type { AppVendorTenant, Page } from '@vayu/domain';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AppTenantList } from './app-tenant-list';

const vapi: AppVendorTenant = {
  tenantId: 21,
  name: 'Vapi Agro Chemicals',
  city: 'Vapi',
  stateCode: 'GJ',
  partnerName: 'GreenSense',
  addedAt: '2026-11-20T05:00:00.000Z',
  addedBy: 'Asha Rao',
};

const pageOf = (items: AppVendorTenant[]): Page<AppVendorTenant> => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

type Handlers = Parameters<typeof createApiMock>[0];

function renderPage(
  items: AppVendorTenant[],
  handlers: Handlers = {},
  route = '/appTenant?appId=4&appName=Acme+Hub',
) {
  const api = createApiMock({
    'GET /api/appVendors/4/tenants': () => jsonResponse(pageOf(items)),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <AppTenantList />
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

describe('AppTenantList', () => {
  it('lists the app’s industries with where they are, their partner and who added them', async () => {
    renderPage([vapi]);
    expect(
      await screen.findByText('The industries Acme Hub may send readings for.', { exact: false }),
    ).toBeVisible();
    const row = await screen.findByRole('row', { name: /Vapi Agro Chemicals/ });
    for (const text of ['Vapi, GJ', 'GreenSense', 'by Asha Rao']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('says when the address names no app, and when the app has no industries', async () => {
    renderPage([], {}, '/appTenant?appName=Acme');
    expect(await screen.findByText(/This address names no app/)).toBeInTheDocument();
  });

  it('adds the industries chosen in the multi-select: "Tenants added successfully"', async () => {
    const { user, api } = renderPage([], {
      'GET /api/appVendors/4/tenants/available': () =>
        jsonResponse({
          items: [
            { id: 21, name: 'Vapi Agro Chemicals', city: 'Vapi', partnerName: 'GreenSense' },
            { id: 22, name: 'Konkan Sugar', city: 'Ratnagiri', partnerName: null },
          ],
          limit: 25,
        }),
      'POST /api/appVendors/4/tenants': () => jsonResponse({ added: 2, alreadyAdded: 0 }),
    });
    expect(await screen.findByText(/No industries yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add industries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add industries to Acme Hub' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose at least one industry')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    const input = within(dialog).getByRole('textbox', { name: /^Industries/ });
    for (const name of [/Vapi Agro Chemicals/, /Konkan Sugar/]) {
      await user.click(input);
      const listbox = await waitFor(() => {
        const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
        if (!element) throw new Error('no options');
        return element;
      });
      await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
    }
    expect(within(dialog).getByText('2 industries chosen (at most 100 at a time)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Tenants added successfully')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ listOftenantIds: [21, 22] });
  });

  it('removes an industry after confirming', async () => {
    const items = [vapi];
    const { user, api } = renderPage(items, {
      'DELETE /api/appVendors/4/tenants/21': () => {
        items.pop();
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Vapi Agro Chemicals' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Remove "Vapi Agro Chemicals" from Acme Hub\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(/No industries yet/)).toBeInTheDocument();
  });

  it('downloads an industry’s meta sheet under the name the server gives', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(() => 'blob:sheet'),
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    onTestFinished(() => {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const { user, api } = renderPage([vapi], {
      'POST /api/vendorMetaSheetForPost/21/Vapi%20Agro%20Chemicals': () =>
        new Response('\ufefftenantId,deviceId\r\n21,7\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="Vapi Agro Chemicals - meta sheet.csv"; filename*=UTF-8\'\'Vapi%20Agro%20Chemicals%20-%20meta%20sheet.csv',
          },
        }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Download meta sheet of Vapi Agro Chemicals' }),
    );
    await waitFor(() => expect(clicked).toEqual(['Vapi Agro Chemicals - meta sheet.csv']));
    const call = api.calls.find((item) => item.method === 'POST');
    expect(new Headers(call?.init.headers).get('x-requested-with')).toBe('XMLHttpRequest');
    expect(new Headers(call?.init.headers).get('x-module')).toBe('enviro');
  });
});
