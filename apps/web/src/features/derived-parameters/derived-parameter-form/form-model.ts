import type {
  DerivedParameter,
  DerivedParameterBody,
  DerivedParameterInput,
  ExpressionKey,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import type { Control, FieldPath } from 'react-hook-form';

export type FormValues = DerivedParameterInput;
type SeriesInput = FormValues['derivedStdParamList'][number];
type RowInput = SeriesInput['derivedExpressionProperties'][number];

/** A condition or an expression of one row: where a key from the reference goes. */
export type ExpressionPath =
  | `derivedStdParamList.${number}.derivedExpressionProperties.${number}.expressionParam`
  | `derivedStdParamList.${number}.derivedExpressionProperties.${number}.conditionalStatement`;

/** Conditions and expressions are typed in text areas that grow with them. */
export type ExpressionElement = HTMLTextAreaElement;
export const isExpressionElement = (element: Element | null | undefined): element is ExpressionElement =>
  element instanceof HTMLTextAreaElement;

/** What the live checks compare with: the catalogue without the stored version of this parameter. */
export interface ExpressionCatalogue {
  standardKeys: string[];
  otherSeries: { name: string; derivedParameterLabel: string }[];
  knownKeys: string[];
  graph: Record<string, string[]>;
}

/** The resolver's context: the catalogue once the keys are loaded, and the wording of the rules. */
export interface DerivedFormContext {
  catalogue: ExpressionCatalogue | null;
  t: TFunction;
}

export type FormControl = Control<FormValues, DerivedFormContext, DerivedParameterBody>;

export const emptyRow = (): RowInput => ({
  conditionalStatement: '',
  expressionParam: '',
  dataSource: 'raw',
  unit: null,
});

export const emptySeries = (): SeriesInput => ({
  derivedParamLabel: '',
  derivedExpressionProperties: [emptyRow()],
});

/** The form's starting values: a new derived parameter gets the defaults of the body schema. */
export function toFormValues(parameter: DerivedParameter | null): FormValues {
  if (!parameter) {
    return {
      label: '',
      mtype: undefined as unknown as FormValues['mtype'],
      stdUnit: null,
      alertLabel: null,
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      derivedStdParamList: [emptySeries()],
    };
  }
  return {
    label: parameter.label,
    mtype: parameter.mtype as FormValues['mtype'],
    stdUnit: parameter.stdUnit,
    alertLabel: parameter.alertLabel,
    metricAgg: parameter.metricAgg,
    metricDownsampleAgg: parameter.metricDownsampleAgg,
    isAlertEnabled: parameter.isAlertEnabled,
    derivedStdParamList: parameter.derivedStdParamList.map((series) => ({
      derivedParamLabel: series.derivedParamLabel,
      derivedExpressionProperties: series.derivedExpressionProperties.map((row) => ({
        conditionalStatement: row.conditionalStatement ?? '',
        expressionParam: row.expressionParam,
        dataSource: row.dataSource,
        unit: row.unit,
      })),
    })),
  };
}

export function catalogueOf(keys: ExpressionKey[], selfId: number | null): ExpressionCatalogue {
  const standardKeys = keys.filter((key) => key.kind === 'standard').map((key) => key.key);
  const others = keys.filter((key) => key.kind === 'derived' && key.derivedParameterId !== selfId);
  return {
    standardKeys,
    otherSeries: others.map((key) => ({
      name: key.key,
      derivedParameterLabel: key.derivedParameterLabel ?? '',
    })),
    knownKeys: [...standardKeys, ...others.map((key) => key.key)],
    graph: Object.fromEntries(others.map((key) => [key.key, key.dependsOn])),
  };
}

const PARAMETER_FIELDS = [
  'label',
  'mtype',
  'stdUnit',
  'alertLabel',
  'metricAgg',
  'metricDownsampleAgg',
  'isAlertEnabled',
  'derivedStdParamList',
] as const satisfies readonly FieldPath<FormValues>[];

const ROW_FIELDS = ['conditionalStatement', 'expressionParam', 'dataSource', 'unit'] as const;

/** Every field the form shows for these values: where the server's field details may go. */
export function fieldPathsOf(values: Pick<FormValues, 'derivedStdParamList'>): FieldPath<FormValues>[] {
  const paths: string[] = [...PARAMETER_FIELDS];
  values.derivedStdParamList.forEach((series, s) => {
    const base = `derivedStdParamList.${s}`;
    paths.push(`${base}.derivedParamLabel`, `${base}.derivedExpressionProperties`);
    series.derivedExpressionProperties.forEach((_, r) => {
      for (const field of ROW_FIELDS) paths.push(`${base}.derivedExpressionProperties.${r}.${field}`);
    });
  });
  return paths as FieldPath<FormValues>[];
}
