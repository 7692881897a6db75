import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfileChangePasswordDialog } from './profile-change-password-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

/** The error text linked to an input through aria-describedby. */
function getFieldError(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ProfileChangePasswordDialog userId={7} opened onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  return { ...view, onClose, dialog };
}

describe('ProfileChangePasswordDialog', () => {
  it('shows "Passwords do not match" and sends nothing when the confirmation differs', async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^New password/), 'Secret#123');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Secret#124');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    const confirmInput = within(dialog).getByLabelText(/^Confirm password/);
    await waitFor(() => expect(confirmInput).toHaveAttribute('aria-invalid', 'true'));
    expect(getFieldError(confirmInput)).toBe('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a password that breaks the policy and sends nothing', async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^New password/), 'secret');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    const input = within(dialog).getByLabelText(/^New password/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(getFieldError(input)).toBe('Password must be 8 to 15 characters long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ticks off the five rules as the user types', async () => {
    const { user, dialog } = renderDialog();
    const rules = within(dialog).getAllByRole('listitem');
    expect(rules).toHaveLength(5);
    expect(rules.every((rule) => rule.getAttribute('data-met') === 'false')).toBe(true);

    await user.type(within(dialog).getByLabelText(/^New password/), 'Ab1');
    const met = within(dialog)
      .getAllByRole('listitem')
      .filter((rule) => rule.getAttribute('data-met') === 'true')
      .map((rule) => rule.getAttribute('data-rule'));
    expect(met).toEqual(['capital', 'small', 'digit']);

    await user.type(within(dialog).getByLabelText(/^New password/), 'cdef#g');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .every((rule) => rule.getAttribute('data-met') === 'true'),
    ).toBe(true);
  });

  it('changes the password and reports success', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Old#Secret1');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Secret#123');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Secret#123');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/7/password/update');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ currentPassword: 'Old#Secret1', password: 'Secret#123' }));
    expect(await screen.findByText('Change password successfully.')).toBeInTheDocument();
  });

  it('reports a failure and shows the server’s reason under the field', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(400, 'VALIDATION_FAILED', 'Invalid request.', [
        { path: 'password', message: 'Password must contain at least one special character' },
      ]),
    );
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Old#Secret1');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Secret#123');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Secret#123');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Error in change password.')).toBeInTheDocument();
    const input = within(dialog).getByLabelText(/^New password/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(getFieldError(input)).toBe('Password must contain at least one special character');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the current password, and shows a wrong one under its field', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(400, 'VALIDATION_FAILED', 'Invalid request.', [
        { path: 'currentPassword', message: 'Server text.', code: 'FIELD_INCORRECT' },
      ]),
    );
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^New password/), 'Secret#123');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Secret#123');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    const current = within(dialog).getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(getFieldError(current)).toBe('Enter your current password.');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(current, 'Not#Mine12');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(getFieldError(current)).toBe('This is not your current password.'));
  });
});
