import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DataSeries, ReadingRange } from '@vayu/domain';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDataTime } from '../../components/freshness-badge';
import { getCurrentLanguage } from '../../i18n';
import { fillSlots, type ChartRow } from './chart-data';
import { formatReading, unitLabel } from './reading-format';

const LINE_COLOR = 'var(--mantine-color-blue-6)';
const FLAGGED_COLOR = 'var(--mantine-color-orange-6)';
const LIMIT_COLOR = 'red.6';

interface ReadingChartProps {
  series: DataSeries;
  /** The range the answer covers (its own start and end). */
  startDate: string;
  endDate: string;
  range: ReadingRange;
  limit: number | null;
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: ChartRow;
}

/**
 * Marks on the line where a line alone shows nothing or too little: a value
 * that was not measured (calibration, maintenance, substituted…) in orange,
 * and a value with gaps on both sides, which no line reaches.
 */
function SlotDot({ cx, cy, index, payload }: DotProps) {
  if (cx === undefined || cy === undefined || !payload || payload.value === null) return <g key={index} />;
  const flagged = payload.provenance !== null && payload.provenance !== 'measured';
  if (!flagged && !payload.isolated) return <g key={index} />;
  return (
    <circle
      key={index}
      cx={cx}
      cy={cy}
      r={flagged ? 3.5 : 2.5}
      fill={flagged ? FLAGGED_COLOR : LINE_COLOR}
      stroke="var(--mantine-color-body)"
      strokeWidth={1}
    />
  );
}

function SlotTooltip({ row, unit }: { row: ChartRow | undefined; unit: string | null }) {
  const { t } = useTranslation();
  if (!row || row.value === null) return null;
  const flagged = row.provenance !== null && row.provenance !== 'measured';
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm" fz="sm">
      <Text size="xs" c="dimmed">
        {t('readings.chart.range15', { time: formatDataTime(row.t) })}
      </Text>
      <Text fw={600}>{formatReading(row.value, unit)}</Text>
      {row.min !== null && row.max !== null && row.count > 1 && (
        <Text size="xs" c="dimmed">
          {t('readings.chart.minMax', {
            min: formatReading(row.min, null),
            max: formatReading(row.max, null),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('readings.chart.readingsInSlot', { count: row.count })}
      </Text>
      {flagged && row.provenance && (
        <Text size="xs" c="orange.8" fw={600}>
          {t(`readings.provenance.${row.provenance}`)}
        </Text>
      )}
    </Paper>
  );
}

/**
 * One parameter's 15-minute values over the range: a line with gaps where no
 * reading came (nothing is drawn across them), the standard's limit as a red
 * line, and the values that were not measured marked in orange.
 */
export function ReadingChart({ series, startDate, endDate, range, limit }: ReadingChartProps) {
  const { t } = useTranslation();
  const language = getCurrentLanguage();
  const rows = useMemo(
    () => fillSlots(series.points, startDate, endDate, 'minute_15'),
    [series.points, startDate, endDate],
  );
  const hasValues = series.points.length > 0;
  const flagged = useMemo(
    () => [
      ...new Set(
        series.points.filter((point) => point.provenance !== 'measured').map((point) => point.provenance),
      ),
    ],
    [series.points],
  );
  const unit = unitLabel(series.unit);
  const tickFormat = range === '24h' ? 'HH:mm' : 'D MMM';
  const rangeText = t(`readings.chart.rangeSpan.${range}`);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="figure"
      m={0}
      aria-label={t('readings.chart.label', { parameter: series.label, range: rangeText })}
      data-parameter={series.key}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5">
            {unit ? `${series.label} (${unit})` : series.label}
          </Title>
          {limit !== null && (
            <Text size="sm" c="red.9">
              {t('readings.chart.limit', { limit: formatReading(limit, series.unit) })}
            </Text>
          )}
        </Group>
        {hasValues ? (
          <LineChart
            h={220}
            data={rows}
            dataKey="t"
            series={[{ name: 'value', label: series.label, color: 'blue.6' }]}
            curveType="linear"
            connectNulls={false}
            withDots={false}
            strokeWidth={1.5}
            lineProps={{ dot: SlotDot, activeDot: { r: 4 } }}
            gridAxis="xy"
            xAxisProps={{
              minTickGap: 40,
              tickFormatter: (iso: string) => dayjs(iso).locale(language).format(tickFormat),
            }}
            yAxisProps={{ width: 56, domain: ['auto', 'auto'] }}
            valueFormatter={(value) => formatReading(value, null)}
            referenceLines={
              limit === null
                ? []
                : [
                    {
                      y: limit,
                      color: LIMIT_COLOR,
                      label: t('readings.chart.limit', { limit: formatReading(limit, null) }),
                      labelPosition: 'insideTopRight',
                      ifOverflow: 'extendDomain',
                      strokeDasharray: '4 4',
                    },
                  ]
            }
            tooltipProps={{
              content: ({ payload }) => (
                <SlotTooltip
                  row={(payload?.[0]?.payload as ChartRow | undefined) ?? undefined}
                  unit={series.unit}
                />
              ),
            }}
          />
        ) : (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('readings.chart.emptyParameter', { parameter: series.label })}
          </Text>
        )}
        {flagged.length > 0 && (
          <Group gap={6} wrap="nowrap">
            <svg width="10" height="10" aria-hidden>
              <circle cx="5" cy="5" r="4" fill={FLAGGED_COLOR} />
            </svg>
            <Text size="xs" c="dimmed">
              {`${t('readings.chart.notMeasured')}: ${flagged
                .map((provenance) => t(`readings.provenance.${provenance}`))
                .join(', ')}`}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
