import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  addonBodySchema,
  addonUpdateBodySchema,
  ADDON_UNITS,
  PRICE_MAX_PAISE,
  type Addon,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { NumberField, SelectField, StaleVersionAlert, SwitchField, TextField } from '../../components/form';
import { useAddons, useSaveAddon } from './api';
import { candidateResolver, showBillingSaveError } from './billing-form';
import { billingMessage, paiseToRupees, rupeesToPaise } from './billing-text';

interface AddonFormValues {
  name: string;
  unit: string | null;
  /** Per unit per month, in rupees; the API takes paise. */
  monthlyPrice: number | null;
  active: boolean;
  version?: number;
}

const FIELDS = ['name', 'unit', 'monthlyPrice', 'active'] as const;

function bodyCandidate(values: AddonFormValues, isEdit: boolean): Record<string, unknown> {
  const common = {
    name: values.name,
    monthlyPrice: rupeesToPaise(values.monthlyPrice),
    active: values.active,
  };
  return isEdit ? { ...common, version: values.version } : { ...common, unit: values.unit ?? undefined };
}

const formOf = (addon: Addon | null): AddonFormValues => ({
  name: addon?.name ?? '',
  unit: addon?.unit ?? null,
  monthlyPrice: addon ? paiseToRupees(addon.monthlyPrice) : null,
  active: addon?.active ?? true,
  ...(addon ? { version: addon.version } : {}),
});

export interface AddonEditDialogProps {
  /** Open: adding (null) or editing an add-on; closed: undefined. */
  addon: Addon | null | undefined;
  /** Units that have an add-on already (a unit has one add-on). */
  takenUnits: readonly string[];
  onClose: () => void;
}

/** Add an add-on for a unit, or rename it, change its monthly price or withdraw it (its unit stays). */
export function AddonEditDialog({ addon, takenUnits, onClose }: AddonEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={addon !== undefined}
      onClose={onClose}
      title={addon ? t('billing.addons.editTitle', { name: addon.name }) : t('billing.addons.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {addon !== undefined && (
        <AddonForm
          key={addon ? `${addon.id}-${addon.version}` : 'new'}
          addon={addon}
          takenUnits={takenUnits}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AddonForm({
  addon,
  takenUnits,
  onClose,
}: {
  addon: Addon | null;
  takenUnits: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isEdit = addon !== null;
  const save = useSaveAddon();
  const addons = useAddons();
  const [conflict, setConflict] = useState(false);
  const schema = isEdit ? addonUpdateBodySchema : addonBodySchema;
  const resolver = useMemo(
    () => candidateResolver<AddonFormValues>(schema, (values) => bodyCandidate(values, isEdit), t),
    [schema, isEdit, t],
  );
  const { control, handleSubmit, reset, setError } = useForm<AddonFormValues>({
    resolver,
    defaultValues: formOf(addon),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = (await addons.refetch()).data?.find((item) => item.id === addon?.id);
    if (latest) reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      addon
        ? { id: addon.id, body: addonUpdateBodySchema.parse(bodyCandidate(values, true)) }
        : { id: null, body: addonBodySchema.parse(bodyCandidate(values, false)) },
      {
        onSuccess: (saved) => {
          notifySuccess(
            isEdit
              ? t('billing.addons.updated', { name: saved.name })
              : t('billing.addons.created', { name: saved.name }),
          );
          onClose();
        },
        onError: (error) =>
          showBillingSaveError(error, setError, t, {
            fields: FIELDS,
            codeFields: { ADDON_EXISTS: 'unit' },
            onConflict: () => setConflict(true),
            failureMessage: t('billing.addons.saveError'),
          }),
      },
    ),
  );

  const units = ADDON_UNITS.filter((unit) => !takenUnits.includes(unit)).map((unit) => ({
    value: unit,
    label: t(`billing.units.${unit}`),
  }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate autoComplete="off">
      <Stack gap="md">
        {conflict && (
          <StaleVersionAlert
            title={t('billing.conflictTitle')}
            message={t('billing.conflict')}
            reloadLabel={t('billing.reload')}
            onReload={() => void reload()}
            reloading={addons.isFetching}
          />
        )}
        <TextField
          control={control}
          name="name"
          label={t('billing.addons.name')}
          maxLength={60}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {isEdit ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('billing.addons.unit')}
              </Text>
              <Text size="sm">{t(`billing.units.${addon.unit}`)}</Text>
            </Stack>
          ) : (
            <SelectField
              control={control}
              name="unit"
              label={t('billing.addons.unit')}
              description={t('billing.addons.unitHelp')}
              data={units}
              translateError={(message) => message && billingMessage(t, message)}
              required
            />
          )}
          <NumberField
            control={control}
            name="monthlyPrice"
            label={t('billing.addons.monthlyPrice')}
            description={t('billing.addons.monthlyPriceHelp')}
            min={0}
            max={PRICE_MAX_PAISE / 100}
            decimalScale={2}
            allowNegative={false}
            required
          />
        </SimpleGrid>
        <SwitchField
          control={control}
          name="active"
          label={t('billing.addons.active')}
          description={t('billing.addons.activeHelp')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict}>
            {isEdit ? t('billing.save') : t('billing.addons.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
