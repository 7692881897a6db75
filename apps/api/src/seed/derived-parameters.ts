import {
  checkDerivedParameterExpressions,
  derivedParameterBodySchema,
  generateParameterIdentifiers,
  getDerivedSeriesName,
  type DerivedParameterInput,
} from '@vayu/domain';
import type { Executor } from '../db/client.js';
import {
  findStandardParameterKeys,
  insertDerivedParameter,
  replaceDerivedSeries,
} from '../modules/derived-parameters/derived-parameters.repository.js';

/**
 * Derived parameters boards and plants commonly compute from the demo
 * catalogue's readings (keys `so2`, `stack_flow`, `pm`, `o2`, `nox`,
 * `active_power`, `apparent_power`, `energy_kwh`).
 */
const DERIVED_PARAMETERS: DerivedParameterInput[] = [
  {
    // mg/Nm³ × Nm³/h = mg/h; ÷ 10⁶ gives kg/h
    label: 'SO2 Mass Emission',
    mtype: 'stack',
    stdUnit: 'kg/h',
    alertLabel: 'SO2 mass emission rate',
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVG',
    isAlertEnabled: true,
    derivedStdParamList: [
      {
        derivedParamLabel: 'SO2 Mass Rate',
        derivedExpressionProperties: [
          {
            conditionalStatement: null,
            expressionParam: 'so2 * stack_flow / 1000000',
            dataSource: 'minute_15',
            unit: 'kg/h',
          },
        ],
      },
      {
        derivedParamLabel: 'NOx Mass Rate',
        derivedExpressionProperties: [
          {
            conditionalStatement: null,
            expressionParam: 'nox * stack_flow / 1000000',
            dataSource: 'minute_15',
            unit: 'kg/h',
          },
        ],
      },
    ],
  },
  {
    // Concentration corrected to the 11 % reference oxygen of the emission norms
    label: 'PM Corrected to 11% O2',
    mtype: 'stack',
    stdUnit: 'mg/Nm3',
    alertLabel: 'PM at 11% O2',
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVG',
    isAlertEnabled: true,
    derivedStdParamList: [
      {
        derivedParamLabel: 'PM Corrected',
        derivedExpressionProperties: [
          {
            conditionalStatement: 'o2 < 21',
            expressionParam: 'pm * (21 - 11) / (21 - o2)',
            dataSource: 'raw',
            unit: 'mg/Nm3',
          },
          // At 21 % oxygen the stack is breathing ambient air: report the reading as measured.
          { conditionalStatement: null, expressionParam: 'pm', dataSource: 'raw', unit: 'mg/Nm3' },
        ],
      },
    ],
  },
  {
    label: 'Reactive Power',
    mtype: 'energy',
    stdUnit: 'kVAr',
    alertLabel: null,
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVGABS',
    isAlertEnabled: false,
    derivedStdParamList: [
      {
        derivedParamLabel: 'Reactive Power kVAr',
        derivedExpressionProperties: [
          {
            conditionalStatement: null,
            expressionParam: 'sqrt(max(pow(apparent_power, 2) - pow(active_power, 2), 0))',
            dataSource: 'raw',
            unit: 'kVAr',
          },
        ],
      },
      {
        derivedParamLabel: 'Computed Power Factor',
        derivedExpressionProperties: [
          {
            conditionalStatement: 'apparent_power > 0',
            expressionParam: 'active_power / apparent_power',
            dataSource: 'minute_15',
            unit: 'ratio',
          },
          { conditionalStatement: null, expressionParam: '0', dataSource: 'minute_15', unit: 'ratio' },
        ],
      },
    ],
  },
  {
    label: 'Daily Energy Consumption',
    mtype: 'energy',
    stdUnit: 'kWh',
    alertLabel: null,
    metricAgg: 'SUM',
    metricDownsampleAgg: 'SUM',
    isAlertEnabled: false,
    derivedStdParamList: [
      {
        derivedParamLabel: 'Energy per Day',
        derivedExpressionProperties: [
          { conditionalStatement: null, expressionParam: 'energy_kwh', dataSource: 'day', unit: 'kWh' },
        ],
      },
    ],
  },
];

/**
 * The demo derived parameters; the standard catalogue they read must be
 * seeded first. Each passes the same checks as a save from the console.
 */
export async function seedDerivedParameters(tx: Executor) {
  const knownKeys = (await findStandardParameterKeys(tx)).map((item) => item.key);
  for (const parameter of DERIVED_PARAMETERS) {
    const body = derivedParameterBodySchema.parse(parameter);
    const issues = checkDerivedParameterExpressions(body, knownKeys, {});
    if (issues.length > 0)
      throw new Error(`Demo derived parameter "${body.label}": ${JSON.stringify(issues)}`);
    const { derivedStdParamList, ...values } = body;
    knownKeys.push(...derivedStdParamList.map((series) => getDerivedSeriesName(series.derivedParamLabel)));
    const id = await insertDerivedParameter(tx, {
      ...generateParameterIdentifiers(values.label),
      label: values.label,
      mtype: values.mtype,
      stdUnit: values.stdUnit,
      alertLabel: values.alertLabel,
      metricAgg: values.metricAgg,
      metricDownsampleAgg: values.metricDownsampleAgg,
      isAlertEnabled: values.isAlertEnabled,
    });
    await replaceDerivedSeries(
      tx,
      id,
      derivedStdParamList.map((series) => ({
        derivedParamName: getDerivedSeriesName(series.derivedParamLabel),
        derivedParamLabel: series.derivedParamLabel,
        derivedExpressionProperties: series.derivedExpressionProperties,
      })),
    );
  }
}
