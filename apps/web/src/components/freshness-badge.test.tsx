import { act, screen } from '@testing-library/react';
import { getDataFreshness } from '@vayu/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { renderWithProviders } from '../test/render';
import { FreshnessBadge } from './freshness-badge';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

afterEach(() => vi.useRealTimers());

function renderBadge(lastDataAt: string | null) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  // The status comes from the server; here it is worked out by the same domain rule.
  const freshness = getDataFreshness(lastDataAt === null ? null : Date.parse(lastDataAt), NOW);
  return renderWithProviders(<FreshnessBadge freshness={freshness} lastDataAt={lastDataAt} />);
}

describe('FreshnessBadge', () => {
  it('says LIVE in green under 4 hours, with the last data time in its name and tooltip', async () => {
    const { user } = renderBadge(hoursAgo(3));
    const badge = screen.getByRole('img');
    expect(badge).toHaveTextContent('Live');
    expect(badge).toHaveAttribute('data-freshness', 'LIVE');
    expect(badge).toHaveAccessibleName(/^Live\. Last data 3 hours ago \(Nov 27, 2026 \d{1,2}:00 [AP]M\)$/);
    expect(badge.style.getPropertyValue('--badge-color')).toContain('green');
    await user.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Last data 3 hours ago \(Nov 27, 2026/);
  });

  it('says DELAYED in orange from 4 to 8 hours inclusive', () => {
    renderBadge(hoursAgo(8));
    const badge = screen.getByRole('img');
    expect(badge).toHaveTextContent('Delayed');
    expect(badge).toHaveAccessibleName(/^Delayed\. Last data 8 hours ago/);
    expect(badge.style.getPropertyValue('--badge-color')).toContain('orange');
  });

  it('says OFFLINE in red beyond 8 hours, and in grey with "No data yet" when nothing ever came', () => {
    const { unmount } = renderBadge(hoursAgo(9));
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Offline\. Last data 9 hours ago/);
    expect(screen.getByRole('img').style.getPropertyValue('--badge-color')).toContain('red');
    unmount();

    renderBadge(null);
    const badge = screen.getByRole('img');
    expect(badge).toHaveTextContent('Offline');
    expect(badge).toHaveAccessibleName('Offline. No data yet');
    expect(badge.style.getPropertyValue('--badge-color')).toContain('gray');
  });

  it('speaks Hindi when the console does', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderBadge(hoursAgo(2));
    const badge = screen.getByRole('img');
    expect(badge).toHaveTextContent('लाइव');
    expect(badge).toHaveAccessibleName(/^लाइव\. अंतिम डेटा 2 घंटे पहले/);
  });
});
