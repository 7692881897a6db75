import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { READING_RANGES, type DeviceReadings, type EntityData, type ReadingRange } from '@vayu/domain';
import { lazy, Suspense, useEffect, useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTableEmpty, DataTableError } from '../../components/data-table';
import { describeLastData, FreshnessBadge } from '../../components/freshness-badge';
import { SegmentedChoice } from '../../components/segmented-choice';
import { useDeviceReadings } from './api/get-device-readings';
import { useDeviceSeries } from './api/get-device-series';
import { DeviceLogButton } from './device-log-dialog';
import { LatestReadingsTable } from './latest-readings-table';
import { csvFileName, downloadCsv, readingsCsv } from './readings-csv';
import { parseReadingsDeviceId, type DeviceReadingsState } from './readings-paths';
import { LoadErrorAlert } from '../../components/load-error-alert';

const DEVICES_PATH = '/devices';

/**
 * The charts and their library come in a chunk of their own, asked for as the
 * screen opens: the header and the latest values do not wait for it.
 */
const loadChart = () => import('./reading-chart');
const ReadingChart = lazy(async () => ({ default: (await loadChart()).ReadingChart }));
const RANGES = Object.keys(READING_RANGES) as ReadingRange[];
const DEFAULT_RANGE: ReadingRange = '24h';

const isReadingRange = (value: string | null): value is ReadingRange =>
  value !== null && (RANGES as string[]).includes(value);

/** `/devices/{id}/readings`: a device's latest values and its 15-minute trends over a range. */
export function DeviceReadingsPage() {
  const { deviceId } = useParams();
  const id = parseReadingsDeviceId(deviceId);
  if (id === null) return <Navigate to={DEVICES_PATH} replace />;
  return <DeviceReadingsScreen key={id} deviceId={id} />;
}

function BackToDevices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as DeviceReadingsState | null)?.fromList === true;
  // Opened from the list: back to it as it was (filters, page), as the browser's Back does.
  const onClick = (event: MouseEvent) => {
    if (!fromList) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Anchor component={Link} to={DEVICES_PATH} onClick={onClick} size="sm">
      <span aria-hidden>← </span>
      {t('readings.backToDevices')}
    </Anchor>
  );
}

function DeviceReadingsScreen({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const readings = useDeviceReadings(deviceId);
  const data = readings.data;
  useDocumentTitle(
    `${data ? t('readings.title', { name: data.name }) : t('readings.rowAction')} · ${t('common.appName')}`,
  );

  if (readings.isError && !data) {
    return (
      <Stack gap="md">
        <BackToDevices />
        <LoadErrorAlert
          title={t('readings.loadError')}
          error={readings.error}
          onRetry={() => void readings.refetch()}
          retrying={readings.isFetching}
        />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="md" role="status" aria-busy aria-label={t('common.loading')}>
        <Skeleton height={16} width={140} />
        <Skeleton height={40} width="40%" />
        <Skeleton height={180} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <BackToDevices />
      <ReadingsHeader device={data} />
      <section aria-labelledby="device-latest-values">
        <Title order={2} size="h3" id="device-latest-values" mb="sm">
          {t('readings.latest.title')}
        </Title>
        <LatestReadingsTable parameters={data.parameters} />
      </section>
      <TrendsSection device={data} />
    </Stack>
  );
}

function ReadingsHeader({ device }: { device: DeviceReadings }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Title order={1}>{device.name}</Title>
        <DeviceLogButton deviceId={device.deviceId} deviceName={device.name} />
      </Group>
      <Group gap="sm" wrap="wrap">
        <FreshnessBadge freshness={device.freshness} lastDataAt={device.lastDataAt} />
        <Text size="sm" c="dimmed">
          {describeLastData(t, device.lastDataAt)}
        </Text>
      </Group>
      <Group gap="xl" wrap="wrap" component="dl" m={0}>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {t('readings.industry')}
          </Text>
          <Text component="dd" m={0} fw={500}>
            <Anchor component={Link} to={`/accounts/tenant/${device.tenantId}/view`}>
              {device.tenantName}
            </Anchor>
          </Text>
        </div>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {t('readings.monitoringPoint')}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {device.monitoringPoint}
          </Text>
        </div>
      </Group>
    </Stack>
  );
}

function TrendsSection({ device }: { device: DeviceReadings }) {
  const { t } = useTranslation();
  const rangeLabelId = useId();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('range');
  const range = isReadingRange(requested) ? requested : DEFAULT_RANGE;
  const series = useDeviceSeries(
    { tenantId: device.tenantId, entityId: device.monitoringPointId, deviceId: device.deviceId },
    range,
  );
  useEffect(() => void loadChart(), []);
  const answer = series.data;
  const hasValues = answer !== undefined && answer.series.some((item) => item.points.length > 0);

  const changeRange = (next: ReadingRange) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === DEFAULT_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      // The way back to the list stays as it came.
      { replace: true, state: location.state as unknown },
    );

  const download = () => {
    if (!answer) return;
    downloadCsv(
      csvFileName(device.name, range, answer.startDate.slice(0, 10), answer.endDate.slice(0, 10)),
      readingsCsv(answer.series),
    );
  };

  return (
    <section aria-labelledby="device-trends">
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="device-trends">
          {t('readings.chart.title')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text id={rangeLabelId} size="sm" fw={500}>
              {t('readings.chart.range')}
            </Text>
            <SegmentedChoice
              aria-labelledby={rangeLabelId}
              value={range}
              onChange={changeRange}
              data={RANGES.map((value) => ({ value, label: t(`readings.chart.ranges.${value}`) }))}
            />
          </Stack>
          <Tooltip label={t('readings.chart.downloadHint')}>
            <Button variant="default" onClick={download} disabled={!hasValues}>
              {t('readings.chart.download')}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      <TrendsBody device={device} range={range} series={series} answer={answer} hasValues={hasValues} />
    </section>
  );
}

interface TrendsBodyProps {
  device: DeviceReadings;
  range: ReadingRange;
  series: ReturnType<typeof useDeviceSeries>;
  answer: EntityData | undefined;
  hasValues: boolean;
}

function TrendsBody({ device, range, series, answer, hasValues }: TrendsBodyProps) {
  const { t } = useTranslation();
  if (series.isError && !answer) {
    return <DataTableError title={t('readings.chart.loadError')} query={series} />;
  }
  const placeholder = <ChartPlaceholders count={Math.min(device.parameters.length, 4)} />;
  if (!answer) return placeholder;
  if (!hasValues) return <DataTableEmpty>{t('readings.chart.empty')}</DataTableEmpty>;
  const limits = new Map(device.parameters.map((parameter) => [parameter.parameterId, parameter.limit]));
  return (
    <Suspense fallback={placeholder}>
      <SimpleGrid cols={answer.series.length === 1 ? 1 : { base: 1, lg: 2 }} spacing="md">
        {answer.series.map((item) => (
          <ReadingChart
            key={`${item.deviceId}-${item.parameterId}`}
            series={item}
            startDate={answer.startDate}
            endDate={answer.endDate}
            range={range}
            limit={limits.get(item.parameterId) ?? null}
          />
        ))}
      </SimpleGrid>
    </Suspense>
  );
}

function ChartPlaceholders({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, lg: 2 }}
      spacing="md"
      role="status"
      aria-busy
      aria-label={t('common.loading')}
    >
      {Array.from({ length: Math.max(1, count) }, (_, index) => (
        <Paper key={index} withBorder radius="md" p="md">
          <Skeleton height={18} width="30%" mb="sm" />
          <Skeleton height={220} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
