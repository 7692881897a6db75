/**
 * CSV exports of the lists. Each takes exactly its list's filters (the list's
 * query without paging, defined beside the list's query) and sees what the
 * list sees; the whole match is streamed, however many rows it has. Each
 * export's endpoint is defined beside its list's, so that a list screen loads
 * no other area's schemas for its export button.
 */

/** The media type of every export: UTF-8 text with a byte order mark, so that spreadsheets read it as such. */
export const CSV_MEDIA_TYPE = 'text/csv';

/** What every export endpoint answers. */
export const EXPORT_DESCRIPTION =
  'A CSV file (UTF-8 with a byte order mark, a header row of English column names), streamed: every row the list matches with these filters, in the list’s order, without paging. Who may export is who may read the list, and the rows are those the list would show them.';
