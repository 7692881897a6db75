import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  energyParameterBodySchema,
  type EnergyParameter,
  type EnergyParameterBody,
  type EnergyParameterInput,
} from '@vayu/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, SwitchField, StaleVersionAlert } from '../../../components/form';
import { categoryOptions, unitOptions } from '../energy-labels';
import { translateEnergyMessage } from '../energy-messages';
import { toFormValues } from './form-values';
import { LabelField } from './label-field';
import { MetricsField } from './metrics-field';
import { SourceParameterField } from './source-parameter-field';
import { useEnergyParameterSubmit } from './use-energy-parameter-submit';

interface EnergyParameterFormProps {
  /** null adds an energy parameter. */
  parameter: EnergyParameter | null;
  /** After a save or on cancel. */
  onDone: () => void;
}

/**
 * The form shared by the add and edit pages. Name and key show live from the
 * label with the function the server applies; at least one metric is needed.
 */
export function EnergyParameterForm({ parameter, onDone }: EnergyParameterFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setError, getValues } = useForm<
    EnergyParameterInput,
    unknown,
    EnergyParameterBody
  >({
    resolver: zodResolver(energyParameterBodySchema),
    defaultValues: toFormValues(parameter),
    mode: 'onTouched',
  });
  const save = useEnergyParameterSubmit({ parameter, getValues, setError, reset, onDone });
  const isPending = save.isPending;
  const onSubmit = handleSubmit(save.submit);

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={parameter ? t('energy.params.form.editTitle') : t('energy.params.form.addTitle')}
    >
      <Stack gap="md">
        {save.conflict && (
          <StaleVersionAlert
            title={t('energy.conflictTitle')}
            message={t('energy.conflict')}
            reloadLabel={t('energy.reload')}
            onReload={() => void save.reload()}
            reloading={save.isReloading}
          />
        )}

        <LabelField control={control} disabled={isPending} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            translateError={(message) => translateEnergyMessage(t, message)}
            placeholder={t('energy.form.choose')}
            control={control}
            name="category"
            label={t('energy.fields.category')}
            data={categoryOptions(t)}
            required
            disabled={isPending}
          />
          <SelectField
            translateError={(message) => translateEnergyMessage(t, message)}
            placeholder={t('energy.form.choose')}
            control={control}
            name="unit"
            label={t('energy.fields.unit')}
            data={unitOptions()}
            required
            searchable
            disabled={isPending}
          />
        </SimpleGrid>

        <SourceParameterField control={control} current={parameter?.parameter ?? null} disabled={isPending} />
        <MetricsField control={control} current={parameter?.metrics ?? []} disabled={isPending} />

        <Stack gap="sm">
          <SwitchField
            control={control}
            name="isCumulative"
            label={t('energy.fields.isCumulative')}
            description={t('energy.params.form.cumulativeHint')}
            disabled={isPending}
          />
          <SwitchField
            control={control}
            name="isAlertEnabled"
            label={t('energy.fields.isAlertEnabled')}
            disabled={isPending}
          />
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isPending}>
            {t('energy.form.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {parameter ? t('energy.form.save') : t('energy.params.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
