import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  type TableTdProps,
} from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../app/error-message';

export interface DataTableSort {
  direction: 'ascending' | 'descending' | 'none';
  onSort: () => void;
  /** The button's title, e.g. "Sort by Time". */
  title: string;
}

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  align?: 'right';
  /** Sorts the list on the server: the header carries `aria-sort` and a button (Enter and Space). */
  sort?: DataTableSort;
  /** Extra props of every body cell of the column, e.g. `fw` for the name column. */
  cellProps?: TableTdProps;
  render: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  /** `undefined` while the first page loads: skeleton rows, caption "Loading…". */
  rows: Row[] | undefined;
  getRowKey: (row: Row) => Key;
  /** The table's accessible name once rows are there. */
  caption: string;
  minWidth: number;
  /** Placeholder rows of the previous query are shown dimmed while the next one loads. */
  isRefreshing?: boolean;
  skeletonRows?: number;
}

/** The table of every list screen: bordered, scrolling sideways below `minWidth`. */
export function DataTable<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  minWidth,
  isRefreshing = false,
  skeletonRows = 5,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const isLoading = rows === undefined;

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isLoading || isRefreshing}>
          <Table.Caption>{isLoading ? t('common.loading') : caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column.sort ? (
                  <SortableHeader key={column.key} label={column.header} sort={column.sort} />
                ) : (
                  <Table.Th key={column.key} scope="col" ta={column.align}>
                    {column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={isRefreshing ? { opacity: 0.6 } : undefined}>
            {isLoading
              ? Array.from({ length: skeletonRows }, (_, row) => (
                  <Table.Tr key={row} aria-hidden>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((row) => (
                  <Table.Tr key={getRowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align} {...column.cellProps}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function SortableHeader({ label, sort }: { label: ReactNode; sort: DataTableSort }) {
  const isActive = sort.direction !== 'none';
  const arrow = sort.direction === 'ascending' ? '▲' : sort.direction === 'descending' ? '▼' : '↕';
  return (
    <Table.Th scope="col" aria-sort={sort.direction}>
      <UnstyledButton
        onClick={sort.onSort}
        title={sort.title}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={6} wrap="nowrap">
          <span>{label}</span>
          <span aria-hidden style={{ opacity: isActive ? 1 : 0.4 }}>
            {arrow}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A list that failed to load: the reason and a retry button. */
export function DataTableError({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{getErrorMessage(t, query.error)}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A list without rows (none at all, or none matching the filters). */
export function DataTableEmpty({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}
