import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import {
  DIAGNOSTIC_OWNER_KINDS,
  DIAGNOSTIC_UPLOAD_METHODS,
  diagnosticParamFormSchema,
  getRemoteCalibrationLabel,
  type DiagnosticParam,
} from '@vayu/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '../../accounts';
import { translateDiagnosticMessage } from '../diagnostic-messages';
import { toFormValues, type FormInput, type FormValues } from './form-values';
import { ModelFields } from './model-fields';
import { StateSwitch } from './state-switch';
import { useDiagnosticParamSubmit } from './use-diagnostic-param-submit';
import { StaleVersionAlert } from '../../../components/form';
import { ParameterPicker } from '../../../components/parameter-picker';

interface DiagnosticParamFormProps {
  /** null adds a set-up. */
  setUp: DiagnosticParam | null;
  /** After a save and on cancel. */
  onDone: () => void;
}

/**
 * Add or edit a diagnostic set-up (spec §3): an analyser model (make, then
 * model) or an industry, its diagnostic readings from the catalogue, the
 * remote calibration switch (ENABLED / DISABLED) and calibration through the
 * utility with its upload method.
 */
export function DiagnosticParamForm({ setUp, onDone }: DiagnosticParamFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setError, setValue, clearErrors } = useForm<
    FormInput,
    unknown,
    FormValues
  >({
    resolver: zodResolver(diagnosticParamFormSchema),
    defaultValues: toFormValues(setUp),
    mode: 'onTouched',
  });
  const ownerKind = useWatch({ control, name: 'ownerKind' });
  const isThroughUtility = useWatch({ control, name: 'isCalibrationThroughUtility' });
  const save = useDiagnosticParamSubmit({ setUp, setError, reset, onDone });
  const { current, isPending } = save;
  const onSubmit = handleSubmit(save.submit);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {save.conflict && (
          <StaleVersionAlert
            title={t('diagnostics.form.conflictTitle')}
            message={t('diagnostics.form.conflict')}
            reloadLabel={t('diagnostics.form.reload')}
            onReload={() => void save.reload()}
            reloading={save.isReloading}
          />
        )}

        <Controller
          control={control}
          name="ownerKind"
          render={({ field }) => (
            <Radio.Group
              name={field.name}
              label={t('diagnostics.fields.owner')}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                clearErrors(['makeId', 'modelId', 'tenantId']);
              }}
              required
            >
              <Group gap="lg" mt={6}>
                {DIAGNOSTIC_OWNER_KINDS.map((kind) => (
                  <Radio
                    key={kind}
                    value={kind}
                    label={t(`diagnostics.ownerKinds.${kind}`)}
                    disabled={isPending}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />

        {ownerKind === 'model' ? (
          <ModelFields
            control={control}
            setValue={setValue}
            current={current?.model ?? null}
            disabled={isPending}
          />
        ) : (
          <Controller
            control={control}
            name="tenantId"
            render={({ field, fieldState }) => (
              <AccountSelect
                label={t('diagnostics.fields.tenant')}
                placeholder={t('diagnostics.form.industryPlaceholder')}
                value={field.value ?? null}
                valueLabel={current?.tenant?.id === field.value ? current?.tenant?.name : undefined}
                types={['tenant']}
                onChange={(account) => field.onChange(account?.id ?? null)}
                error={translateDiagnosticMessage(t, fieldState.error?.message)}
                required
                disabled={isPending}
              />
            )}
          />
        )}

        <ParameterPicker
          control={control}
          name="paramIds"
          current={current?.parameters ?? []}
          label={t('diagnostics.fields.parameters')}
          description={t('diagnostics.form.parametersHint')}
          placeholder={t('diagnostics.form.parametersPlaceholder')}
          nothingFoundMessage={t('diagnostics.form.noParameterFound')}
          loadError={t('diagnostics.form.parametersLoadError')}
          translateError={(message) => translateDiagnosticMessage(t, message)}
          required
          disabled={isPending}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <StateSwitch
            control={control}
            name="isRemoteCalibration"
            title={t('diagnostics.fields.remoteCalibration')}
            stateLabel={(on) => t(`diagnostics.remoteCalibrationStates.${getRemoteCalibrationLabel(on)}`)}
            description={t('diagnostics.form.remoteCalibrationHint')}
            color="teal"
            disabled={isPending}
          />
          <StateSwitch
            control={control}
            name="isCalibrationThroughUtility"
            title={t('diagnostics.fields.throughUtility')}
            stateLabel={(on) => (on ? t('diagnostics.form.yes') : t('diagnostics.form.no'))}
            description={t('diagnostics.form.throughUtilityHint')}
            onToggle={(on) => {
              if (!on) clearErrors('dataUploadMethod');
            }}
            disabled={isPending}
          />
        </SimpleGrid>

        {isThroughUtility && (
          <Controller
            control={control}
            name="dataUploadMethod"
            render={({ field, fieldState }) => {
              const error = translateDiagnosticMessage(t, fieldState.error?.message);
              return (
                <Radio.Group
                  name={field.name}
                  label={t('diagnostics.fields.uploadMethod')}
                  value={field.value ?? null}
                  onChange={(next) => field.onChange(next)}
                  error={error}
                  required
                >
                  <Group gap="lg" mt={6}>
                    {DIAGNOSTIC_UPLOAD_METHODS.map((method) => (
                      <Radio
                        key={method}
                        value={method}
                        label={method}
                        disabled={isPending}
                        aria-invalid={error ? true : undefined}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              );
            }}
          />
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isPending}>
            {t('diagnostics.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {setUp ? t('diagnostics.form.save') : t('diagnostics.list.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
