import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { PublicParameter } from '@vayu/domain';
import { formatNumber } from '../../i18n';
import { formatIstClock, formatIstMoment } from './public-dashboard-text';

/**
 * A parameter's last 24 hours of 15-minute values (loaded after the page's
 * values: the chart library is the larger part of its code). A picture of
 * values the card also gives as text, so hidden from assistive technology.
 */
export function PublicParameterChart({ parameter }: { parameter: PublicParameter }) {
  const data = parameter.series.map((point) => ({ t: point.t, value: point.value }));
  return (
    <div aria-hidden data-testid="public-chart">
      <LineChart
        h={140}
        data={data}
        dataKey="t"
        series={[{ name: 'value', label: parameter.label, color: 'blue.6' }]}
        curveType="linear"
        withDots={false}
        strokeWidth={1.5}
        gridAxis="y"
        tooltipAnimationDuration={0}
        xAxisProps={{ minTickGap: 40, tickFormatter: (iso: string) => formatIstClock(iso) }}
        yAxisProps={{ width: 48, domain: ['auto', 'auto'] }}
        valueFormatter={(value) => formatNumber(value)}
        tooltipProps={{
          labelFormatter: (iso) => (typeof iso === 'string' ? formatIstMoment(iso) : String(iso)),
        }}
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
