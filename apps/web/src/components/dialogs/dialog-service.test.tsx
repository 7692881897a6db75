import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DialogHost } from './dialog-host';
import { dialogs } from './dialog-service';

function renderHost() {
  return renderWithProviders(<DialogHost />);
}

describe('dialogs', () => {
  it('confirm shows the default text and resolves true when confirmed', async () => {
    const { user } = renderHost();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.confirm();
    });

    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Confirmation required.');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('confirm resolves false on cancel', async () => {
    const { user } = renderHost();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = dialogs.confirm({
        message: 'Do you really want to Disable this industry?',
        destructive: true,
      });
    });

    expect(await screen.findByText('Do you really want to Disable this industry?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('is keyboard operable: the confirm button has focus, Enter confirms and Escape cancels', async () => {
    const { user } = renderHost();
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = dialogs.confirm('Apply the coupon?');
    });
    const confirmButton = await screen.findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirmButton).toHaveFocus());
    await user.keyboard('{Enter}');
    await expect(first).resolves.toBe(true);

    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = dialogs.confirm('Remove the coupon?');
    });
    await screen.findByText('Remove the coupon?');
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('error and notify show their default texts and resolve when dismissed', async () => {
    const { user } = renderHost();
    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = dialogs.error();
    });
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'An unknown error has occurred.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();

    act(() => {
      closed = dialogs.notify();
    });
    expect(await screen.findByRole('dialog', { name: 'Notification' })).toHaveTextContent(
      'Unknown application notification.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();
  });

  it('wait cannot be dismissed by the user and closes programmatically', async () => {
    const { user } = renderHost();
    let handle: ReturnType<typeof dialogs.wait> | undefined;
    act(() => {
      handle = dialogs.wait();
    });

    const dialog = await screen.findByRole('dialog', { name: 'Please wait' });
    expect(dialog).toHaveTextContent('Waiting on operation to complete.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();

    act(() => handle?.close());
    await expect(handle?.closed).resolves.toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
