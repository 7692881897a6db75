import { screen, waitFor, within } from '@testing-library/react';
import type { MonitoringPoint } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { MonitoringPointsSection } from './monitoring-points-section';

const kilnStack: MonitoringPoint = {
  id: 7,
  tenantId: 21,
  name: 'Kiln stack 1',
  entityType: 'stack',
  latitude: 26.1012,
  longitude: 74.3204,
  properties: { stackHeight: 72, stackDiameter: 3.2, attachedTo: null, fuelType: 'Coal', apcd: 'ESP' },
  deviceCount: 2,
  version: 2,
  updatedAt: '2026-11-20T05:00:00.000Z',
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderSection(items: MonitoringPoint[], handlers: Handlers = {}, canManage = true) {
  const api = createApiMock({
    'GET /api/tenants/21/entities': () => jsonResponse({ items, limit: 200 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <MonitoringPointsSection tenantId={21} canManage={canManage} />
      <DialogHost />
    </>,
  );
  return { ...view, api };
}

type User = ReturnType<typeof renderSection>['user'];

async function fill(user: User, field: RegExp, text: string) {
  const input = screen.getByRole('textbox', { name: field });
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const bodyOf = (api: ReturnType<typeof renderSection>['api'], method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

describe('MonitoringPointsSection', () => {
  it('lists each point with its type, the properties entered and its location', async () => {
    renderSection([kilnStack]);
    const table = await screen.findByRole('table', { name: 'Monitoring points (1 of at most 200)' });
    const row = within(table).getByRole('row', { name: /Kiln stack 1/ });
    expect(within(row).getByText('Stack')).toBeInTheDocument();
    expect(
      within(row).getByText(
        'Stack height: 72 m · Stack diameter: 3.2 m · Fuel: Coal · Air pollution control device: ESP',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('26.1012, 74.3204')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();
  });

  it("shows each point's data freshness and when its devices last sent data", async () => {
    const lastDataAt = new Date(Date.now() - 5 * 3_600_000).toISOString();
    renderSection(
      [kilnStack, { ...kilnStack, id: 8, name: 'ETP outlet', entityType: 'etp', properties: {} }],
      {
        'GET /api/tenants/21/monitored': () =>
          jsonResponse({
            tenantId: 21,
            lastDataAt,
            freshness: 'DELAYED',
            points: [
              {
                entityId: 7,
                name: 'Kiln stack 1',
                entityType: 'stack',
                lastDataAt,
                freshness: 'DELAYED',
                devices: [{ deviceId: 9, name: 'Kiln CEMS', lastDataAt, freshness: 'DELAYED' }],
              },
              {
                entityId: 8,
                name: 'ETP outlet',
                entityType: 'etp',
                lastDataAt: null,
                freshness: 'OFFLINE',
                devices: [],
              },
            ],
          }),
      },
    );
    const table = await screen.findByRole('table', { name: 'Monitoring points (2 of at most 200)' });
    expect(within(table).getByRole('columnheader', { name: 'Data' })).toBeInTheDocument();
    const kiln = within(table).getByRole('row', { name: /Kiln stack 1/ });
    expect(
      await within(kiln).findByRole('img', { name: /^Delayed\. Last data 5 hours ago/ }),
    ).toBeInTheDocument();
    expect(within(kiln).getByText('5 hours ago')).toBeInTheDocument();
    const etp = within(table).getByRole('row', { name: /ETP outlet/ });
    expect(within(etp).getByRole('img', { name: 'Offline. No data yet' })).toBeInTheDocument();
  });

  it('says when there are none, and offers no changes to those who may not make them', async () => {
    renderSection([], {}, false);
    expect(await screen.findByText(/No monitoring points yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add monitoring point' })).not.toBeInTheDocument();
  });

  it("adds a point with its type's properties; a required property left empty is marked first", async () => {
    const { user, api } = renderSection([], {
      'POST /api/tenants/21/entities': () => jsonResponse({ ...kilnStack, id: 8, name: 'ETP outlet' }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Add monitoring point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add monitoring point' });
    await fill(user, /^Name/, 'ETP outlet');
    await chooseOption(user, /^Type/, 'Effluent Treatment Plant');
    expect(within(dialog).getByRole('textbox', { name: /^Design capacity \(KLD\)/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Stack height/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', {
        name: /^Design capacity/,
        description: 'This field is required',
      }),
    ).toHaveFocus();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await fill(user, /^Design capacity/, '450');
    await chooseOption(user, /^Discharge point/, 'CETP');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(api, 'POST')).toEqual({
      name: 'ETP outlet',
      entityType: 'etp',
      latitude: null,
      longitude: null,
      properties: { designCapacity: 450, treatmentStage: null, dischargePoint: 'CETP' },
    });
  });

  it('edits a point from its version; a name the industry already uses is marked on the name', async () => {
    const { user, api } = renderSection([kilnStack], {
      'PUT /api/tenants/21/entities/7': () =>
        errorResponse(
          409,
          'MONITORING_POINT_EXISTS',
          'This industry already has a monitoring point with this name.',
          // The API names the field too; the code's own wording is what stands under it.
          [
            {
              path: 'name',
              message: 'This industry already has a monitoring point with this name.',
              code: 'FIELD_TAKEN',
            },
          ],
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Kiln stack 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit monitoring point' });
    expect(within(dialog).getByRole('textbox', { name: /^Stack height/ })).toHaveValue('72');
    await fill(user, /^Name/, 'Cooler stack');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', {
        name: /^Name/,
        description: 'This industry already has a monitoring point with this name.',
      }),
    ).toBeInTheDocument();
    expect(bodyOf(api, 'PUT')).toMatchObject({
      name: 'Cooler stack',
      version: 2,
      properties: { stackHeight: 72 },
    });
  });

  it('deletes a point after confirming, at the version shown', async () => {
    const items = [kilnStack];
    const { user, api } = renderSection(items, {
      'DELETE /api/tenants/21/entities/7': () => jsonResponse({ ...items.pop()!, version: 3 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Kiln stack 1' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Delete the monitoring point "Kiln stack 1"\?/)).toBeInTheDocument();
    api.calls.length = 0;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toContain('version=2');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kiln stack 1/ })).not.toBeInTheDocument());
  });
});
