import { SimpleGrid } from '@mantine/core';
import type { ParameterInput } from '@vayu/domain';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form';
import { useUnits } from '../api/get-units';
import { translateParameterMessage } from './form-values';

/** The standard unit and the unit shown by default, from the unit list. */
export function UnitFields({ control, disabled }: { control: Control<ParameterInput>; disabled: boolean }) {
  const { t } = useTranslation();
  const units = useUnits();
  const options = (units.data ?? []).map((unit) => ({ value: unit.code, label: unit.label }));
  const placeholder = units.isLoading ? t('common.loading') : t('parameters.form.noUnit');
  const loadError = units.isError ? t('parameters.form.unitsLoadError') : undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <SelectField
        translateError={(message) => translateParameterMessage(t, message)}
        control={control}
        name="stdUnit"
        label={t('parameters.fields.stdUnit')}
        placeholder={placeholder}
        data={options}
        clearable
        searchable
        disabled={disabled}
        loadError={loadError}
      />
      <SelectField
        translateError={(message) => translateParameterMessage(t, message)}
        control={control}
        name="defaultStdUnit"
        label={t('parameters.fields.defaultStdUnit')}
        placeholder={placeholder}
        data={options}
        clearable
        searchable
        disabled={disabled}
        loadError={loadError}
      />
    </SimpleGrid>
  );
}
