import { describe, expect, it } from 'vitest';
import {
  checkDerivedParameterExpressions,
  checkDerivedSeriesNames,
  derivedParameterBodySchema,
  getDerivedSeriesName,
  type DerivedSeriesDraft,
} from './derived-parameters.js';
import { DERIVED_SERIES_NAME_MESSAGE, UNKNOWN_UNIT_MESSAGE } from './messages.js';

const STANDARD_KEYS = ['so2', 'pm', 'o2', 'stack_flow', 'caaqms_pm2.5', 'caaqms_pm10'];

const series = (label: string, ...rows: (string | [condition: string, expression: string])[]) =>
  ({
    derivedParamLabel: label,
    derivedExpressionProperties: rows.map((row) =>
      typeof row === 'string'
        ? { conditionalStatement: null, expressionParam: row }
        : { conditionalStatement: row[0], expressionParam: row[1] },
    ),
  }) satisfies DerivedSeriesDraft;

const check = (list: DerivedSeriesDraft[], graph: Record<string, string[]> = {}, keys = STANDARD_KEYS) =>
  checkDerivedParameterExpressions({ derivedStdParamList: list }, keys, graph);

describe('checkDerivedParameterExpressions', () => {
  it('accepts expressions on standard keys, dotted keys and its own series', () => {
    expect(
      check([
        series('SO2 Mass', 'so2 * stack_flow / 1000000'),
        series('PM Ratio', ['caaqms_pm10 > 0', 'caaqms_pm2.5 / caaqms_pm10'], '0'),
        series('SO2 Mass Daily', 'so2_mass * 24'),
      ]),
    ).toEqual([]);
  });

  it('names the field of an unknown key', () => {
    expect(check([series('A', 'so2 + 1', 'so3 * 2')])).toEqual([
      {
        path: 'derivedStdParamList.0.derivedExpressionProperties.1.expressionParam',
        rule: 'unknownParameter',
        values: { key: 'so3' },
        message: "Unknown parameter 'so3'.",
      },
    ]);
  });

  it('names the field of bad syntax', () => {
    const [issue] = check([series('A', 'so2 +* 2')]);
    expect(issue?.path).toBe('derivedStdParamList.0.derivedExpressionProperties.0.expressionParam');
    expect(issue?.message).toMatch(/^Invalid expression/);
  });

  it('checks the condition too, and leaves an empty condition alone', () => {
    expect(check([series('A', ['', 'pm'], [' ', 'pm'])])).toEqual([]);
    const issues = check([series('A', ['o3 < 21', 'pm'], ['o2 <', 'pm'])]);
    expect(issues.map((issue) => issue.path)).toEqual([
      'derivedStdParamList.0.derivedExpressionProperties.0.conditionalStatement',
      'derivedStdParamList.0.derivedExpressionProperties.1.conditionalStatement',
    ]);
    expect(issues[0]?.message).toBe("Unknown parameter 'o3'.");
  });

  it('refuses a series that uses itself', () => {
    expect(check([series('Running Total', 'running_total + so2')])).toEqual([
      {
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam',
        rule: 'expressionCycle',
        values: { path: 'running_total → running_total' },
        message: 'The expression refers back to itself: running_total → running_total.',
      },
    ]);
  });

  it('refuses a cycle across two derived parameters, on the row that closes it', () => {
    // another derived parameter's series "b" already uses "a"
    const issues = check([series('A', ['b > 0', 'so2'], 'b * 2')], { b: ['a', 'so2'] }, [
      ...STANDARD_KEYS,
      'b',
    ]);
    expect(issues).toEqual([
      {
        path: 'derivedStdParamList.0.derivedExpressionProperties.0.conditionalStatement',
        rule: 'expressionCycle',
        values: { path: 'a → b → a' },
        message: 'The expression refers back to itself: a → b → a.',
      },
    ]);
  });

  it('refuses a cycle between two series of the same parameter, on each of them', () => {
    const issues = check([series('A', 'b + 1'), series('B', 'a + 1')]);
    expect(issues.map((issue) => issue.message)).toEqual([
      'The expression refers back to itself: a → b → a.',
      'The expression refers back to itself: b → a → b.',
    ]);
  });

  it('accepts a chain that does not come back', () => {
    expect(check([series('A', 'b + 1')], { b: ['c'], c: ['so2'] }, [...STANDARD_KEYS, 'b', 'c'])).toEqual([]);
  });

  it('asks for an expression when one is empty', () => {
    expect(check([series('A', '  ')])[0]).toMatchObject({
      rule: 'expressionEmpty',
      message: 'Enter an expression.',
    });
  });
});

describe('derivedParameterBodySchema', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    label: 'SO2 Mass Emission',
    mtype: 'stack',
    derivedStdParamList: [
      {
        derivedParamLabel: 'SO2 Mass',
        derivedExpressionProperties: [{ expressionParam: 'so2 * stack_flow / 1000000' }],
      },
    ],
    ...overrides,
  });

  it('fills the defaults', () => {
    expect(derivedParameterBodySchema.parse(body())).toMatchObject({
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      stdUnit: null,
      derivedStdParamList: [
        { derivedExpressionProperties: [{ dataSource: 'raw', unit: null, conditionalStatement: null }] },
      ],
    });
  });

  it('asks for a missing mtype in the words of the other required fields', () => {
    const { mtype: _mtype, ...withoutMtype } = body();
    expect(derivedParameterBodySchema.safeParse(withoutMtype).error?.issues).toEqual([
      expect.objectContaining({ path: ['mtype'], message: 'This field is required' }),
    ]);
  });

  it('needs at least one series and one row, and at most 20 of each', () => {
    const paths = (input: Record<string, unknown>) =>
      derivedParameterBodySchema.safeParse(body(input)).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ derivedStdParamList: [] })).toEqual(['derivedStdParamList']);
    expect(
      paths({ derivedStdParamList: [{ derivedParamLabel: 'A', derivedExpressionProperties: [] }] }),
    ).toEqual(['derivedStdParamList.0.derivedExpressionProperties']);
    const many = Array.from({ length: 21 }, (_, i) => ({
      derivedParamLabel: `S${i}`,
      derivedExpressionProperties: [{ expressionParam: '1' }],
    }));
    expect(paths({ derivedStdParamList: many })).toEqual(['derivedStdParamList']);
  });

  it('refuses generated identifiers, unknown units and downsample aggregations it does not offer', () => {
    expect(derivedParameterBodySchema.safeParse(body({ name: 'x' })).success).toBe(false);
    const withName = body({
      derivedStdParamList: [
        {
          derivedParamLabel: 'A',
          derivedParamName: 'a',
          derivedExpressionProperties: [{ expressionParam: '1' }],
        },
      ],
    });
    expect(derivedParameterBodySchema.safeParse(withName).success).toBe(false);
    const unit = derivedParameterBodySchema.safeParse(body({ stdUnit: 'furlongs' }));
    expect(unit.error?.issues[0]).toMatchObject({ path: ['stdUnit'], message: UNKNOWN_UNIT_MESSAGE });
    expect(derivedParameterBodySchema.safeParse(body({ metricDownsampleAgg: 'COUNT' })).success).toBe(false);
    expect(derivedParameterBodySchema.safeParse(body({ metricDownsampleAgg: 'AVGABS' })).success).toBe(true);
  });

  it('refuses series names used twice, unusable in an expression or naming a function', () => {
    const result = derivedParameterBodySchema.safeParse(
      body({
        derivedStdParamList: ['SO2 Mass', ' so2  MASS', '2nd Stage', 'Max', 'PM 2.5'].map((label) => ({
          derivedParamLabel: label,
          derivedExpressionProperties: [{ expressionParam: '1' }],
        })),
      }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'derivedStdParamList.1.derivedParamLabel',
        'The series name "so2_mass" is used twice in this derived parameter.',
      ],
      ['derivedStdParamList.2.derivedParamLabel', DERIVED_SERIES_NAME_MESSAGE],
      [
        'derivedStdParamList.3.derivedParamLabel',
        '"max" is the name of an expression function and cannot name a series.',
      ],
    ]);
    expect(getDerivedSeriesName('PM 2.5')).toBe('pm_2.5');
  });
});

describe('checkDerivedSeriesNames', () => {
  it('refuses a standard key or a series of another derived parameter, in any letter case', () => {
    const issues = checkDerivedSeriesNames(
      {
        derivedStdParamList: [
          { derivedParamLabel: 'SO2' },
          { derivedParamLabel: 'NOx Mass' },
          { derivedParamLabel: 'New' },
        ],
      },
      STANDARD_KEYS,
      [{ name: 'nox_mass', derivedParameterLabel: 'NOx Mass Emission' }],
    );
    expect(issues).toEqual([
      {
        path: 'derivedStdParamList.0.derivedParamLabel',
        rule: 'seriesStandardKey',
        values: { name: 'so2' },
        message: 'The series name "so2" is already the key of a standard parameter.',
      },
      {
        path: 'derivedStdParamList.1.derivedParamLabel',
        rule: 'seriesTaken',
        values: { name: 'nox_mass', label: 'NOx Mass Emission' },
        message: 'The series name "nox_mass" is already used by the derived parameter "NOx Mass Emission".',
      },
    ]);
  });
});
