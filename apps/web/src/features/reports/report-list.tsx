import { Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { isReportPending, REPORTS_PAGE_SIZE, type Report, type ReportStatus } from '@vayu/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useLastPageWhenPastEnd, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatNumber, formatTotal } from '../../i18n';
import { reportFileUrl, useReports, type ReportListScope } from './api';
import { ReportEmailDialog } from './report-email-dialog';
import { formatMoment, formatPeriod, reportsMessage } from './reports-text';

const STATUS_COLORS: Record<ReportStatus, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  DONE: 'green',
  FAILED: 'red',
};

export function ReportStatusCell({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={140}>
      <Badge color={STATUS_COLORS[report.status]} variant="light">
        {t(`reports.statuses.${report.status}`)}
      </Badge>
      {isReportPending(report.status) && (
        <Progress
          value={report.progress}
          size="sm"
          animated
          aria-label={t('reports.list.progress', { id: report.id })}
        />
      )}
      {report.error && (
        <Text size="xs" c={report.status === 'FAILED' ? 'red' : 'dimmed'}>
          {reportsMessage(t, report.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Reports, newest first, 20 a page on the server: each with its status and,
 * while it is being made, its progress (the list is asked again until every
 * report on it has finished); a finished one downloads as PDF or CSV and may
 * be mailed on.
 */
export function ReportList({
  scope,
  tenantId,
  page,
  onPage,
}: {
  scope: ReportListScope;
  /** One industry's reports; undefined: every industry the user sees. */
  tenantId: number | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useReports(scope, { page, ...(tenantId === undefined ? {} : { tenantId }) });
  const [mailing, setMailing] = useState<Report | null>(null);
  const { data } = query;

  useLastPageWhenPastEnd(query, page, onPage);

  const columns: DataTableColumn<Report>[] = [
    {
      key: 'requested',
      header: t('reports.list.requested'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (report) => (
        <Stack gap={0}>
          <Text size="sm">{formatMoment(report.createdAt)}</Text>
          <Text size="xs" c="dimmed">
            {report.scheduleId !== null || report.requestedBy === null
              ? t('reports.list.bySchedule')
              : report.requestedBy}
          </Text>
        </Stack>
      ),
    },
    ...(tenantId === undefined
      ? [{ key: 'industry', header: t('reports.industry'), render: (report: Report) => report.tenantName }]
      : []),
    {
      key: 'point',
      header: t('reports.list.point'),
      cellProps: { fw: 500 },
      render: (report) => report.monitoringPointName,
    },
    {
      key: 'parameters',
      header: t('reports.list.parameters'),
      render: (report) => report.parameters.map((parameter) => parameter.label).join(', '),
    },
    {
      key: 'period',
      header: t('reports.list.period'),
      render: (report) => (
        <Stack gap={0}>
          <Text size="sm">{formatPeriod(report.from, report.to)}</Text>
          <Text size="xs" c="dimmed">
            {t(`reports.resolutions.${report.resolution}`)}
            {report.rowCount !== null &&
              ` · ${t('reports.list.rows', { number: formatNumber(report.rowCount) })}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('reports.list.status'),
      render: (report) => <ReportStatusCell report={report} />,
    },
    {
      key: 'actions',
      header: t('reports.list.actions'),
      render: (report) => (
        <Group gap="xs" wrap="nowrap">
          {report.status === 'DONE' && (
            <>
              <Button
                size="compact-sm"
                variant="default"
                component="a"
                href={reportFileUrl(report.id, 'pdf')}
                download
                aria-label={t('reports.list.pdfNamed', { id: report.id })}
              >
                {t('reports.list.pdf')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                component="a"
                href={reportFileUrl(report.id, 'csv')}
                download
                aria-label={t('reports.list.csvNamed', { id: report.id })}
              >
                {t('reports.list.csv')}
              </Button>
            </>
          )}
          {report.status !== 'FAILED' && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setMailing(report)}
              aria-label={t('reports.list.emailNamed', { id: report.id })}
            >
              {t('reports.list.email')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (page - 1) * REPORTS_PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('reports.list.title')}
      </Title>
      <ListResult
        query={query}
        rows={rows}
        errorTitle={t('reports.list.listError')}
        empty={t('reports.list.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(report) => report.id}
          caption={t('reports.list.caption', { from, to, total: formatTotal(data) })}
          minWidth={tenantId === undefined ? 1080 : 940}
          isRefreshing={query.isPlaceholderData}
        />
      </ListResult>
      {data && (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          total={data}
          disabled={query.isFetching && query.isPlaceholderData}
          onChange={onPage}
        />
      )}
      <ReportEmailDialog report={mailing} onClose={() => setMailing(null)} />
    </Stack>
  );
}
