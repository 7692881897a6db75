import { useEffect } from 'react';

/** A list's answer as far as its pages go (a React Query result of a page). */
export interface PagedAnswer {
  data?: { pageCount: number } | undefined;
  isPlaceholderData: boolean;
}

/**
 * A page past the end of a list (an old link, a bookmark, or rows that went
 * away meanwhile) shows the last page instead, once the answer for the page
 * asked for has come.
 */
export function useLastPageWhenPastEnd(answer: PagedAnswer, page: number, setPage: (page: number) => void) {
  const pageCount = answer.data?.pageCount;
  const settled = !answer.isPlaceholderData;
  useEffect(() => {
    if (settled && pageCount !== undefined && pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [settled, pageCount, page, setPage]);
}
