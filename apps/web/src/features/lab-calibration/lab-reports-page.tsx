import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ACCOUNT_ADMINS, isAccessAllowed, type LabReport } from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import { contentTypeLabel, formatDay, formatFileSize, formatMoment } from './lab-format';
import { downloadLabReport, useDeleteLabReport, useLabReports, useMonitoringPoints } from './api';
import { LabIndustryPicker } from './lab-industry-picker';
import { LabReportUploadDialog } from './lab-report-upload-dialog';

/** What the screen's address holds: the industry, the monitoring point and the page. */
const labReportsAddressSchema = z.object({
  tenantId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  monitoringPointId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * `/labReports`: the lab reports of a monitoring point, newest sample first,
 * paged on the server. Pick the industry (an industry's own users have
 * theirs) and the point; download a report under its original name; those
 * who may change the industry upload and delete (after confirming).
 */
export function LabReportsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const fixed = useMemo(() => (ownTenantId === undefined ? {} : { tenantId: ownTenantId }), [ownTenantId]);
  const { query, change, setPage } = useListState(labReportsAddressSchema, { fixed });
  const tenantId = query.tenantId;
  const points = useMonitoringPoints(tenantId);
  const pointId = query.monitoringPointId;
  const reports = useLabReports(pointId, query.page);
  const remove = useDeleteLabReport(pointId ?? 0);
  const canWrite = user !== null && isAccessAllowed(ACCOUNT_ADMINS, user);
  const [isUploading, setIsUploading] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  useDocumentTitle(`${t('pages.labReports')} · ${t('common.appName')}`);

  const download = async (report: LabReport) => {
    setDownloading(report.id);
    try {
      await downloadLabReport(report);
    } catch (error) {
      notifyFailure(getErrorMessage(t, error));
    } finally {
      setDownloading(null);
    }
  };

  const notSet = t('common.notSet');
  const columns: DataTableColumn<LabReport>[] = [
    {
      key: 'title',
      header: t('labCalibration.reports.columns.title'),
      render: (report) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {report.title}
          </Text>
          <Text size="xs" c="dimmed">
            {report.labName ?? notSet}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'sampledOn',
      header: t('labCalibration.reports.columns.sampledOn'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (report) => formatDay(report.sampledOn),
    },
    {
      key: 'file',
      header: t('labCalibration.reports.columns.file'),
      render: (report) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {report.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {contentTypeLabel(report.contentType)} · {formatFileSize(t, report.size)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'uploaded',
      header: t('labCalibration.reports.columns.uploaded'),
      render: (report) => (
        <Stack gap={0}>
          <Text size="sm">{report.uploadedBy ?? notSet}</Text>
          <Text size="xs" c="dimmed">
            {formatMoment(report.uploadedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'comment',
      header: t('labCalibration.reports.columns.comment'),
      render: (report) => report.comment ?? notSet,
    },
    {
      key: 'actions',
      header: t('labCalibration.reports.columns.actions'),
      render: (report) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void download(report)}
            loading={downloading === report.id}
            aria-label={t('labCalibration.reports.downloadNamed', { name: report.fileName })}
          >
            {t('labCalibration.reports.download')}
          </Button>
          {canWrite && (
            <ConfirmDeleteButton
              label={t('labCalibration.reports.delete')}
              accessibleName={t('labCalibration.reports.deleteNamed', { title: report.title })}
              confirmMessage={t('labCalibration.reports.deleteConfirm', { title: report.title })}
              onDelete={() => remove.mutateAsync(report.id)}
              successMessage={t('labCalibration.reports.deleted')}
              failureMessage={t('labCalibration.reports.deleteError')}
            />
          )}
        </Group>
      ),
    },
  ];

  const pointOptions = (points.data?.items ?? []).map((point) => ({
    value: String(point.id),
    label: point.name,
  }));
  const rows = reports.data?.items;
  const pageSize = reports.data?.pageSize ?? 0;
  const from = rows && rows.length > 0 ? (query.page - 1) * pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  let body;
  if (tenantId === undefined) {
    body = <DataTableEmpty>{t('labCalibration.reports.chooseIndustry')}</DataTableEmpty>;
  } else if (pointId === undefined) {
    body = <DataTableEmpty>{t('labCalibration.reports.choosePoint')}</DataTableEmpty>;
  } else {
    body = (
      <ListResult
        query={reports}
        rows={rows}
        errorTitle={t('labCalibration.reports.loadError')}
        empty={t('labCalibration.reports.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(report) => report.id}
          caption={t('labCalibration.reports.caption', { from, to, total: formatTotal(reports.data) })}
          minWidth={960}
          isRefreshing={reports.isPlaceholderData}
        />
      </ListResult>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.labReports')}</Title>
          <Text c="dimmed" size="sm">
            {t('labCalibration.reports.intro')}
          </Text>
        </Stack>
        {canWrite && (
          <Button
            onClick={() => setIsUploading(true)}
            disabled={pointId === undefined}
            title={pointId === undefined ? t('labCalibration.reports.choosePoint') : undefined}
          >
            {t('labCalibration.reports.upload')}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          {ownTenantId === undefined && (
            <LabIndustryPicker
              value={tenantId}
              onChange={(next) => change({ tenantId: next, monitoringPointId: undefined })}
            />
          )}
          <Select
            label={t('labCalibration.reports.point')}
            placeholder={
              tenantId === undefined
                ? t('labCalibration.reports.chooseIndustry')
                : t('labCalibration.reports.choosePoint')
            }
            data={pointOptions}
            value={pointId === undefined ? null : String(pointId)}
            onChange={(value) =>
              change({ tenantId, monitoringPointId: value === null ? undefined : Number(value) })
            }
            disabled={tenantId === undefined}
            error={points.isError ? getErrorMessage(t, points.error) : undefined}
            nothingFoundMessage={t('labCalibration.reports.noPoints')}
            searchable
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
      </Paper>

      {body}

      {pointId !== undefined && reports.data && (
        <Pagination
          page={query.page}
          pageCount={reports.data.pageCount}
          total={reports.data}
          disabled={reports.isFetching}
          onChange={setPage}
        />
      )}

      {pointId !== undefined && (
        <LabReportUploadDialog
          opened={isUploading}
          monitoringPointId={pointId}
          pointName={points.data?.items.find((point) => point.id === pointId)?.name ?? ''}
          onClose={() => setIsUploading(false)}
        />
      )}
    </Stack>
  );
}
