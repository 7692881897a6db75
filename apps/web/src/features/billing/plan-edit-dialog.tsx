import { ActionIcon, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ADDON_QUANTITY_MAX,
  ADDON_UNITS,
  BILLING_PERIODS,
  planCreateBodySchema,
  planUpdateBodySchema,
  PRICE_MAX_PAISE,
  type Addon,
  type Plan,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notifications';
import { NumberField, SelectField, StaleVersionAlert, SwitchField, TextField } from '../../components/form';
import { usePlans, useSavePlan } from './api';
import { candidateResolver, showBillingSaveError } from './billing-form';
import { billingMessage, byAddonOrder, paiseToRupees, rupeesToPaise } from './billing-text';

interface AddonRow {
  addOnId: string;
  quantity: number | null;
  minimumAddons: number | null;
  suggestedAddons: number | null;
}

interface PlanFormValues {
  code: string;
  name: string;
  description: string;
  period: string | null;
  /** In rupees; the API takes paise. */
  price: number | null;
  active: boolean;
  addons: AddonRow[];
  version?: number;
}

/** The form's values as the API's body: the price in paise, the code only when adding. */
function bodyCandidate(values: PlanFormValues, isEdit: boolean): Record<string, unknown> {
  const common = {
    name: values.name,
    description: values.description,
    period: values.period ?? undefined,
    price: rupeesToPaise(values.price),
    active: values.active,
    addons: values.addons.map((row) => ({
      addOnId: row.addOnId,
      quantity: row.quantity,
      minimumAddons: row.minimumAddons,
      suggestedAddons: row.suggestedAddons,
    })),
  };
  return isEdit ? { ...common, version: values.version } : { code: values.code, ...common };
}

const formOf = (plan: Plan | null): PlanFormValues => ({
  code: plan?.code ?? '',
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  period: plan?.period ?? 'MONTHLY',
  price: plan ? paiseToRupees(plan.price) : null,
  active: plan?.active ?? true,
  addons: byAddonOrder(plan?.addons ?? []).map((addon) => ({
    addOnId: String(addon.addOnId),
    quantity: addon.quantity,
    minimumAddons: addon.minimumAddons,
    suggestedAddons: addon.suggestedAddons,
  })),
  ...(plan ? { version: plan.version } : {}),
});

const TOP_FIELDS = ['code', 'name', 'description', 'period', 'price', 'active'] as const;
const ROW_FIELDS = ['addOnId', 'quantity', 'minimumAddons', 'suggestedAddons'] as const;

export interface PlanEditDialogProps {
  /** Open: adding (null plan) or editing a plan; closed: undefined. */
  plan: Plan | null | undefined;
  addons: Addon[];
  onClose: () => void;
}

/** Add or edit a plan: its code (when adding), name, period, price and the add-ons it includes. */
export function PlanEditDialog({ plan, addons, onClose }: PlanEditDialogProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={plan !== undefined}
      onClose={onClose}
      title={plan ? t('billing.plans.editTitle', { code: plan.code }) : t('billing.plans.addTitle')}
      size="xl"
      fullScreen={isNarrow}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {plan !== undefined && (
        <PlanForm
          key={plan ? `${plan.id}-${plan.version}` : 'new'}
          plan={plan}
          addons={addons}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function PlanForm({ plan, addons, onClose }: { plan: Plan | null; addons: Addon[]; onClose: () => void }) {
  const { t } = useTranslation();
  const isEdit = plan !== null;
  const save = useSavePlan();
  const plans = usePlans();
  const [conflict, setConflict] = useState(false);
  const schema = isEdit ? planUpdateBodySchema : planCreateBodySchema;
  const resolver = useMemo(
    () => candidateResolver<PlanFormValues>(schema, (values) => bodyCandidate(values, isEdit), t),
    [schema, isEdit, t],
  );
  const { control, handleSubmit, reset, setError } = useForm<PlanFormValues>({
    resolver,
    defaultValues: formOf(plan),
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control, name: 'addons' });
  const chosen = useWatch({ control, name: 'addons' }).map((row) => row.addOnId);
  const sortedAddons = byAddonOrder(addons);
  const nextAddon = sortedAddons.find((addon) => !chosen.includes(String(addon.id)));

  const reload = async () => {
    const latest = (await plans.refetch()).data?.find((item) => item.id === plan?.id);
    if (latest) reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((values) => {
    const fields: FieldPath<PlanFormValues>[] = [
      ...TOP_FIELDS,
      ...values.addons.flatMap((_, index) =>
        ROW_FIELDS.map((field) => `addons.${index}.${field}` as FieldPath<PlanFormValues>),
      ),
    ];
    const input = plan
      ? { id: plan.id, body: planUpdateBodySchema.parse(bodyCandidate(values, true)) }
      : { id: null, body: planCreateBodySchema.parse(bodyCandidate(values, false)) };
    save.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(
          isEdit
            ? t('billing.plans.updated', { code: saved.code })
            : t('billing.plans.created', { code: saved.code }),
        );
        onClose();
      },
      onError: (error) =>
        showBillingSaveError(error, setError, t, {
          fields,
          codeFields: { PLAN_EXISTS: 'code' },
          onConflict: () => setConflict(true),
          failureMessage: t('billing.plans.saveError'),
        }),
    });
  });

  const addonLabel = (addon: Addon) => `${addon.name} (${t(`billing.units.${addon.unit}`)})`;
  const periods = BILLING_PERIODS.map((period) => ({
    value: period,
    label: t(`billing.periods.name.${period}`),
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
            reloading={plans.isFetching}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {isEdit ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('billing.plans.code')}
              </Text>
              <Text size="sm">{plan.code}</Text>
            </Stack>
          ) : (
            <TextField
              control={control}
              name="code"
              label={t('billing.plans.code')}
              description={t('billing.plans.codeHelp')}
              maxLength={30}
              spellCheck={false}
              required
              styles={{ input: { textTransform: 'uppercase' } }}
              data-autofocus
            />
          )}
          <TextField control={control} name="name" label={t('billing.plans.name')} maxLength={60} required />
        </SimpleGrid>
        <TextField
          control={control}
          name="description"
          label={t('billing.plans.description')}
          maxLength={300}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField
            control={control}
            name="period"
            label={t('billing.plans.period')}
            data={periods}
            translateError={(message) => message && billingMessage(t, message)}
            required
          />
          <NumberField
            control={control}
            name="price"
            label={t('billing.plans.price')}
            description={t('billing.plans.priceHelp')}
            min={0}
            max={PRICE_MAX_PAISE / 100}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            required
          />
          <SwitchField
            control={control}
            name="active"
            label={t('billing.plans.active')}
            description={t('billing.plans.activeHelp')}
            mt={{ sm: 'lg' }}
          />
        </SimpleGrid>

        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend">
            {t('billing.plans.addons')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.plans.addonsHelp')}
          </Text>
          {rows.fields.length === 0 && <Text size="sm">{t('billing.plans.noAddonRows')}</Text>}
          {rows.fields.map((row, index) => {
            const addon = addons.find((item) => String(item.id) === chosen[index]);
            const options = sortedAddons
              .filter((item) => String(item.id) === chosen[index] || !chosen.includes(String(item.id)))
              .map((item) => ({ value: String(item.id), label: addonLabel(item) }));
            return (
              <Paper key={row.id} withBorder radius="sm" p="sm">
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ flex: 1 }}>
                    <SelectField
                      control={control}
                      name={`addons.${index}.addOnId`}
                      label={t('billing.plans.addon')}
                      data={options}
                      translateError={(message) => message && billingMessage(t, message)}
                    />
                    <NumberField
                      control={control}
                      name={`addons.${index}.quantity`}
                      label={t('billing.plans.included')}
                      min={0}
                      max={ADDON_QUANTITY_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                    />
                    <NumberField
                      control={control}
                      name={`addons.${index}.minimumAddons`}
                      label={t('billing.plans.minimum')}
                      min={0}
                      max={ADDON_QUANTITY_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                    />
                    <NumberField
                      control={control}
                      name={`addons.${index}.suggestedAddons`}
                      label={t('billing.plans.suggested')}
                      description={t('billing.plans.suggestedHelp')}
                      min={0}
                      max={ADDON_QUANTITY_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                    />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    onClick={() => rows.remove(index)}
                    aria-label={t('billing.plans.removeAddon', {
                      name: addon ? addonLabel(addon) : index + 1,
                    })}
                  >
                    <span aria-hidden>✕</span>
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          <Group>
            <Button
              variant="default"
              size="xs"
              disabled={!nextAddon || rows.fields.length >= ADDON_UNITS.length}
              onClick={() =>
                nextAddon &&
                rows.append({
                  addOnId: String(nextAddon.id),
                  quantity: 0,
                  minimumAddons: 0,
                  suggestedAddons: null,
                })
              }
            >
              {t('billing.plans.addAddonRow')}
            </Button>
            {addons.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('billing.plans.noAddonsYet')}
              </Text>
            )}
          </Group>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('billing.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict}>
            {isEdit ? t('billing.save') : t('billing.plans.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
