import { screen, waitFor, within } from '@testing-library/react';
import { CONFLICT_MESSAGE, type UserSummary } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserEditDialog } from './users-edit-dialog';

const user: UserSummary = {
  id: 41,
  name: 'Ravi Kumar',
  userName: 'ravi@acme.example',
  phone: '919876543210',
  role: 'user',
  status: 'ENABLED',
  userType: 'tenant',
  accountId: 12,
  accountName: 'Acme Cement',
  isPrimary: false,
  activationAwaited: false,
  lastLoginAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  version: 3,
};

function renderDialog(handlers: Parameters<typeof createApiMock>[0]) {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const onClose = vi.fn();
  const view = renderWithProviders(<UserEditDialog opened user={user} onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'Edit User' }) };
}

describe('UserEditDialog', () => {
  it('shows the number after +91, sends name, e-mail, phone and version but no role', async () => {
    const {
      user: person,
      dialog,
      api,
      onClose,
    } = renderDialog({
      'PUT /api/users/41': () => jsonResponse({ ...user, name: 'Ravi K', version: 4 }),
    });
    expect(within(dialog).getByPlaceholderText('Enter Phone no.')).toHaveValue('98765 43210');
    expect(within(dialog).getByRole('textbox', { name: 'Country code' })).toHaveValue('India +91');
    expect(within(dialog).queryByRole('textbox', { name: 'Role' })).not.toBeInTheDocument();

    const name = within(dialog).getByPlaceholderText('Enter Name');
    await person.clear(name);
    await person.type(name, 'Ravi K');
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Updated Successfully.')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toEqual({
      name: 'Ravi K',
      email: 'ravi@acme.example',
      phone: '919876543210',
      version: 3,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when someone else saved first and reloads the latest version', async () => {
    const {
      user: person,
      dialog,
      api,
    } = renderDialog({
      'PUT /api/users/41': () => errorResponse(409, 'STALE_VERSION', 'Some other server text.'),
      'GET /api/tenant/users/12': () => jsonResponse([{ ...user, name: 'Ravi Kumar Sr', version: 4 }]),
    });
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByPlaceholderText('Enter Name')).toHaveValue('Ravi Kumar Sr'),
    );
    expect(within(dialog).queryByText(CONFLICT_MESSAGE)).not.toBeInTheDocument();

    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(api.calls.at(-1)?.init.body))).toMatchObject({ version: 4 });
  });

  it('shows a taken e-mail under the field, not as a conflict', async () => {
    const { user: person, dialog } = renderDialog({
      'PUT /api/users/41': () => errorResponse(409, 'EMAIL_EXISTS', 'Some other server text.'),
    });
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));

    const email = within(dialog).getByPlaceholderText('Enter E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('This e-mail is already used by another user.')).toBeInTheDocument();
    expect(within(dialog).queryByText(CONFLICT_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText('Error Editing User.')).not.toBeInTheDocument();
  });

  it('says "Error Editing User." when the save fails', async () => {
    const { user: person, dialog } = renderDialog({
      'PUT /api/users/41': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error Editing User.')).toBeInTheDocument();
  });
});
