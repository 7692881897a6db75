import { act, screen, waitFor, within } from '@testing-library/react';
import { PROFILE_PAGE_SIZE, type DeviceProfile } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeviceProfileList } from './device-profile-list';

const profile = (id: number, overrides: Partial<DeviceProfile> = {}): DeviceProfile => ({
  id,
  name: `Profile ${String(id).padStart(3, '0')}`,
  description: null,
  type: 'Analyser',
  deviceType: 'CEMS',
  model: { id: 3, name: 'ENDA-5000', make: { id: 2, name: 'Horiba' } },
  params: [
    { parameterId: 11, name: 'so2', label: 'SO2', unit: 'mg/Nm3' },
    { parameterId: 12, name: 'o2', label: 'O2', unit: '%' },
  ],
  status: 'ENABLED',
  version: 2,
  updatedAt: '2026-11-20T05:00:00.000Z',
  ...overrides,
});

/** `count` profiles served a page at a time from the offset asked for, as the API does. */
function pagedList(count: number, build: (id: number) => DeviceProfile = profile) {
  const all = Array.from({ length: count }, (_, index) => build(index + 1));
  return ({ url }: { url: string }) => {
    const offset = Number(new URL(url, 'http://localhost').searchParams.get('offset') ?? 0);
    return jsonResponse({ items: all.slice(offset, offset + PROFILE_PAGE_SIZE), offset });
  };
}

type Handlers = Parameters<typeof createApiMock>[0];

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderList(handlers: Handlers, route = '/devices/profiles') {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/devices/profiles" element={<DeviceProfileList />} />
      </Routes>
      <Address />
      <DialogHost />
    </>,
    { route },
  );
  const listCalls = () =>
    api.calls
      .filter((call) => call.method === 'GET' && call.url.includes('/api/profiles/devices/'))
      .map((call) => {
        const url = new URL(call.url, 'http://localhost');
        return `${url.pathname.split('/').pop()}@${url.searchParams.get('offset')}`;
      });
  return { ...view, api, listCalls };
}

const cards = () => within(screen.getByRole('list', { name: 'Device profiles' })).queryAllByRole('article');

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));
afterEach(() => vi.unstubAllGlobals());

describe('DeviceProfileList paging', () => {
  it('asks for the next page from the number loaded, and stops when a page comes back empty', async () => {
    const { user, listCalls } = renderList({ 'GET /api/profiles/devices/all': pagedList(23) });
    await waitFor(() => expect(cards()).toHaveLength(PROFILE_PAGE_SIZE));
    expect(screen.getByText('20 profiles shown')).toBeInTheDocument();
    expect(listCalls()).toEqual(['all@0']);

    await user.click(screen.getByRole('button', { name: 'Load more profiles' }));
    await waitFor(() => expect(cards()).toHaveLength(23));
    expect(listCalls()).toEqual(['all@0', 'all@20']);

    // A short page does not say the list ended: only an empty one does.
    await user.click(screen.getByRole('button', { name: 'Load more profiles' }));
    expect(await screen.findByText('That is the whole list: 23 profiles.')).toBeInTheDocument();
    expect(listCalls()).toEqual(['all@0', 'all@20', 'all@23']);
    expect(screen.queryByRole('button', { name: 'Load more profiles' })).not.toBeInTheDocument();
    expect(cards()).toHaveLength(23);
  });

  it('lists a profile once when a profile added meanwhile pushes it into the next page', async () => {
    let added = false;
    const { user } = renderList({
      'GET /api/profiles/devices/all': ({ url }: { url: string }) => {
        const offset = Number(new URL(url, 'http://localhost').searchParams.get('offset') ?? 0);
        // Someone adds a profile named before all the others once the first page is out.
        const all = [
          ...(added ? [profile(1000, { name: 'Aa added meanwhile' })] : []),
          ...Array.from({ length: 21 }, (_, i) => profile(i + 1)),
        ];
        added = true;
        return jsonResponse({ items: all.slice(offset, offset + PROFILE_PAGE_SIZE), offset });
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(PROFILE_PAGE_SIZE));
    await user.click(screen.getByRole('button', { name: 'Load more profiles' }));
    await waitFor(() => expect(cards()).toHaveLength(21));
    const names = cards().map((card) => card.getAttribute('aria-labelledby'));
    expect(new Set(names).size).toBe(names.length);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; target: Element | null };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, target: null };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = null;
        }
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const scrollIntoView = () => {
      const watching = observers.filter((observer) => observer.target !== null);
      act(() => {
        for (const observer of watching) {
          observer.callback(
            [{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
        }
      });
      return watching.length;
    };
    const { listCalls } = renderList({ 'GET /api/profiles/devices/all': pagedList(45) });
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(scrollIntoView()).toBe(1);
    await waitFor(() => expect(cards()).toHaveLength(40));
    expect(scrollIntoView()).toBe(1);
    await waitFor(() => expect(cards()).toHaveLength(45));
    expect(scrollIntoView()).toBe(1);
    expect(await screen.findByText('That is the whole list: 45 profiles.')).toBeInTheDocument();
    expect(listCalls()).toEqual(['all@0', 'all@20', 'all@40', 'all@45']);
    // Nothing is watched once the list has ended.
    expect(scrollIntoView()).toBe(0);
    expect(listCalls()).toHaveLength(4);
  });

  it('keeps the type filter in the address and lists that type from the start', async () => {
    const { user, listCalls } = renderList(
      {
        'GET /api/profiles/devices/Camera': () => jsonResponse({ items: [], offset: 0 }),
        'GET /api/profiles/devices/Analyser': pagedList(2),
      },
      '/devices/profiles?type=Camera',
    );
    expect(await screen.findByText('No Camera profiles yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Analyser' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Device profiles' })).toBeInTheDocument());
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/devices/profiles?type=Analyser',
    );
    expect(listCalls()).toEqual(['Camera@0', 'Analyser@0']);
  });

  it('shows a profile with its type, device type, model, parameters and monitoring state', async () => {
    renderList({
      'GET /api/profiles/devices/all': pagedList(1, (id) =>
        profile(id, { name: 'CEMS SO2 (Horiba)', status: 'DISABLED', description: 'Kiln stack' }),
      ),
    });
    const card = await screen.findByRole('article', { name: 'CEMS SO2 (Horiba)' });
    expect(within(card).getByText('Monitoring disabled')).toBeInTheDocument();
    expect(within(card).getByText('Kiln stack')).toBeInTheDocument();
    expect(within(card).getByText('CEMS')).toBeInTheDocument();
    expect(within(card).getByText('ENDA-5000 (Horiba)')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Parameters' })).toHaveTextContent('SO2 · mg/Nm³O2 · %');
  });

  it('offers no changes to users other than site users', async () => {
    setStoredUser(buildUser({ userType: 'tenant' }));
    renderList({ 'GET /api/profiles/devices/all': pagedList(2) });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    renderList({
      'GET /api/profiles/devices/all': () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred.'),
    });
    expect(await screen.findByText('The device profiles could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('DeviceProfileList delete', () => {
  it('deletes a profile only after confirming, at the version shown', async () => {
    let items = [profile(1), profile(2, { name: 'Stack dust monitor', version: 4 })];
    const { user, api } = renderList({
      'GET /api/profiles/devices/all': ({ url }) =>
        jsonResponse({
          items: new URL(url, 'http://localhost').searchParams.get('offset') === '0' ? items : [],
          offset: 0,
        }),
      'DELETE /api/profiles/devices/2': () => {
        items = items.filter((item) => item.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const deleteButton = await screen.findByRole('button', { name: 'Delete Stack dust monitor' });

    await user.click(deleteButton);
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Delete the device profile "Stack dust monitor"\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(deleteButton);
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Profile deleted successfully.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toContain(
      '/api/profiles/devices/2?version=4',
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Stack dust monitor' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Profile 001' })).toBeInTheDocument();
  });

  it('says the delete failed and keeps the profile', async () => {
    const { user } = renderList({
      'GET /api/profiles/devices/all': pagedList(1),
      'DELETE /api/profiles/devices/1': () => errorResponse(500, 'INTERNAL', 'An unexpected error occurred.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Profile 001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error Deleting Profile.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Profile 001' })).toBeInTheDocument();
  });
});

describe('DeviceProfileList edit', () => {
  const unitsOf = (parameterId: number, codes: [string, string][]) => () =>
    jsonResponse({
      parameterId,
      stdUnit: codes[0]![0],
      cpcbUnit: codes[0]![0],
      spcbUnit: codes[0]![0],
      molecularWeight: null,
      units: codes.map(([code, label], index) => ({
        code,
        label,
        toStandard: 1,
        isStandard: index === 0,
        isCpcb: index === 0,
        isSpcb: index === 0,
      })),
    });
  const masters: Handlers = {
    'GET /api/make': () =>
      jsonResponse([
        { id: 2, name: 'Horiba', type: 'Analyser', modelCount: 1, version: 1 },
        { id: 5, name: 'Teledyne API', type: 'Calibrator', modelCount: 1, version: 1 },
      ]),
    'GET /api/modelByMake/2': () =>
      jsonResponse([
        {
          id: 3,
          name: 'ENDA-5000',
          modelType: 'CEMS',
          make: { id: 2, name: 'Horiba', type: 'Analyser' },
          parameterIds: [11],
          version: 1,
        },
      ]),
    'GET /api/modelTypes': () =>
      jsonResponse([
        { id: 1, type: 'CEMS', description: null, modelCount: 1, status: 'ENABLED', version: 1 },
      ]),
    'GET /api/parameters': () =>
      jsonResponse({ items: [], page: 1, pageSize: 25, total: 0, totalKind: 'exact', pageCount: 0 }),
    'GET /api/parameters/11/units': unitsOf(11, [
      ['mg/Nm3', 'mg/Nm³'],
      ['ppm', 'ppm'],
    ]),
    'GET /api/parameters/12/units': unitsOf(12, [['%', '%']]),
  };

  it('saves a changed profile from its version and says "Profile Edited Successfully."', async () => {
    const { user, api } = renderList({
      ...masters,
      'GET /api/profiles/devices/all': pagedList(1),
      'PUT /api/profiles/devices/1': () =>
        jsonResponse(
          profile(1, { name: 'Kiln stack CEMS', params: profile(1).params.slice(0, 1), version: 3 }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile 001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device profile' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Profile 001');
    await user.clear(name);
    await user.type(name, 'Kiln stack CEMS');
    await user.click(within(dialog).getByRole('switch', { name: 'Monitoring enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove O2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile Edited Successfully.')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      name: 'Kiln stack CEMS',
      description: null,
      type: 'Analyser',
      deviceType: 'CEMS',
      modelId: 3,
      params: [{ parameterId: 11, unit: 'mg/Nm3' }],
      status: 'DISABLED',
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a row's unit under that row", async () => {
    const { user } = renderList({
      ...masters,
      'GET /api/profiles/devices/all': pagedList(1),
      'PUT /api/profiles/devices/1': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'The profile has invalid fields.', [
          { path: 'params.1.unit', message: 'O2 is not measured in %.', code: 'FIELD_INVALID' },
          {
            path: 'params',
            message: 'Some parameter rows name a parameter or unit that cannot be used.',
            code: 'FIELD_INVALID',
          },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile 001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const unit = await within(dialog).findByRole('textbox', { name: 'Unit of O2' });
    await waitFor(() => expect(unit).toHaveAttribute('aria-invalid', 'true'));
    expect(unit).toHaveAccessibleDescription('O2 is not measured in %.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Some parameter rows name a parameter or unit that cannot be used.',
    );
    expect(await screen.findByText('The profile could not be saved.')).toBeInTheDocument();
  });
});
