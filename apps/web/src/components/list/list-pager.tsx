import type { TotalKind } from '@vayu/domain';
import { Pagination } from '../pagination';

/** What `ListPager` reads of a paged list's query (a react-query result). */
export interface ListPagerQuery {
  data?: { page: number; pageCount: number; total: number; totalKind: TotalKind } | undefined;
  isPlaceholderData: boolean;
}

/**
 * The pager under a paged list, from its query's answer: none before the first answer, the
 * answer's page and total after, and no page changes while the next page is loading.
 */
export function ListPager({ query, onChange }: { query: ListPagerQuery; onChange: (page: number) => void }) {
  const { data } = query;
  if (!data) return null;
  return (
    <Pagination
      page={data.page}
      pageCount={data.pageCount}
      total={data}
      onChange={onChange}
      disabled={query.isPlaceholderData}
    />
  );
}
