import { describe, expect, it } from 'vitest';
import {
  energyMetricBodySchema,
  energyParameterBodySchema,
  isMetricKeyValid,
  metricKeySchema,
} from './energy.js';
import {
  ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
  ENERGY_METRICS_REQUIRED_MESSAGE,
  METRIC_KEY_MESSAGE,
} from './messages.js';

describe('metric key rule', () => {
  it.each(['daily_consumption', 'peak_demand', 'avg_power_factor', 'avg.load', 'kw', 'p95', 'a'.repeat(50)])(
    'accepts %j',
    (key) => {
      expect(isMetricKeyValid(key)).toBe(true);
    },
  );

  it.each([
    ['one character', 'k'],
    ['51 characters', 'a'.repeat(51)],
    ['capitals', 'Peak_Demand'],
    ['a space', 'peak demand'],
    ['a hyphen', 'peak-demand'],
    ['other symbols', 'load%'],
    ['nothing', ''],
  ])('refuses %s', (_, key) => {
    expect(isMetricKeyValid(key)).toBe(false);
  });

  it('trims and lower-cases what is typed before checking it', () => {
    expect(metricKeySchema.parse('  Daily_Consumption ')).toBe('daily_consumption');
    const tooShort = metricKeySchema.safeParse(' K ');
    expect(tooShort.success).toBe(false);
    expect(tooShort.error?.issues[0]?.message).toBe(METRIC_KEY_MESSAGE);
    const empty = metricKeySchema.safeParse('   ');
    expect(empty.error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('metric body', () => {
  it('needs key, label and one of sum, avg, min, max; nothing else', () => {
    expect(
      energyMetricBodySchema.parse({ key: 'Peak_Demand', label: ' Peak demand ', value: 'max' }),
    ).toEqual({ key: 'peak_demand', label: 'Peak demand', value: 'max' });
    const bad = energyMetricBodySchema.safeParse({ key: 'pd', label: 'PD', value: 'MAX' });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['value']);
    expect(energyMetricBodySchema.safeParse({ key: 'pd', label: 'PD', value: 'max', id: 3 }).success).toBe(
      false,
    );
  });
});

describe('energy parameter body', () => {
  const valid = { label: 'Grid Energy', category: 'Electrical', unit: 'kWh', metricIds: [1] };

  it('defaults the flags, drops repeated metrics and takes no identifiers', () => {
    expect(energyParameterBodySchema.parse({ ...valid, metricIds: [2, 1, 2] })).toEqual({
      label: 'Grid Energy',
      category: 'Electrical',
      unit: 'kWh',
      parameterId: null,
      isCumulative: false,
      isAlertEnabled: false,
      metricIds: [2, 1],
    });
    expect(energyParameterBodySchema.safeParse({ ...valid, name: 'grid' }).success).toBe(false);
  });

  it('needs at least one metric, a known category and unit, and a label with text', () => {
    const result = energyParameterBodySchema.safeParse({
      label: ' - ',
      category: 'Nuclear',
      unit: 'furlong',
      metricIds: [],
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      label: ENERGY_LABEL_NEEDS_TEXT_MESSAGE,
      category: 'This field is required',
      unit: 'This field is required',
      metricIds: ENERGY_METRICS_REQUIRED_MESSAGE,
    });
    const missing = energyParameterBodySchema.safeParse({ label: 'X', category: 'Water', unit: 'm3/h' });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['metricIds'],
      message: ENERGY_METRICS_REQUIRED_MESSAGE,
    });
  });
});
