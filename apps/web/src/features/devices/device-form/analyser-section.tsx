import { SimpleGrid } from '@mantine/core';
import { DEVICE_UPLOAD_METHODS, type Device } from '@vayu/domain';
import { memo } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form';
import { useDeviceTypes, useMakesOfType, useModels } from '../api/device-lookups';
import type { DeviceFormValues } from './form-values';
import { FormSection } from './form-section';
import { IdSelectField } from './id-select-field';

interface AnalyserSectionProps {
  control: Control<DeviceFormValues>;
  setValue: UseFormSetValue<DeviceFormValues>;
  /** The stored device, whose make and models still show by name if the lists no longer offer them. */
  device: Device | null;
  /** The user chose another analyser model: its parameters become the device's rows. */
  onModelPicked: (modelId: number | null) => void;
}

type Option = { value: number; label: string };

/** Adds the stored choice when the list lacks it, so it shows by name. */
function withCurrent(options: Option[], current: { id: number; name: string } | null | undefined): Option[] {
  if (!current || options.some((option) => option.value === current.id)) return options;
  return [...options, { value: current.id, label: current.name }];
}

/** The device type, the analyser make and model, the calibrator make and model, and how data is uploaded. */
export const AnalyserSection = memo(function AnalyserSection({
  control,
  setValue,
  device,
  onModelPicked,
}: AnalyserSectionProps) {
  const { t } = useTranslation();
  const makeId = useWatch({ control, name: 'makeId' });
  const calibratorMakeId = useWatch({ control, name: 'calibratorMakeId' });
  const types = useDeviceTypes();
  const analyserMakes = useMakesOfType('Analyser');
  const calibratorMakes = useMakesOfType('Calibrator');
  const models = useModels(makeId);
  const calibratorModels = useModels(calibratorMakeId);

  const toOptions = (items: { id: number; name: string }[] | undefined): Option[] =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const modelOptions = withCurrent(
    (models.data ?? []).map((model) => ({
      value: model.id,
      label: model.modelType ? `${model.name} (${model.modelType})` : model.name,
    })),
    device?.model.make.id === makeId ? device?.model : null,
  );
  const calibratorModelOptions = withCurrent(
    toOptions(calibratorModels.data),
    device?.calibratorModel?.make.id === calibratorMakeId ? device?.calibratorModel : null,
  );

  return (
    <FormSection legend={t('deviceRegistry.form.analyser')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <SelectField
          control={control}
          name="type"
          label={t('deviceRegistry.fields.type')}
          placeholder={types.isLoading ? t('common.loading') : t('deviceRegistry.form.choose')}
          data={types.data ?? []}
          loadError={types.isError ? t('deviceRegistry.messages.typesError') : undefined}
          searchable
          clearable
        />
        <IdSelectField
          control={control}
          name="makeId"
          label={t('deviceRegistry.fields.make')}
          placeholder={analyserMakes.isLoading ? t('common.loading') : t('deviceRegistry.form.chooseMake')}
          data={withCurrent(toOptions(analyserMakes.data), device?.model.make)}
          loadError={analyserMakes.isError ? t('deviceRegistry.form.makesError') : undefined}
          onPicked={() => {
            setValue('modelId', null);
            onModelPicked(null);
          }}
          nothingFoundMessage={t('deviceRegistry.form.noMake')}
          searchable
          required
        />
        <IdSelectField
          control={control}
          name="modelId"
          label={t('deviceRegistry.fields.model')}
          placeholder={
            makeId === null
              ? t('deviceRegistry.form.chooseMakeFirst')
              : models.isLoading
                ? t('common.loading')
                : t('deviceRegistry.form.chooseModel')
          }
          data={modelOptions}
          loadError={models.isError ? t('deviceRegistry.form.modelsError') : undefined}
          onPicked={onModelPicked}
          nothingFoundMessage={t('deviceRegistry.form.noModels')}
          disabled={makeId === null}
          searchable
          required
        />
        <IdSelectField
          control={control}
          name="calibratorMakeId"
          label={t('deviceRegistry.fields.calibratorMake')}
          placeholder={
            calibratorMakes.isLoading ? t('common.loading') : t('deviceRegistry.form.noCalibrator')
          }
          data={withCurrent(toOptions(calibratorMakes.data), device?.calibratorModel?.make)}
          loadError={calibratorMakes.isError ? t('deviceRegistry.form.makesError') : undefined}
          onPicked={() => setValue('calibratorModelId', null)}
          nothingFoundMessage={t('deviceRegistry.form.noMake')}
          searchable
          clearable
        />
        <IdSelectField
          control={control}
          name="calibratorModelId"
          label={t('deviceRegistry.fields.calibratorModel')}
          placeholder={
            calibratorMakeId === null
              ? t('deviceRegistry.form.chooseMakeFirst')
              : t('deviceRegistry.form.chooseModel')
          }
          data={calibratorModelOptions}
          loadError={calibratorModels.isError ? t('deviceRegistry.form.modelsError') : undefined}
          nothingFoundMessage={t('deviceRegistry.form.noModels')}
          disabled={calibratorMakeId === null}
          searchable
          clearable
        />
        <SelectField
          control={control}
          name="dataUploadMethod"
          label={t('deviceRegistry.fields.dataUploadMethod')}
          data={DEVICE_UPLOAD_METHODS.map((method) => ({ value: method, label: method }))}
          required
        />
      </SimpleGrid>
    </FormSection>
  );
});
