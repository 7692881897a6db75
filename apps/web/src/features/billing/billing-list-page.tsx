import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@vayu/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { useLastPageWhenPastEnd, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import { useIndustryName } from './api';

/**
 * The frame of the invoice and payment lists: title, a status filter and the
 * industry filter (not for an industry's own users), the table with its
 * empty, error and refreshing states, and the server's pager. A page past the
 * end (an old link, or rows that went away) shows the last page instead.
 */
export function BillingListPage<T>(props: {
  title: string;
  intro: string;
  status: {
    label: string;
    options: { value: string; label: string }[];
    value: string | undefined;
    onChange: (value: string | null) => void;
  };
  /** The industry filter's value; `null` hides the filter (an industry's own users). */
  tenantId: number | undefined | null;
  onTenantChange: (tenantId: number | undefined) => void;
  isFiltered: boolean;
  onClear: () => void;
  query: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  columns: DataTableColumn<T>[];
  getRowKey: (row: T) => number;
  minWidth: number;
  texts: {
    listError: string;
    noMatch: string;
    empty: string;
    caption: (range: { from: number; to: number; total: string }) => string;
  };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { query, page, onPage } = props;
  const { data } = query;
  useDocumentTitle(`${props.title} · ${t('common.appName')}`);
  const industryName = useIndustryName(props.tenantId ?? undefined);

  useLastPageWhenPastEnd(query, page, onPage);

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (page - 1) * (data?.pageSize ?? 20) + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{props.title}</Title>
        <Text c="dimmed" size="sm">
          {props.intro}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={props.status.label}
            data={[{ value: '', label: t('billing.allStatuses') }, ...props.status.options]}
            value={props.status.value ?? ''}
            onChange={props.status.onChange}
            allowDeselect={false}
            w={200}
          />
          {props.tenantId !== null && (
            <IndustrySearchSelect
              value={props.tenantId}
              onChange={props.onTenantChange}
              valueLabel={industryName.data}
              width={340}
              texts={{
                label: t('billing.industry'),
                placeholder: t('billing.allIndustries'),
                hint: t('billing.industrySearchHint'),
                nothingFound: t('billing.industryNothingFound'),
                searchError: t('billing.industrySearchError'),
              }}
            />
          )}
          {props.isFiltered && (
            <Button variant="subtle" onClick={props.onClear}>
              {t('billing.clearFilters')}
            </Button>
          )}
        </Group>
      </Paper>

      <ListResult
        query={query}
        rows={rows}
        errorTitle={props.texts.listError}
        empty={props.isFiltered ? props.texts.noMatch : props.texts.empty}
      >
        <DataTable
          columns={props.columns}
          rows={rows}
          getRowKey={props.getRowKey}
          caption={props.texts.caption({ from, to, total: formatTotal(data) })}
          minWidth={props.minWidth}
          isRefreshing={query.isPlaceholderData}
        />
      </ListResult>

      {data && (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          total={data}
          disabled={query.isFetching}
          onChange={onPage}
        />
      )}

      {props.children}
    </Stack>
  );
}
