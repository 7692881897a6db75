import { Select } from '@mantine/core';
import { ENERGY_MTYPE, MAX_PAGE_SIZE, type EnergyParameterInput } from '@vayu/domain';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParameters } from '../../parameters';
import type { ParameterListQuery } from '../../parameters';
import { translateEnergyMessage } from '../energy-messages';

/** The catalogue parameters that may feed an energy parameter: those measured at 'energy'. */
const SOURCE_QUERY: ParameterListQuery = { page: 1, pageSize: MAX_PAGE_SIZE, mtype: ENERGY_MTYPE };

/** The catalogue parameter of mtype energy whose readings feed this one (optional). */
export function SourceParameterField({
  control,
  current,
  disabled,
}: {
  control: Control<EnergyParameterInput>;
  current: { id: number; label: string } | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const sources = useParameters(SOURCE_QUERY);
  const options = (sources.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.label }));
  // The parameter it is fed by today still shows, even when it is not among the first page.
  if (current && !options.some((option) => option.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.label });
  }

  return (
    <Controller
      control={control}
      name="parameterId"
      render={({ field, fieldState }) => {
        const error =
          translateEnergyMessage(t, fieldState.error?.message) ??
          (sources.isError ? t('energy.params.form.sourcesLoadError') : undefined);
        return (
          <Select
            ref={field.ref}
            name={field.name}
            label={t('energy.fields.parameter')}
            description={t('energy.params.form.parameterHint')}
            placeholder={sources.isLoading ? t('common.loading') : t('energy.params.form.noSource')}
            data={options}
            value={field.value ? String(field.value) : null}
            onChange={(next) => field.onChange(next ? Number(next) : null)}
            onBlur={field.onBlur}
            clearable
            searchable
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('energy.params.form.noSourceFound')}
          />
        );
      }}
    />
  );
}
