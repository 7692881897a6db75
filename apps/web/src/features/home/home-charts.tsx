import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import type { ComplianceDay, FreshnessCounts } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';
import {
  DELIVERY_COLORS,
  DELIVERY_STATES,
  FRESHNESS_COLORS,
  FRESHNESS_ORDER,
  countOf,
  formatChartDay,
} from './home-text';

/**
 * The home screen's charts, loaded after the screen's numbers (the chart
 * library is the larger part of the screen's code). Both are pictures of
 * numbers the screen also gives as text: hidden from assistive technology.
 */

/** Monitoring points by freshness as a ring, the total in its middle. */
export function FreshnessDonut({ counts }: { counts: FreshnessCounts }) {
  const { t } = useTranslation();
  const data = FRESHNESS_ORDER.map((status) => ({
    name: t(`home.freshness.${status}`),
    value: countOf(counts, status),
    color: FRESHNESS_COLORS[status],
  })).filter((cell) => cell.value > 0);
  return (
    <div aria-hidden data-testid="freshness-chart">
      <DonutChart
        data={data}
        size={150}
        thickness={22}
        withTooltip={false}
        chartLabel={formatNumber(counts.total)}
        paddingAngle={data.length > 1 ? 2 : 0}
        strokeWidth={data.length > 1 ? 1 : 0}
        // Nothing in a hidden picture may take the keyboard's focus.
        pieChartProps={{ accessibilityLayer: false }}
        pieProps={{ rootTabIndex: -1 }}
      />
    </div>
  );
}

/** The last days' slots, one stacked bar a day (its legend is the screen's, drawn with it). */
export function DeliveryChart({ days }: { days: ComplianceDay[] }) {
  const { t } = useTranslation();
  const data = days.map((day) => ({ ...day, label: formatChartDay(day.day) }));
  return (
    <div aria-hidden data-testid="delivery-chart">
      <BarChart
        h={220}
        data={data}
        dataKey="label"
        type="stacked"
        withLegend={false}
        tickLine="none"
        gridAxis="y"
        valueFormatter={(value) => formatNumber(value)}
        tooltipAnimationDuration={0}
        barChartProps={{ accessibilityLayer: false }}
        series={DELIVERY_STATES.map((state) => ({
          name: state,
          label: t(`home.delivery.states.${state}`),
          color: DELIVERY_COLORS[state],
        }))}
      />
    </div>
  );
}
