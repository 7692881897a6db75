import { screen, waitFor, within } from '@testing-library/react';
import type { EdgeClientDetail, EdgeKey } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EdgeClientEditDialog } from './edge-client-edit-dialog';
import { EdgeClientViewDialog } from './edge-client-view-dialog';

const liveKey: EdgeKey = {
  id: 41,
  hint: '••••a1b2',
  createdAt: '2026-11-20T05:00:00.000Z',
  createdBy: 'Asha Rao',
  lastUsedAt: '2026-11-21T06:30:00.000Z',
  revokedAt: null,
  revokedBy: null,
};

const gateway: EdgeClientDetail = {
  id: 9,
  emailId: 'stack-gateway@deccancement.example',
  tenant: { id: 21, name: 'Deccan Cement Works' },
  keyAllowed: 2,
  keyUsed: 1,
  version: 3,
  createdAt: '2026-11-20T04:00:00.000Z',
  updatedAt: '2026-11-20T05:00:00.000Z',
  keys: [liveKey],
};

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers) {
  const api = createApiMock({ 'GET /api/getEdgeDetails/9': () => jsonResponse(gateway), ...handlers });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

const posted = (api: ReturnType<typeof stubApi>, path: string) =>
  api.calls.filter((call) => call.method === 'POST' && call.url.startsWith(path));

describe('EdgeClientEditDialog', () => {
  it('says "Email already exist" on the e-mail when another client has it', async () => {
    const api = stubApi({
      'POST /api/updateEdgeClient': () =>
        errorResponse(409, 'EDGE_CLIENT_EXISTS', 'Email already exist', [
          { path: 'emailId', message: 'Email already exist', code: 'FIELD_TAKEN' },
        ]),
    });
    const { user } = renderWithProviders(<EdgeClientEditDialog client={gateway} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit edge client' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await user.clear(email);
    await user.type(email, 'ETP-Gateway@deccancement.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Email already exist/));
    expect(JSON.parse(String(posted(api, '/api/updateEdgeClient')[0]!.init.body))).toEqual({
      id: 9,
      emailId: 'etp-gateway@deccancement.example',
      keyAllowed: 2,
      version: 3,
    });
  });

  it('says on the keys allowed how many keys are in use when the new number is below them', async () => {
    stubApi({
      'POST /api/updateEdgeClient': () =>
        errorResponse(
          422,
          'EDGE_KEY_LIMIT',
          'Keys allowed cannot be fewer than the keys this client already uses',
          [{ path: 'keyAllowed', message: 'Keys allowed cannot be fewer', code: 'FIELD_RULE' }],
          { keyUsed: 2 },
        ),
    });
    const { user } = renderWithProviders(<EdgeClientEditDialog client={gateway} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit edge client' });
    const keys = within(dialog).getByRole('textbox', { name: /^Keys allowed/ });
    await user.clear(keys);
    await user.type(keys, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(keys).toHaveAccessibleDescription(
        /It uses 2 keys now: allow at least 2, or revoke keys first\./,
      ),
    );
  });
});

describe('EdgeClientViewDialog', () => {
  it('shows a new key once, with the warning and a copy button, and never again after it is closed', async () => {
    const token = 'vek_Q2hhbmRyYXB1ci1raWxuLXN0YWNrLWdhdGV3YXktMDE0Zk9';
    const issuedKey: EdgeKey = { ...liveKey, id: 42, hint: '••••4Zk9', lastUsedAt: null };
    const issued: EdgeClientDetail = { ...gateway, keyUsed: 2, keys: [issuedKey, liveKey] };
    // As the server: once the key is issued, the client is read back with it.
    let stored = gateway;
    const api = stubApi({
      'GET /api/getEdgeDetails/9': () => jsonResponse(stored),
      'POST /api/getEdgeClientToken': () => {
        stored = issued;
        return jsonResponse({ token, key: issuedKey, client: issued }, 201);
      },
    });
    const { user } = renderWithProviders(<EdgeClientViewDialog clientId={9} canWrite onClose={vi.fn()} />);
    const view = await screen.findByRole('dialog', { name: 'Edge client' });
    expect(await within(view).findByText('••••a1b2')).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Generate key' }));

    const shown = await screen.findByRole('dialog', { name: 'New key' });
    expect(within(shown).getByText(token)).toBeInTheDocument();
    expect(within(shown).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(JSON.parse(String(posted(api, '/api/getEdgeClientToken')[0]!.init.body))).toEqual({
      clientTokenId: 9,
    });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    const back = await screen.findByRole('dialog', { name: 'Edge client' });
    expect(await within(back).findByText('••••4Zk9')).toBeInTheDocument();
    // All allowed keys are in use now: no more are offered.
    expect(within(back).getByRole('button', { name: 'Generate key' })).toBeDisabled();
    expect(screen.queryByText(token)).not.toBeInTheDocument();
  });

  it('revokes a key only after the person confirms', async () => {
    const revokedKey: EdgeKey = { ...liveKey, revokedAt: '2026-11-22T05:00:00.000Z', revokedBy: 'Asha Rao' };
    const api = stubApi({
      'DELETE /api/edgeClients/9/keys/41': () => jsonResponse({ ...gateway, keyUsed: 0, keys: [revokedKey] }),
    });
    const { user } = renderWithProviders(
      <>
        <EdgeClientViewDialog clientId={9} canWrite onClose={vi.fn()} />
        <DialogHost />
      </>,
    );
    const view = await screen.findByRole('dialog', { name: 'Edge client' });
    await user.click(await within(view).findByRole('button', { name: 'Revoke key ••••a1b2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Revoke the key ••••a1b2?');
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(await within(view).findByText('Revoked')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: /^Revoke key/ })).not.toBeInTheDocument();
  });

  it('shows a read-only client without the key actions', async () => {
    stubApi({});
    renderWithProviders(<EdgeClientViewDialog clientId={9} canWrite={false} onClose={vi.fn()} />);
    const view = await screen.findByRole('dialog', { name: 'Edge client' });
    expect(
      await within(view).findByText('You can look at this client but not change it.'),
    ).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Generate key' })).not.toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });
});
