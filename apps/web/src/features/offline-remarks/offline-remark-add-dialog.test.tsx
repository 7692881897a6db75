import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { latestRestorationDate, todayInIndia, type DeviceSummary } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { OfflineRemarkAddDialog } from './offline-remark-add-dialog';

const analyser: DeviceSummary = {
  id: 31,
  tenant: { id: 21, name: 'Deccan Cement Works' },
  name: 'Kiln SO2 analyser',
  serialNumber: 'SN-4471',
  monitoringPoint: { id: 7, name: 'Kiln stack 1' },
  model: { id: 3, name: 'MCS100E', make: { id: 2, name: 'SICK' } },
  dataUploadMethod: 'MODBUS',
  status: 'ENABLED',
  parameterCount: 4,
  version: 1,
};

/** `YYYY-MM-DD`, `days` after today in India. */
function inDays(days: number) {
  const date = new Date(`${todayInIndia()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Handlers = Parameters<typeof createApiMock>[0];

function renderDialog(handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/devices': () =>
      jsonResponse({ items: [analyser], page: 1, pageSize: 50, total: 1, totalKind: 'exact', pageCount: 1 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const onClose = vi.fn();
  const view = renderWithProviders(<OfflineRemarkAddDialog opened tenantId={21} onClose={onClose} />);
  return { ...view, api, onClose };
}

const setDate = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(/^Expected restoration/), { target: { value } });

const posted = (api: ReturnType<typeof renderDialog>['api']) =>
  api.calls.filter((call) => call.method === 'POST');

describe('OfflineRemarkAddDialog', () => {
  it('needs the remark when the reason is Other and a date from today, and sends nothing until then', async () => {
    const { user, api } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add offline remark' });
    const date = within(dialog).getByLabelText(/^Expected restoration/);
    expect(date).toHaveAttribute('min', todayInIndia());
    expect(date).toHaveAttribute('max', latestRestorationDate(todayInIndia()));

    await chooseOption(user, /^Device/, 'Kiln SO2 analyser · SN-4471 · Kiln stack 1', dialog);
    await chooseOption(user, /^Reason/, 'Other', dialog);
    setDate(dialog, inDays(-1));
    await user.click(within(dialog).getByRole('button', { name: 'Add remark' }));
    expect(
      await within(dialog).findByLabelText(/^Remark/, {
        selector: 'textarea',
      }),
    ).toHaveAccessibleDescription(/Describe the reason in the remark when the reason is Other/);
    expect(date).toHaveAccessibleDescription(/The expected restoration cannot be before today/);

    setDate(dialog, inDays(400));
    await user.click(within(dialog).getByRole('button', { name: 'Add remark' }));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(/The expected restoration must be within a year from today/),
    );
    expect(posted(api)).toEqual([]);
  });

  it('sends the remark with the device id, a remark left empty as none, and closes', async () => {
    const { user, api, onClose } = renderDialog({
      'POST /api/devices/offline/remarks': () =>
        jsonResponse(
          {
            id: 9,
            tenant: analyser.tenant,
            device: { id: 31, name: analyser.name, serialNumber: analyser.serialNumber },
            monitoringPoint: analyser.monitoringPoint,
            reason: 'Power failure',
            remark: null,
            expectedRestoration: todayInIndia(),
            createdBy: 'Asha Rao',
            createdAt: '2026-11-20T05:00:00.000Z',
            resolvedAt: null,
          },
          201,
        ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add offline remark' });
    await chooseOption(user, /^Device/, /Kiln SO2 analyser/, dialog);
    await chooseOption(user, /^Reason/, 'Power failure', dialog);
    setDate(dialog, todayInIndia());
    await user.click(within(dialog).getByRole('button', { name: 'Add remark' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(JSON.parse(String(posted(api)[0]!.init.body))).toEqual({
      deviceId: 31,
      reason: 'Power failure',
      remark: null,
      expectedRestoration: todayInIndia(),
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says on the device field when the device already has an open remark', async () => {
    const { user } = renderDialog({
      'POST /api/devices/offline/remarks': () =>
        errorResponse(422, 'BUSINESS_RULE', 'This device already has an open offline remark.', [
          {
            path: 'deviceId',
            message: 'This device already has an open offline remark.',
            code: 'FIELD_RULE',
          },
        ]),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add offline remark' });
    await chooseOption(user, /^Device/, /Kiln SO2 analyser/, dialog);
    await chooseOption(user, /^Reason/, 'Analyser fault', dialog);
    await user.type(within(dialog).getByLabelText(/^Remark/, { selector: 'textarea' }), 'Pump failed');
    setDate(dialog, inDays(3));
    await user.click(within(dialog).getByRole('button', { name: 'Add remark' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Device/ })).toHaveAccessibleDescription(
        /This device already has an open remark\. Mark it restored before adding another\./,
      ),
    );
  });
});
