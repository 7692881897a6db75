import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, errorResponse, jsonResponse } from '../../test/fixtures';
import { address, DECCAN, KILN_CEMS, pageOf, renderDevices, summaryOf, type Api } from './devices-test-kit';

const listQueries = (api: Api) =>
  api.calls
    .filter((call) => call.method === 'GET' && call.url.split('?')[0] === '/api/devices')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

const manyDevices = Array.from({ length: 20 }, (_, index) =>
  summaryOf({ ...KILN_CEMS, id: 200 + index, name: `Stack CEMS ${index + 1}`, serialNumber: `SN-${index}` }),
);

describe('DeviceList', () => {
  beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

  it('reads the industry, search and page from the URL and keeps the changes there', async () => {
    const { user, api } = renderDevices('/devices?tenantId=21&search=kiln&page=2', {
      'GET /api/devices': () => jsonResponse(pageOf(manyDevices, 2, 45)),
    });
    const table = await screen.findByRole('table', { name: 'Devices 21–40 of 45' });
    expect(listQueries(api)[0]).toEqual({ page: '2', pageSize: '20', tenantId: '21', search: 'kiln' });
    const row = within(table).getByRole('row', { name: /Stack CEMS 1\b/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((cell) => cell.textContent),
    ).toEqual(['Stack CEMS 1', 'SN-0', 'Kiln stack 1', 'SICK MCS100FT', 'MODBUS', '2', 'Enabled']);
    // The industry is chosen, so its name is not repeated on every row.
    expect(within(table).queryByRole('columnheader', { name: 'Industry' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toBe('/devices?tenantId=21&search=kiln&page=3'));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ page: '3', search: 'kiln' }));

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(search);
    await user.type(search, 'SK-22');
    // A new search starts again at the first page.
    await waitFor(() => expect(address()).toBe('/devices?tenantId=21&search=SK-22'));
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({ page: '1', pageSize: '20', tenantId: '21', search: 'SK-22' }),
    );
  });

  it("shows an industry's own users their industry's devices, and no changes to a user who is not an admin", async () => {
    setStoredUser(
      buildUser({
        userType: 'tenant',
        role: 'user',
        account: { ...buildUser().account, id: DECCAN.id, name: DECCAN.name, type: 'tenant' },
      }),
    );
    const { api } = renderDevices('/devices?tenantId=99');
    const table = await screen.findByRole('table', { name: 'Devices 1–1 of 1' });
    // Their own industry, whatever the URL says.
    expect(listQueries(api)[0]).toMatchObject({ tenantId: '21' });
    expect(screen.queryByRole('textbox', { name: 'Industry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add device' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Edit Kiln CEMS' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Kiln CEMS' })).not.toBeInTheDocument();
  });

  it('lists every industry of a site user with the industry on each row', async () => {
    renderDevices('/devices');
    const table = await screen.findByRole('table', { name: 'Devices 1–1 of 1' });
    expect(within(table).getByRole('columnheader', { name: 'Industry' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Kiln CEMS/ })).toHaveTextContent(DECCAN.name);
  });

  it('deletes a device at the version shown after confirming', async () => {
    let deleted = false;
    const { user, api } = renderDevices('/devices?tenantId=21', {
      'GET /api/devices': () => jsonResponse(pageOf(deleted ? [] : [summaryOf(KILN_CEMS)])),
      'DELETE /api/devices/9': () => {
        deleted = true;
        return jsonResponse({ ...summaryOf(KILN_CEMS), status: 'DELETED' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Kiln CEMS' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete the device "Kiln CEMS" (serial number SK-2201)?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Device Deleted Successfully.')).toBeInTheDocument();
    const call = api.calls.find((item) => item.method === 'DELETE');
    expect(call?.url).toBe('/api/devices/9?version=3');
    expect(await screen.findByText('No devices match these filters.')).toBeInTheDocument();
  });

  it('says so when a delete fails', async () => {
    const { user } = renderDevices('/devices', {
      'DELETE /api/devices/9': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Kiln CEMS' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error Deleting Device.')).toBeInTheDocument();
  });

  it("opens a device's supporting documents and calibration records from its row", async () => {
    const { user } = renderDevices('/devices');
    await user.click(await screen.findByRole('button', { name: 'Documents of Kiln CEMS' }));
    expect(
      await screen.findByRole('dialog', { name: 'Supporting documents: Kiln CEMS' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Supporting documents: Kiln CEMS' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Calibration of Kiln CEMS' }));
    expect(await screen.findByRole('dialog', { name: 'Calibration: Kiln CEMS' })).toBeInTheDocument();
  });

  it('says when the devices could not be fetched', async () => {
    renderDevices('/devices', {
      'GET /api/devices': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
    });
    expect(await screen.findByText('Error fetching devices')).toBeInTheDocument();
  });
});
