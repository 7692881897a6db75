import { screen, waitFor, within } from '@testing-library/react';
import type { Camera, MonitoringPoint } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { CamerasSection } from './cameras-section';

const point = (id: number, name: string): MonitoringPoint => ({
  id,
  tenantId: 21,
  name,
  entityType: 'stack',
  latitude: null,
  longitude: null,
  properties: {},
  deviceCount: 0,
  version: 1,
  updatedAt: '2026-11-20T05:00:00.000Z',
});

const kilnCamera: Camera = {
  id: 5,
  tenantId: 21,
  monitoringPoint: { id: 7, name: 'Kiln stack 1' },
  name: 'Kiln camera',
  provisionId: 'PRV-0042',
  viewerId: 'VIEW-7',
  authTokenHint: '••••a1b2',
  status: 'ENABLED',
  version: 3,
  updatedAt: '2026-11-20T05:00:00.000Z',
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderSection(items: Camera[], handlers: Handlers = {}, canManage = true) {
  const api = createApiMock({
    'GET /api/tenants/21/cameras': () => jsonResponse({ items, limit: 200 }),
    'GET /api/tenants/21/entities': () =>
      jsonResponse({ items: [point(7, 'Kiln stack 1'), point(8, 'ETP outlet')], limit: 200 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <CamerasSection tenantId={21} canManage={canManage} />
      <DialogHost />
    </>,
  );
  return { ...view, api };
}

type User = ReturnType<typeof renderSection>['user'];

async function fill(user: User, container: HTMLElement, field: RegExp, text: string) {
  const input = within(container).getByLabelText(field);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const bodyOf = (api: ReturnType<typeof renderSection>['api'], method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

describe('CamerasSection', () => {
  it('lists each camera with its point, ids, the last characters of its token and its status', async () => {
    renderSection([kilnCamera]);
    const table = await screen.findByRole('table', { name: 'Cameras (1 of at most 200)' });
    const row = within(table).getByRole('row', { name: /Kiln camera/ });
    for (const text of ['Kiln stack 1', 'PRV-0042', 'VIEW-7', '••••a1b2', 'Enabled']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('says when there are none, and offers no changes to those who may not make them', async () => {
    renderSection([], {}, false);
    expect(await screen.findByText(/No cameras yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add camera' })).not.toBeInTheDocument();
  });

  it('adds a camera with its token; the token is required and typed in a password field', async () => {
    const { user, api } = renderSection([], {
      'POST /api/tenants/21/cameras': () => jsonResponse({ ...kilnCamera, id: 6 }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Add camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add camera' });
    const token = within(dialog).getByLabelText(/^Auth token/);
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('autocomplete', 'new-password');

    await fill(user, dialog, /^Name/, 'Kiln camera');
    await chooseOption(user, /^Monitoring point/, 'Kiln stack 1', dialog);
    await fill(user, dialog, /^Provision ID/, 'PRV-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(token).toHaveAccessibleDescription(/This field is required/));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await fill(user, dialog, /^Auth token/, 'k3y-0f-camera-a1b2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(api, 'POST')).toEqual({
      name: 'Kiln camera',
      monitoringPointId: 7,
      provisionId: 'PRV-0042',
      viewerId: null,
      authToken: 'k3y-0f-camera-a1b2',
      status: 'ENABLED',
    });
  });

  it('says the camera limit is exhausted (CAMERA_LIMIT_EXHAUSTED) and saves nothing', async () => {
    const { user } = renderSection([], {
      'POST /api/tenants/21/cameras': () =>
        errorResponse(422, 'CAMERA_LIMIT_EXHAUSTED', 'Server text.', undefined, { limit: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add camera' });
    await fill(user, dialog, /^Name/, 'Kiln camera');
    await chooseOption(user, /^Monitoring point/, 'Kiln stack 1', dialog);
    await fill(user, dialog, /^Provision ID/, 'PRV-0042');
    await fill(user, dialog, /^Auth token/, 'k3y-0f-camera-a1b2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('dialog', { name: 'Camera limit reached' });
    expect(notice).toHaveTextContent(
      'You have exhausted your camera limit. Please upgrade your subscription or contact partner.',
    );
    expect(screen.queryByText('Camera added.')).not.toBeInTheDocument();
    // The form stays open with what was typed, to be saved once the plan allows it.
    expect(screen.getByRole('dialog', { name: 'Add camera' })).toBeInTheDocument();
  });

  it('opens an edit with the token field empty, and leaves the token out when it stays empty', async () => {
    const { user, api } = renderSection([kilnCamera], {
      'PUT /api/tenants/21/cameras/5': () =>
        jsonResponse({ ...kilnCamera, name: 'Kiln camera 2', version: 4 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Kiln camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit camera' });
    const token = within(dialog).getByLabelText(/^Auth token/);
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription('Leave empty to keep the current token (••••a1b2).');
    expect(within(dialog).getByLabelText(/^Provision ID/)).toHaveValue('PRV-0042');

    await fill(user, dialog, /^Name/, 'Kiln camera 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = bodyOf(api, 'PUT');
    expect(body).toEqual({
      name: 'Kiln camera 2',
      monitoringPointId: 7,
      provisionId: 'PRV-0042',
      viewerId: 'VIEW-7',
      status: 'ENABLED',
      version: 3,
    });
    expect(body).not.toHaveProperty('authToken');
  });

  it('sends a new token typed on an edit, and shows a provision id taken elsewhere on its field', async () => {
    const { user, api } = renderSection([kilnCamera], {
      'PUT /api/tenants/21/cameras/5': () =>
        errorResponse(409, 'CAMERA_EXISTS', 'This provision ID is already used by another camera.', [
          {
            path: 'provisionId',
            message: 'This provision ID is already used by another camera.',
            code: 'FIELD_TAKEN',
          },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Kiln camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit camera' });
    await fill(user, dialog, /^Auth token/, 'a-brand-new-token-c3f7');
    await user.click(within(dialog).getByRole('switch', { name: 'Camera enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Provision ID/)).toHaveAccessibleDescription(
        'This provision ID is already used by another camera.',
      ),
    );
    expect(within(dialog).getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(api, 'PUT')).toMatchObject({ authToken: 'a-brand-new-token-c3f7', status: 'DISABLED' });
  });

  it('deletes a camera after confirming, at the version shown', async () => {
    const items = [kilnCamera];
    const { user, api } = renderSection(items, {
      'DELETE /api/tenants/21/cameras/5': () => jsonResponse({ ...items.pop()!, version: 4 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Kiln camera' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Delete the camera "Kiln camera"\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toContain('version=3');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kiln camera/ })).not.toBeInTheDocument());
  });
});
