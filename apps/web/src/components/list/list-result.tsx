import type { ReactNode } from 'react';
import { DataTableEmpty, DataTableError } from '../data-table';

/** What `ListResult` reads of a list's query (a react-query result). */
export interface ListResultQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export interface ListResultProps {
  query: ListResultQuery;
  /** The rows the query answered; undefined until it first answers. */
  rows: readonly unknown[] | undefined;
  /** The title of the error ("The industries could not be loaded"). */
  errorTitle: string;
  /** What the list says when it has no rows: none at all, or none matching the filters. */
  empty: ReactNode;
  /** The table (which shows its loading rows until the first answer) and the pager. */
  children: ReactNode;
}

/**
 * The part of a list below its filters, the same on every list:
 *
 * - nothing read and the request failed: the error with a Retry button, in place of the table;
 * - rows read and a later request failed (a refresh, a retry): the error above the rows, which
 *   stay as they were read;
 * - no rows (the list's own answer, not the previous page shown while the next one loads): the
 *   empty state;
 * - otherwise the table and its pager.
 */
export function ListResult({ query, rows, errorTitle, empty, children }: ListResultProps) {
  const error = query.isError ? <DataTableError title={errorTitle} query={query} /> : null;
  if (error && rows === undefined) return error;
  if (rows && rows.length === 0 && !query.isPlaceholderData) {
    return (
      <>
        {error}
        <DataTableEmpty>{empty}</DataTableEmpty>
      </>
    );
  }
  return (
    <>
      {error}
      {children}
    </>
  );
}
