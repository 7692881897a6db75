export { ConfirmDeleteButton, type ConfirmDeleteButtonProps } from './confirm-delete-button';
export {
  parseListQuery,
  readListQuery,
  useListState,
  writeListQuery,
  type ListState,
  type ListStateChange,
  type ListStateOptions,
} from './use-list-state';
export {
  downloadExport,
  ExportCsvButton,
  exportQueryOf,
  type ExportCsvButtonProps,
} from './export-csv-button';
export { useLastPageWhenPastEnd, type PagedAnswer } from './use-last-page';
export { ListResult, type ListResultProps, type ListResultQuery } from './list-result';
export { ListPager, type ListPagerQuery } from './list-pager';
