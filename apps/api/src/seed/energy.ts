import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  generateParameterIdentifiers,
  type EnergyCategory,
  type EnergyMetricAggregation,
  type UnitCode,
} from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { energyMetrics, energyParameterMetrics, energyParameters, parameters } from '../db/schema/index.js';

/** The metrics an energy manager reads daily: consumption totals, demand peaks, quality averages. */
const DEMO_METRICS: { key: string; value: EnergyMetricAggregation; label: string }[] = [
  { key: 'daily_consumption', value: 'sum', label: 'Daily consumption' },
  { key: 'monthly_consumption', value: 'sum', label: 'Monthly consumption' },
  { key: 'peak_demand', value: 'max', label: 'Peak demand' },
  { key: 'avg_load', value: 'avg', label: 'Average load' },
  { key: 'avg_power_factor', value: 'avg', label: 'Average power factor' },
  { key: 'min_power_factor', value: 'min', label: 'Lowest power factor' },
  { key: 'min_voltage', value: 'min', label: 'Lowest voltage' },
  { key: 'max_voltage', value: 'max', label: 'Highest voltage' },
  { key: 'avg_current', value: 'avg', label: 'Average current' },
  { key: 'max_current', value: 'max', label: 'Highest current' },
  { key: 'avg_frequency', value: 'avg', label: 'Average frequency' },
  { key: 'avg_flow', value: 'avg', label: 'Average flow' },
  { key: 'peak_flow', value: 'max', label: 'Peak flow' },
];

interface DemoEnergyParameter {
  label: string;
  category: EnergyCategory;
  unit: UnitCode;
  /** Name of the catalogue parameter (mtype energy) whose readings feed it. */
  source?: string;
  isCumulative?: boolean;
  isAlertEnabled?: boolean;
  metrics: string[];
}

/**
 * An HT-connected plant's main incomer meter, a boiler and the process water
 * line. Electrical ones are fed by the standard energy parameters of the
 * catalogue (seeded first).
 */
const DEMO_ENERGY_PARAMETERS: DemoEnergyParameter[] = [
  {
    label: 'Grid Energy',
    category: 'Electrical',
    unit: 'kWh',
    source: 'energy_kwh',
    isCumulative: true,
    metrics: ['daily_consumption', 'monthly_consumption'],
  },
  {
    label: 'Active Power',
    category: 'Electrical',
    unit: 'kW',
    source: 'active_power',
    isAlertEnabled: true,
    metrics: ['avg_load', 'peak_demand'],
  },
  {
    label: 'Apparent Power',
    category: 'Electrical',
    unit: 'kVA',
    source: 'apparent_power',
    metrics: ['peak_demand'],
  },
  {
    label: 'Power Factor',
    category: 'Electrical',
    unit: 'ratio',
    source: 'power_factor',
    isAlertEnabled: true,
    metrics: ['avg_power_factor', 'min_power_factor'],
  },
  {
    label: 'Voltage',
    category: 'Electrical',
    unit: 'V',
    source: 'voltage',
    isAlertEnabled: true,
    metrics: ['min_voltage', 'max_voltage'],
  },
  {
    label: 'Current',
    category: 'Electrical',
    unit: 'A',
    source: 'current',
    metrics: ['avg_current', 'max_current'],
  },
  { label: 'Frequency', category: 'Electrical', unit: 'Hz', source: 'frequency', metrics: ['avg_frequency'] },
  { label: 'Boiler Steam Flow', category: 'Thermal', unit: 'kg/h', metrics: ['avg_flow', 'peak_flow'] },
  {
    label: 'Process Water Consumption',
    category: 'Water',
    unit: 'm3/h',
    metrics: ['avg_flow', 'daily_consumption'],
  },
];

/** The energy module's catalogue: metrics and energy parameters. Runs after the parameter catalogue. */
export async function seedEnergyCatalogue(tx: Executor) {
  const metricIds = new Map<string, number>();
  for (const metric of DEMO_METRICS) {
    const [row] = await tx.insert(energyMetrics).values(metric).returning({ id: energyMetrics.id });
    metricIds.set(metric.key, row!.id);
  }

  const sourceNames = DEMO_ENERGY_PARAMETERS.flatMap((p) => (p.source ? [p.source] : []));
  const sources = await tx
    .select({ id: parameters.id, name: parameters.name })
    .from(parameters)
    .where(
      and(
        inArray(parameters.name, sourceNames),
        eq(parameters.mtype, 'energy'),
        ne(parameters.status, 'DELETED'),
      ),
    );
  const sourceIds = new Map(sources.map((source) => [source.name, source.id]));

  for (const p of DEMO_ENERGY_PARAMETERS) {
    const { name, paramKey } = generateParameterIdentifiers(p.label);
    const [row] = await tx
      .insert(energyParameters)
      .values({
        name,
        paramKey,
        label: p.label,
        category: p.category,
        unit: p.unit,
        parameterId: p.source ? (sourceIds.get(p.source) ?? null) : null,
        isCumulative: p.isCumulative ?? false,
        isAlertEnabled: p.isAlertEnabled ?? false,
      })
      .returning({ id: energyParameters.id });
    await tx
      .insert(energyParameterMetrics)
      .values(p.metrics.map((key) => ({ energyParameterId: row!.id, metricId: metricIds.get(key)! })));
  }
}
