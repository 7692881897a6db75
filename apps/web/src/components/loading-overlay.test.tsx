import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderOverlay(visible: boolean) {
  return render(
    <MantineProvider>
      <LoadingOverlay visible={visible} />
    </MantineProvider>,
  );
}

describe('LoadingOverlay', () => {
  it('stays hidden for work that finishes within 250 ms', () => {
    const { rerender } = renderOverlay(true);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(
      <MantineProvider>
        <LoadingOverlay visible={false} />
      </MantineProvider>,
    );
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "Loading ..." as a live status once work lasts longer than 250 ms, and goes when it ends', () => {
    const { rerender } = renderOverlay(true);
    act(() => vi.advanceTimersByTime(260));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading ...');
    expect(status).toHaveAttribute('aria-live', 'polite');

    rerender(
      <MantineProvider>
        <LoadingOverlay visible={false} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
