import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLastPageWhenPastEnd, type PagedAnswer } from './use-last-page';

function run(answer: PagedAnswer, page: number) {
  const setPage = vi.fn();
  renderHook(() => useLastPageWhenPastEnd(answer, page, setPage));
  return setPage;
}

describe('useLastPageWhenPastEnd', () => {
  it('goes to the last page when the page asked for is past it', () => {
    expect(run({ data: { pageCount: 3 }, isPlaceholderData: false }, 7)).toHaveBeenCalledWith(3);
  });

  it('waits for the answer of the page asked for (the previous page is still shown)', () => {
    expect(run({ data: { pageCount: 3 }, isPlaceholderData: true }, 7)).not.toHaveBeenCalled();
  });

  it('stays on a page within the list, and on page 1 of an empty list or before any answer', () => {
    expect(run({ data: { pageCount: 3 }, isPlaceholderData: false }, 3)).not.toHaveBeenCalled();
    expect(run({ data: { pageCount: 0 }, isPlaceholderData: false }, 1)).not.toHaveBeenCalled();
    expect(run({ data: undefined, isPlaceholderData: false }, 4)).not.toHaveBeenCalled();
  });
});
