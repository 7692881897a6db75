import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { formatNumber, formatTotal } from '../i18n';
import { Pagination } from './pagination';

function renderPager(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onChange = vi.fn();
  const view = renderWithProviders(<Pagination page={1} pageCount={5} onChange={onChange} {...props} />);
  return { ...view, onChange };
}

describe('Pagination', () => {
  it('is hidden when there is only one page', () => {
    renderPager({ pageCount: 1 });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows every page when they fit, and marks the current one', () => {
    renderPager({ page: 3, pageCount: 5 });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    for (const page of [1, 2, 3, 4, 5]) {
      expect(within(nav).getByRole('button', { name: `Page ${page}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('…')).not.toBeInTheDocument();
  });

  it('shows ellipses for many pages and keeps the first and last page reachable', () => {
    renderPager({ page: 10, pageCount: 20 });
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 20' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
    // Default maximum of 9 links, ellipses included.
    const pageButtons = screen.getAllByRole('button', { name: /^Page \d+$/ });
    expect(pageButtons.length + screen.getAllByText('…').length).toBe(9);
  });

  it('clamps the number of links to the allowed range', () => {
    renderPager({ page: 1, pageCount: 50, maxLinks: 50 });
    const links =
      screen.getAllByRole('button', { name: /^Page \d+$/ }).length + screen.getAllByText('…').length;
    expect(links).toBe(10);
  });

  it('has no first/last buttons by default and shows them when enabled', () => {
    const { unmount } = renderPager({ page: 2 });
    expect(screen.queryByRole('button', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Last page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    unmount();

    renderPager({ page: 2, showFirstLast: true });
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('disables previous (and first) on page 1 and next (and last) on the last page', () => {
    const { unmount } = renderPager({ page: 1, showFirstLast: true });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    unmount();

    renderPager({ page: 5, showFirstLast: true });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('calls onChange with the chosen page', async () => {
    const { user, onChange } = renderPager({ page: 3, pageCount: 20, showFirstLast: true });
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    // The current page is not a change.
    onChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is operable with the keyboard', async () => {
    const { user, onChange } = renderPager({ page: 1, pageCount: 3 });
    screen.getByRole('button', { name: 'Page 2' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(2);
  });

  describe('go to page', () => {
    it('goes to a valid page typed in', async () => {
      const { user, onChange } = renderPager({ page: 1, pageCount: 12, showGoTo: true });
      await user.type(screen.getByRole('textbox', { name: 'Go to page' }), '7{Enter}');
      expect(onChange).toHaveBeenCalledWith(7);
    });

    it.each(['0', '13', 'abc', '2.5', '-1'])(
      'rejects %s with an error and does not navigate',
      async (value) => {
        const { user, onChange } = renderPager({ page: 1, pageCount: 12, showGoTo: true });
        const input = screen.getByRole('textbox', { name: 'Go to page' });
        await user.type(input, value);
        await user.click(screen.getByRole('button', { name: 'Go' }));
        expect(onChange).not.toHaveBeenCalled();
        expect(screen.getByText('Enter a page number from 1 to 12')).toBeInTheDocument();
        expect(input).toHaveAttribute('aria-invalid', 'true');
      },
    );
  });

  describe('a total that is not exact', () => {
    it('says "about" for an estimate and "more than" for a lower bound, and offers the next page', async () => {
      const { unmount } = renderPager({
        page: 1,
        pageCount: 10_889,
        total: { total: 98_000, totalKind: 'estimate' },
      });
      expect(screen.getByText('about 98,000 in all')).toBeInTheDocument();
      unmount();

      const { user, onChange } = renderPager({
        page: 1,
        pageCount: 112,
        total: { total: 1001, totalKind: 'atLeast' },
      });
      expect(screen.getByText('more than 1,000 in all')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(onChange).toHaveBeenCalledWith(2);
    });

    it('says nothing more for an exact total', () => {
      renderPager({ page: 1, pageCount: 5, total: { total: 45, totalKind: 'exact' } });
      expect(screen.queryByText(/in all/)).not.toBeInTheDocument();
    });

    it('words the total in Hindi', () => {
      expect(formatTotal({ total: 98_000, totalKind: 'estimate' }, 'hi')).toBe('लगभग 98,000');
      expect(formatTotal({ total: 1001, totalKind: 'atLeast' }, 'hi')).toBe('1,000 से अधिक');
      expect(formatTotal({ total: 1_00_000, totalKind: 'exact' }, 'en')).toBe('1,00,000');
    });

    it('groups whole numbers as Intl does for India, in both languages', () => {
      const values = [0, 7, 999, 1000, -1000, 12_345, 98_000, 1_00_000, 12_34_567, 98_76_54_321, -45_67_890];
      for (const language of ['en', 'hi'] as const) {
        const intl = new Intl.NumberFormat(language === 'en' ? 'en-IN' : 'hi-IN');
        for (const value of values) expect(formatNumber(value, language)).toBe(intl.format(value));
      }
      expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    });
  });
});
