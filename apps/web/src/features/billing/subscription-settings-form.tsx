import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ADDON_QUANTITY_MAX, subscriptionSettingsBodySchema } from '@vayu/domain';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../app/notifications';
import { NumberField, StaleVersionAlert, SwitchField } from '../../components/form';
import { useUpdateSubscriptionSettings, type SubscriptionView } from './api';
import { billingResolver, showBillingSaveError } from './billing-form';

type SettingsValues = z.input<typeof subscriptionSettingsBodySchema>;
type SettingsBody = z.output<typeof subscriptionSettingsBodySchema>;
const FIELDS = ['paymentMode', 'grantedUsers', 'grantedParameters', 'grantedCameras'] as const;

const formOf = (view: SubscriptionView): SettingsValues => ({
  paymentMode: view.paymentMode,
  grantedUsers: view.granted.users,
  grantedParameters: view.granted.parameters,
  grantedCameras: view.granted.cameras,
  version: view.version,
});

/**
 * The site's settings of an industry (site administrators only): payment
 * mode (limits enforced) and the units granted free on top of the plan.
 */
export function SubscriptionSettingsForm({
  view,
  onReload,
}: {
  view: SubscriptionView;
  onReload: () => Promise<SubscriptionView | null>;
}) {
  const { t } = useTranslation();
  const save = useUpdateSubscriptionSettings(view.tenantId);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<SettingsValues, unknown, SettingsBody>({
    resolver: billingResolver(
      zodResolver(subscriptionSettingsBodySchema) as Resolver<SettingsValues, unknown, SettingsBody>,
      t,
    ),
    defaultValues: formOf(view),
    mode: 'onTouched',
  });

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await onReload();
      if (latest) reset(formOf(latest));
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formOf(saved));
        notifySuccess(t('billing.settings.saved'));
      },
      onError: (error) =>
        showBillingSaveError(error, setError, t, {
          fields: FIELDS,
          onConflict: () => setConflict(true),
          failureMessage: t('billing.settings.saveError'),
        }),
    }),
  );

  const grantedProps = {
    min: 0,
    max: ADDON_QUANTITY_MAX,
    allowDecimal: false,
    allowNegative: false,
  } as const;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="subscription-settings">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="subscription-settings">
              {t('billing.settings.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('billing.settings.intro')}
            </Text>
          </Stack>
          {conflict && (
            <StaleVersionAlert
              title={t('billing.conflictTitle')}
              message={t('billing.conflict')}
              reloadLabel={t('billing.reload')}
              onReload={() => void reload()}
              reloading={reloading}
            />
          )}
          <SwitchField
            control={control}
            name="paymentMode"
            label={t('billing.settings.paymentMode')}
            description={t('billing.settings.paymentModeHelp')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              control={control}
              name="grantedParameters"
              label={t('billing.settings.grantedParameters')}
              required
              {...grantedProps}
            />
            <NumberField
              control={control}
              name="grantedCameras"
              label={t('billing.settings.grantedCameras')}
              required
              {...grantedProps}
            />
            <NumberField
              control={control}
              name="grantedUsers"
              label={t('billing.settings.grantedUsers')}
              required
              {...grantedProps}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={conflict}>
              {t('billing.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
