import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ADDON_UNITS, formatInr, type Addon, type Plan } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { AddonEditDialog } from './addon-edit-dialog';
import { useAddons, usePlans } from './api';
import { byAddonOrder, periodPriceKey } from './billing-text';
import { PlanEditDialog } from './plan-edit-dialog';

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" tt="none">
      {active ? t('billing.plans.onSale') : t('billing.plans.withdrawn')}
    </Badge>
  );
}

/**
 * `/plans` (site administrators): the plans with the add-ons each includes,
 * withdrawn ones too, and the add-ons with their monthly price per unit, in
 * the spec's order (Parameter, Camera, User, RC).
 */
export function PlanList() {
  const { t } = useTranslation();
  const plans = usePlans();
  const addons = useAddons();
  const [editingPlan, setEditingPlan] = useState<Plan | null | undefined>(undefined);
  const [editingAddon, setEditingAddon] = useState<Addon | null | undefined>(undefined);
  useDocumentTitle(`${t('pages.plans')} · ${t('common.appName')}`);

  const addonList = byAddonOrder(addons.data ?? []);
  const takenUnits = addonList.map((addon) => addon.unit);

  const planColumns: DataTableColumn<Plan>[] = [
    {
      key: 'code',
      header: t('billing.plans.code'),
      cellProps: { fw: 500, style: { whiteSpace: 'nowrap' } },
      render: (plan) => plan.code,
    },
    { key: 'name', header: t('billing.plans.name'), render: (plan) => plan.name },
    {
      key: 'price',
      header: t('billing.plans.priceColumn'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (plan) => `${formatInr(plan.price)} ${t(periodPriceKey(plan.period))}`,
    },
    {
      key: 'addons',
      header: t('billing.plans.addons'),
      render: (plan) =>
        plan.addons.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('billing.plans.noAddonRows')}
          </Text>
        ) : (
          <Stack gap={2}>
            {byAddonOrder(plan.addons).map((addon) => (
              <Text size="sm" key={addon.addOnId}>
                {t(
                  addon.suggestedAddons === null
                    ? 'billing.plans.addonSummary'
                    : 'billing.plans.addonSummarySuggested',
                  {
                    unit: t(`billing.units.${addon.addOnUnit}`),
                    included: addon.quantity,
                    minimum: addon.minimumAddons,
                    suggested: addon.suggestedAddons,
                  },
                )}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      key: 'status',
      header: t('billing.plans.status'),
      render: (plan) => <ActiveBadge active={plan.active} />,
    },
    {
      key: 'actions',
      header: t('billing.actions'),
      render: (plan) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setEditingPlan(plan)}
          aria-label={t('billing.plans.editNamed', { code: plan.code })}
        >
          {t('billing.edit')}
        </Button>
      ),
    },
  ];

  const addonColumns: DataTableColumn<Addon>[] = [
    { key: 'name', header: t('billing.addons.name'), cellProps: { fw: 500 }, render: (addon) => addon.name },
    { key: 'unit', header: t('billing.addons.unit'), render: (addon) => t(`billing.units.${addon.unit}`) },
    {
      key: 'price',
      header: t('billing.addons.monthlyPrice'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (addon) => formatInr(addon.monthlyPrice),
    },
    {
      key: 'status',
      header: t('billing.plans.status'),
      render: (addon) => <ActiveBadge active={addon.active} />,
    },
    {
      key: 'actions',
      header: t('billing.actions'),
      render: (addon) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setEditingAddon(addon)}
          aria-label={t('billing.addons.editNamed', { name: addon.name })}
        >
          {t('billing.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.plans')}</Title>
          <Text c="dimmed" size="sm">
            {t('billing.plans.intro')}
          </Text>
        </Stack>
        <Button onClick={() => setEditingPlan(null)}>{t('billing.plans.add')}</Button>
      </Group>

      <ListResult
        query={plans}
        rows={plans.data}
        errorTitle={t('billing.plans.loadError')}
        empty={t('billing.plans.empty')}
      >
        <DataTable
          columns={planColumns}
          rows={plans.data}
          getRowKey={(plan) => plan.id}
          caption={t('billing.plans.caption', { count: plans.data?.length ?? 0 })}
          minWidth={860}
        />
      </ListResult>

      <section aria-labelledby="addons-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} size="h3" id="addons-title">
                {t('billing.addons.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('billing.addons.intro')}
              </Text>
            </Stack>
            <Button
              variant="default"
              onClick={() => setEditingAddon(null)}
              disabled={!addons.data || takenUnits.length >= ADDON_UNITS.length}
            >
              {t('billing.addons.add')}
            </Button>
          </Group>
          <ListResult
            query={addons}
            rows={addons.data}
            errorTitle={t('billing.addons.loadError')}
            empty={t('billing.addons.empty')}
          >
            <DataTable
              columns={addonColumns}
              rows={addons.data ? addonList : undefined}
              getRowKey={(addon) => addon.id}
              caption={t('billing.addons.caption', { count: addonList.length })}
              minWidth={620}
            />
          </ListResult>
        </Stack>
      </section>

      <PlanEditDialog plan={editingPlan} addons={addonList} onClose={() => setEditingPlan(undefined)} />
      <AddonEditDialog
        addon={editingAddon}
        takenUnits={takenUnits}
        onClose={() => setEditingAddon(undefined)}
      />
    </Stack>
  );
}
