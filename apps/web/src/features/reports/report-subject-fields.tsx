import { MultiSelect, Select } from '@mantine/core';
import { REPORT_MAX_PARAMETERS, reportUnitLabel, type ReportPoint } from '@vayu/domain';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The fields every report form has: the monitoring point and its parameters. */
export interface SubjectValues extends FieldValues {
  monitoringPointId: string | null;
  parameterIds: string[];
}

/**
 * The monitoring point, and the parameters measured there (with their units):
 * choosing another point empties the parameters.
 */
export function ReportSubjectFields<F extends SubjectValues>({
  control,
  points,
  pointsError,
  onPointChange,
}: {
  control: Control<F>;
  points: ReportPoint[];
  pointsError?: string | undefined;
  /** Another point was chosen: its parameters are to be chosen again. */
  onPointChange: () => void;
}) {
  const { t } = useTranslation();
  const pointId = useWatch({ control, name: 'monitoringPointId' as Path<F> }) as string | null;
  const chosen = points.find((item) => String(item.id) === pointId);

  return (
    <>
      <Controller
        control={control}
        name={'monitoringPointId' as Path<F>}
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            label={t('reports.fields.monitoringPoint')}
            placeholder={t('reports.request.pointPlaceholder')}
            data={points.map((item) => ({ value: String(item.id), label: item.name }))}
            value={(field.value as string | null) ?? null}
            onChange={(next) => {
              field.onChange(next);
              onPointChange();
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? pointsError}
            aria-invalid={fieldState.error ? true : undefined}
            allowDeselect={false}
            searchable
            required
            nothingFoundMessage={t('reports.request.noPoints')}
          />
        )}
      />
      <Controller
        control={control}
        name={'parameterIds' as Path<F>}
        render={({ field, fieldState }) => (
          <MultiSelect
            ref={field.ref}
            label={t('reports.fields.parameters')}
            placeholder={t('reports.request.parametersPlaceholder')}
            data={(chosen?.parameters ?? []).map((parameter) => ({
              value: String(parameter.id),
              label: parameter.unit
                ? `${parameter.label} (${reportUnitLabel(parameter.unit)})`
                : parameter.label,
            }))}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            aria-invalid={fieldState.error ? true : undefined}
            disabled={!chosen}
            maxValues={REPORT_MAX_PARAMETERS}
            searchable
            clearable
            hidePickedOptions
            required
          />
        )}
      />
    </>
  );
}
