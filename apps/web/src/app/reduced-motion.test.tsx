import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from './theme';

/** window.matchMedia answering `prefers-reduced-motion: reduce` as the person's system does. */
function prefersReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** A page with a dialog, opened after the page is drawn (as a click opens it). */
function renderDialog() {
  const page = (opened: boolean) => (
    <MantineProvider theme={theme}>
      <Modal opened={opened} onClose={() => undefined} title="Edit billing address">
        Address
      </Modal>
    </MantineProvider>
  );
  const { rerender } = render(page(false));
  rerender(page(true));
}

const dialog = () => screen.queryByRole('dialog', { name: 'Edit billing address' });

describe('motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a dialog at once, without its fade, to a person who asked the system for less motion', () => {
    prefersReducedMotion(true);
    renderDialog();
    expect(dialog()).toBeInTheDocument();
    expect(dialog()!.style.transitionDuration).toBe('');
  });

  it('fades a dialog in otherwise', async () => {
    prefersReducedMotion(false);
    renderDialog();
    expect(dialog()).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Edit billing address' })).toBeInTheDocument();
  });
});
