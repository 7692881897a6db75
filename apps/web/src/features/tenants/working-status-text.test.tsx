import { act, render, screen } from '@testing-library/react';
import { WORKING_STATUSES } from '@vayu/domain';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { WorkingStatusText } from './working-status-text';

function renderStatus(value: string | null) {
  return render(
    <I18nextProvider i18n={i18n}>
      <output data-testid="status">
        <WorkingStatusText value={value} />
      </output>
    </I18nextProvider>,
  );
}

describe('WorkingStatusText', () => {
  it.each([
    ['en', 'Under Maintenance'],
    ['hi', 'रखरखाव में'],
  ])('shows UNDER_MAINTENANCE in words (%s)', async (language, label) => {
    await act(() => i18n.changeLanguage(language));
    renderStatus('UNDER_MAINTENANCE');
    expect(screen.getByTestId('status')).toHaveTextContent(label);
    expect(screen.getByTestId('status')).not.toHaveTextContent('UNDER_MAINTENANCE');
  });

  it.each(['en', 'hi'])('has a label in words for every working status (%s)', (language) => {
    const t = i18n.getFixedT(language);
    for (const status of WORKING_STATUSES) {
      const label = t(`tenants.workingStatuses.${status}`);
      expect(label, status).not.toBe(`tenants.workingStatuses.${status}`);
      expect(label, status).not.toMatch(/_/);
    }
  });

  it('shows a value outside the list as stored and an empty one as not set', () => {
    const { unmount } = renderStatus('Running on generator');
    expect(screen.getByTestId('status')).toHaveTextContent('Running on generator');
    unmount();
    renderStatus(null);
    expect(screen.getByTestId('status')).toHaveTextContent(i18n.t('common.notSet'));
  });
});
