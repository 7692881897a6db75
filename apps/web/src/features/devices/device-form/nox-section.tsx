import { NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  complementRatio,
  DEFAULT_NO2_RATIO,
  DEFAULT_NO_RATIO,
  NOX_CONVERSIONS,
  type NoxConversion,
} from '@vayu/domain';
import { memo, useId, useRef } from 'react';
import { Controller, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form';
import { SegmentedChoice } from '../../../components/segmented-choice';
import { useNdirTypes } from '../api/device-lookups';
import type { DeviceFormValues } from './form-values';
import { FormSection } from './form-section';

interface NoxSectionProps {
  control: Control<DeviceFormValues>;
  setValue: UseFormSetValue<DeviceFormValues>;
}

/**
 * The NOx settings, shown when a monitored parameter is NOx (spec §4, §5):
 * NDIR on or off, the gas the NOx reading is converted from (which filters
 * the analyser types), the analyser type, and the NO and NO2 shares in
 * percent — changing one fills in the other until the user types that one too.
 */
export const NoxSection = memo(function NoxSection({ control, setValue }: NoxSectionProps) {
  const { t } = useTranslation();
  const conversionLabel = useId();
  const isNdirEnabled = useWatch({ control, name: 'isNdirEnabled' });
  const conversion = useWatch({ control, name: 'noxConversion' });
  const ndirType = useWatch({ control, name: 'ndirType' });
  const noRatio = useWatch({ control, name: 'noRatio' });
  const no2Ratio = useWatch({ control, name: 'no2Ratio' });
  const { isSubmitted } = useFormState({ control });
  const ndirTypes = useNdirTypes(conversion, isNdirEnabled);
  const options = (ndirTypes.data ?? []).map((type) => ({ value: type.value, label: type.label }));

  const chooseConversion = (next: NoxConversion) => {
    setValue('noxConversion', next, { shouldDirty: true });
    // A type of the other gas no longer fits.
    if (ndirType) setValue('ndirType', null, { shouldDirty: true });
  };
  // A share the user typed is theirs: it is no longer filled in from the other one.
  const typed = useRef(new Set<'noRatio' | 'no2Ratio'>());
  const fill = (changed: 'noRatio' | 'no2Ratio', value: number | null) => {
    const other = changed === 'noRatio' ? 'no2Ratio' : 'noRatio';
    typed.current.add(changed);
    setValue(changed, value, { shouldDirty: true, shouldValidate: isSubmitted });
    if (value !== null && value >= 0 && value <= 100 && !typed.current.has(other)) {
      setValue(other, complementRatio(value), { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  return (
    <FormSection legend={t('deviceRegistry.form.nox')}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="isNdirEnabled"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              label={t('deviceRegistry.fields.isNdirEnabled')}
              description={t('deviceRegistry.form.ndirHint')}
              checked={field.value}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                field.onChange(on);
                if (on && noRatio === null && no2Ratio === null) {
                  setValue('noRatio', DEFAULT_NO_RATIO);
                  setValue('no2Ratio', DEFAULT_NO2_RATIO);
                }
              }}
            />
          )}
        />
        {isNdirEnabled && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id={conversionLabel}>
                {t('deviceRegistry.fields.noxConversion')}
              </Text>
              <SegmentedChoice
                aria-labelledby={conversionLabel}
                value={conversion ?? 'NO'}
                onChange={chooseConversion}
                data={NOX_CONVERSIONS.map((value) => ({ value, label: value }))}
              />
            </Stack>
            <SelectField
              control={control}
              name="ndirType"
              label={t('deviceRegistry.fields.ndirType')}
              placeholder={ndirTypes.isLoading ? t('common.loading') : t('deviceRegistry.form.choose')}
              data={options}
              loadError={ndirTypes.isError ? t('deviceRegistry.messages.ndirTypesError') : undefined}
              required
            />
            <RatioField
              control={control}
              name="noRatio"
              label={t('deviceRegistry.fields.noRatio')}
              onFill={fill}
            />
            <RatioField
              control={control}
              name="no2Ratio"
              label={t('deviceRegistry.fields.no2Ratio')}
              onFill={fill}
            />
          </SimpleGrid>
        )}
      </Stack>
    </FormSection>
  );
});

function RatioField({
  control,
  name,
  label,
  onFill,
}: {
  control: Control<DeviceFormValues>;
  name: 'noRatio' | 'no2Ratio';
  label: string;
  onFill: (name: 'noRatio' | 'no2Ratio', value: number | null) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={label}
          value={field.value ?? ''}
          onChange={(next) =>
            onFill(name, typeof next === 'number' ? next : next === '' ? null : Number(next))
          }
          onBlur={field.onBlur}
          min={0}
          max={100}
          decimalScale={2}
          clampBehavior="strict"
          suffix=" %"
          required
          error={fieldState.error?.message}
          aria-invalid={fieldState.error ? true : undefined}
        />
      )}
    />
  );
}
