import { getDerivedSeriesName, type ExpressionKey } from '@vayu/domain';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { UnitOption } from '../../parameters';
import { ExpressionKeyReference, type ReferenceKey } from '../expression-key-reference';
import type { FormControl } from './form-model';

interface KeyReferencePanelProps {
  control: FormControl;
  keys: ExpressionKey[] | undefined;
  units: UnitOption[] | undefined;
  selfId: number | null;
  isLoading: boolean;
  isError: boolean;
  onInsert: (text: string) => void;
}

/**
 * The key reference with this form's own series added. It follows the series
 * labels itself, so typing in the form does not redraw the whole form.
 */
export function KeyReferencePanel({
  control,
  keys,
  units,
  selfId,
  isLoading,
  isError,
  onInsert,
}: KeyReferencePanelProps) {
  const ownSeries = useWatch({ control, name: 'derivedStdParamList' });
  const ownNames = (ownSeries ?? [])
    .map((series) => getDerivedSeriesName(series?.derivedParamLabel ?? ''))
    .filter(Boolean)
    .join('\n');
  const catalogueKeys = useMemo(() => {
    const unitLabels = new Map((units ?? []).map((unit) => [unit.code, unit.label]));
    return (keys ?? [])
      .filter((key) => key.kind === 'standard' || key.derivedParameterId !== selfId)
      .map((key): ReferenceKey => ({
        key: key.key,
        label: key.label,
        kind: key.kind,
        unit: key.unit === null ? null : (unitLabels.get(key.unit) ?? key.unit),
        owner: key.derivedParameterLabel,
      }));
  }, [keys, units, selfId]);
  const referenceKeys = useMemo(
    () => [
      ...[...new Set(ownNames.split('\n').filter(Boolean))].map((name): ReferenceKey => ({
        key: name,
        label: '',
        kind: 'own',
        unit: null,
        owner: null,
      })),
      ...catalogueKeys,
    ],
    [ownNames, catalogueKeys],
  );
  return (
    <ExpressionKeyReference
      keys={referenceKeys}
      isLoading={isLoading}
      isError={isError}
      onInsert={onInsert}
    />
  );
}
