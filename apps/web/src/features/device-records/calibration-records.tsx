import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Calibration } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useLatestCalibration, usePreviousCalibrations } from './api';
import { PreviewPanel } from './device-documents-dialog';
import { formatMoment } from './record-format';
import { useDocumentOpener } from './use-document-opener';

const numberOrUnset = (t: TFunction, value: number | null) =>
  value === null ? t('common.notSet') : formatNumber(value);
const momentOrUnset = (t: TFunction, value: string | null) =>
  value === null ? t('common.notSet') : formatMoment(value);

/** "Two-point · SO2, NOx", or "Multipoint · all parameters". */
const checkOf = (t: TFunction, record: Calibration) =>
  `${t(`labCalibration.checks.${record.checkKind}`)} · ${
    record.parameters === null
      ? t('labCalibration.recordFields.allParameters')
      : record.parameters.map((parameter) => parameter.label).join(', ')
  }`;

/** The make and model of the calibrator used, "SICK · CALsys 100", or unset. */
const calibratorOf = (t: TFunction, record: Calibration) =>
  record.make && record.model ? `${record.make.name} · ${record.model.name}` : t('common.notSet');

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy>
      <Text size="sm">{t('common.loading')}</Text>
      <Skeleton height={18} />
      <Skeleton height={18} />
    </Stack>
  );
}

/** The latest calibration record, every label of the spec, with its file to view or download. */
export function LatestCalibration({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const latest = useLatestCalibration(deviceId);
  const opener = useDocumentOpener();

  if (latest.isError)
    return <DataTableError title={t('deviceRecords.calibration.loadError')} query={latest} />;
  if (latest.data === undefined) return <Loading />;
  const record = latest.data;
  if (record === null) return <DataTableEmpty>{t('deviceRecords.calibration.none')}</DataTableEmpty>;

  const file = record.calibrationFile;
  const rows: [string, ReactNode][] = [
    [t('deviceRecords.calibration.fields.date'), formatMoment(record.date)],
    [t('labCalibration.recordFields.check'), checkOf(t, record)],
    [t('deviceRecords.calibration.fields.make'), record.make?.name ?? t('common.notSet')],
    [t('deviceRecords.calibration.fields.model'), record.model?.name ?? t('common.notSet')],
    [t('deviceRecords.calibration.fields.offset'), numberOrUnset(t, record.offset)],
    [t('deviceRecords.calibration.fields.span'), numberOrUnset(t, record.span)],
    [t('deviceRecords.calibration.fields.coefficients'), record.coefficients ?? t('common.notSet')],
    [t('deviceRecords.calibration.fields.wavelength'), numberOrUnset(t, record.wavelength)],
    [t('deviceRecords.calibration.fields.signalStrength'), numberOrUnset(t, record.signalStrength)],
    [t('deviceRecords.calibration.fields.lastCalibration'), momentOrUnset(t, record.lastCalibration)],
    [t('deviceRecords.calibration.fields.lastClean'), momentOrUnset(t, record.lastClean)],
    [t('deviceRecords.calibration.fields.comment'), record.comment ?? t('common.notSet')],
    [t('deviceRecords.calibration.fields.recordedBy'), record.recordedBy ?? t('common.notSet')],
    [
      t('deviceRecords.calibration.fields.calibrationFile'),
      file ? (
        <Group gap="xs" wrap="wrap">
          <Text span size="sm">
            {file.fileName}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void opener.view(file)}
            loading={opener.pendingPath === file.pathName}
            aria-label={t('deviceRecords.calibration.viewFile', { name: file.fileName })}
          >
            {t('deviceRecords.documents.view')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void opener.download(file)}
            aria-label={t('deviceRecords.calibration.downloadFile', { name: file.fileName })}
          >
            {t('deviceRecords.documents.download')}
          </Button>
        </Group>
      ) : (
        t('common.notSet')
      ),
    ],
  ];

  return (
    <Stack gap="md">
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {opener.preview && <PreviewPanel preview={opener.preview} onClose={opener.closePreview} />}
    </Stack>
  );
}

/** The calibrations before the latest, newest first, a page at a time from the server. */
export function CalibrationHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = usePreviousCalibrations(deviceId, page);
  const opener = useDocumentOpener();

  if (history.isError)
    return <DataTableError title={t('deviceRecords.calibration.loadError')} query={history} />;
  const data = history.data;
  if (data && data.items.length === 0 && page === 1) {
    return <DataTableEmpty>{t('deviceRecords.calibration.historyEmpty')}</DataTableEmpty>;
  }

  const columns: DataTableColumn<Calibration>[] = [
    {
      key: 'date',
      header: t('deviceRecords.calibration.fields.date'),
      cellProps: { fw: 500 },
      render: (record) => formatMoment(record.date),
    },
    {
      key: 'check',
      header: t('labCalibration.recordFields.check'),
      render: (record) => checkOf(t, record),
    },
    {
      key: 'calibrator',
      header: t('deviceRecords.calibration.fields.model'),
      render: (record) => calibratorOf(t, record),
    },
    {
      key: 'offset',
      header: t('deviceRecords.calibration.fields.offset'),
      align: 'right',
      render: (record) => numberOrUnset(t, record.offset),
    },
    {
      key: 'span',
      header: t('deviceRecords.calibration.fields.span'),
      align: 'right',
      render: (record) => numberOrUnset(t, record.span),
    },
    {
      key: 'signal',
      header: t('deviceRecords.calibration.fields.signalStrength'),
      align: 'right',
      render: (record) => numberOrUnset(t, record.signalStrength),
    },
    {
      key: 'recordedBy',
      header: t('deviceRecords.calibration.fields.recordedBy'),
      render: (record) => record.recordedBy ?? t('common.notSet'),
    },
    {
      key: 'comment',
      header: t('deviceRecords.calibration.fields.comment'),
      render: (record) => record.comment ?? t('common.notSet'),
    },
    {
      key: 'file',
      header: t('deviceRecords.calibration.fields.calibrationFile'),
      render: (record) =>
        record.calibrationFile ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void opener.view(record.calibrationFile!)}
            loading={opener.pendingPath === record.calibrationFile.pathName}
            aria-label={t('deviceRecords.calibration.viewFile', { name: record.calibrationFile.fileName })}
          >
            {t('deviceRecords.documents.view')}
          </Button>
        ) : (
          t('common.notSet')
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <DataTable
        columns={columns}
        rows={data?.items}
        getRowKey={(record) => record.id}
        caption={t('deviceRecords.calibration.historyCaption', { count: data?.total ?? 0 })}
        minWidth={1000}
        isRefreshing={history.isPlaceholderData}
        skeletonRows={3}
      />
      {data && (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          onChange={setPage}
          total={{ total: data.total, totalKind: data.totalKind }}
          label={t('deviceRecords.calibration.historyPager')}
        />
      )}
      {opener.preview && <PreviewPanel preview={opener.preview} onClose={opener.closePreview} />}
    </Stack>
  );
}
