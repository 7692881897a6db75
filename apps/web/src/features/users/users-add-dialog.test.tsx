import { act, screen, waitFor, within } from '@testing-library/react';
import {
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNAVAILABLE_MESSAGE,
  USER_LIMIT_MESSAGE,
  type UserSummary,
} from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { i18n } from '../../i18n';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserAddDialog } from './users-add-dialog';

const created: UserSummary = {
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
  activationAwaited: true,
  lastLoginAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  version: 1,
};

function renderDialog(
  handler: Parameters<typeof createApiMock>[0][string],
  props: { primary?: boolean } = {},
) {
  const api = createApiMock({ 'POST /api/users': handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderWithProviders(
    <>
      <UserAddDialog opened accountId={12} onClose={onClose} onCreated={onCreated} primary={props.primary} />
      <DialogHost />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: props.primary ? 'Add Primary User' : 'Add New User' });
  return { ...view, api, onClose, onCreated, dialog };
}

async function fillForm(user: ReturnType<typeof renderDialog>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByPlaceholderText('Enter Name'), 'Ravi Kumar');
  await user.type(within(dialog).getByPlaceholderText('Enter E-mail'), 'ravi@acme.example');
  await user.type(within(dialog).getByPlaceholderText('Enter Phone no.'), '9876543210');
}

function sentBody(api: ReturnType<typeof createApiMock>) {
  const call = api.calls.find((item) => item.method === 'POST');
  return { url: call?.url, body: JSON.parse(String(call?.init.body)) as Record<string, unknown> };
}

describe('UserAddDialog', () => {
  it('defaults the role to User and sends the phone with its country code', async () => {
    const { user, dialog, api, onCreated, onClose } = renderDialog(() => jsonResponse(created, 201));
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toHaveValue('User');

    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const { url, body } = sentBody(api);
    expect(url).toBe('/api/users?accountId=12');
    expect(body).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@acme.example',
      phone: '919876543210',
      role: 'user',
    });
    expect(await screen.findByText('User Created Successfully.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the user-limit confirm on USER_LIMIT_EXHAUSTED and reports no success', async () => {
    const { user, dialog, onCreated } = renderDialog(() =>
      errorResponse(422, 'USER_LIMIT_EXHAUSTED', USER_LIMIT_MESSAGE, undefined, { limit: 2 }),
    );
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const confirm = await screen.findByRole('dialog', { name: 'User limit reached' });
    expect(confirm).toHaveTextContent(
      'You have exhausted your user limit. Please upgrade your subscription or contact partner.',
    );
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.queryByText('User Created Successfully.')).not.toBeInTheDocument();

    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'User limit reached' })).not.toBeInTheDocument(),
    );
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.queryByText('User Created Successfully.')).not.toBeInTheDocument();
  });

  it('shows a taken e-mail (EMAIL_EXISTS) under the e-mail field', async () => {
    const { user, dialog, onCreated } = renderDialog(() =>
      errorResponse(409, 'EMAIL_EXISTS', 'Some other server text.', undefined, {
        email: 'ravi@acme.example',
      }),
    );
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const email = within(dialog).getByPlaceholderText('Enter E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('This e-mail is already used by another user.')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('words another failure by its code, not by the server text', async () => {
    const { user, dialog, onCreated } = renderDialog(() =>
      errorResponse(403, 'FORBIDDEN', 'Some other server text.'),
    );
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    expect(within(dialog).queryByText('Some other server text.')).not.toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('shows server field details under their fields', async () => {
    const { user, dialog } = renderDialog(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Invalid request.', [
        { path: 'phone', message: 'Enter a 10-digit mobile number', code: 'FIELD_INVALID' },
      ]),
    );
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const phone = within(dialog).getByPlaceholderText('Enter Phone no.');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Enter a 10-digit mobile number')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a refused value the form has no field for, instead of "the marked fields"', async () => {
    const { user, dialog } = renderDialog(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Invalid request.', [
        { path: 'accountId', message: 'The account cannot take users', code: 'FIELD_RULE' },
      ]),
    );
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not saved. These values need attention but are not on this form: accountId: The account cannot take users',
    );
    expect(within(dialog).queryByText('Please correct the marked fields.')).not.toBeInTheDocument();
  });

  it('words the e-mail and user-limit refusals in Hindi', async () => {
    let answer = errorResponse(409, 'EMAIL_EXISTS', EMAIL_TAKEN_MESSAGE);
    const { user, dialog } = renderDialog(() => answer);
    await fillForm(user, dialog);
    await act(() => i18n.changeLanguage('hi'));
    await user.click(within(dialog).getByRole('button', { name: 'उपयोगकर्ता जोड़ें' }));
    expect(
      await within(dialog).findByText('यह ई-मेल पहले से किसी अन्य उपयोगकर्ता द्वारा उपयोग में है।'),
    ).toBeInTheDocument();

    answer = errorResponse(422, 'USER_LIMIT_EXHAUSTED', USER_LIMIT_MESSAGE, undefined, { limit: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'उपयोगकर्ता जोड़ें' }));
    const confirm = await screen.findByRole('dialog', { name: 'उपयोगकर्ता सीमा पूरी' });
    expect(confirm).toHaveTextContent(
      'आपकी उपयोगकर्ता सीमा समाप्त हो गई है। कृपया अपनी सदस्यता अपग्रेड करें या पार्टनर से संपर्क करें।',
    );
  });

  it('shows an e-mail that cannot be used under the e-mail field, in English and Hindi', async () => {
    const refusal = () =>
      errorResponse(400, 'VALIDATION_FAILED', EMAIL_UNAVAILABLE_MESSAGE, [
        { path: 'email', message: EMAIL_UNAVAILABLE_MESSAGE, code: 'FIELD_UNAVAILABLE' },
      ]);
    const { user, dialog } = renderDialog(refusal);
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    const email = within(dialog).getByPlaceholderText('Enter E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Cannot be used here. Please enter another.');

    await act(() => i18n.changeLanguage('hi'));
    await user.click(within(dialog).getByRole('button', { name: 'उपयोगकर्ता जोड़ें' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('यहाँ उपयोग नहीं किया जा सकता। कृपया कोई दूसरा दर्ज करें।'),
    );
  });

  it('checks the fields before sending anything', async () => {
    const { user, dialog, api } = renderDialog(() => jsonResponse(created, 201));
    await user.type(within(dialog).getByPlaceholderText('Enter Phone no.'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    await waitFor(() =>
      expect(within(dialog).getByPlaceholderText('Enter Name')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByText('Enter a 10-digit mobile number')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('adds a primary user as admin without a role choice', async () => {
    const { user, dialog, api } = renderDialog(
      () => jsonResponse({ ...created, role: 'admin', isPrimary: true }, 201),
      {
        primary: true,
      },
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Role' })).not.toBeInTheDocument();
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('Primary account user created successfully')).toBeInTheDocument();
    const { url, body } = sentBody(api);
    expect(url).toBe('/api/users?accountId=12&primary=true');
    expect(body.role).toBe('admin');
  });
});
