import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { subscriptionUpdateSchema } from '@vayu/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { applyServerError, NumberField, TextField } from '../../components/form';
import { formatNumber } from '../../i18n';
import { useSubscription, useUpdateSubscription, type Subscription } from './api/get-subscription';

type FormValues = z.input<typeof subscriptionUpdateSchema>;
type FormOutput = z.output<typeof subscriptionUpdateSchema>;
const FIELDS = ['planCode', 'paymentMode', 'userQuota', 'parameterQuota', 'cameraQuota'] as const;

function formOf(subscription: Subscription): FormValues {
  return {
    planCode: subscription.planCode ?? '',
    paymentMode: subscription.paymentMode,
    userQuota: subscription.userQuota,
    parameterQuota: subscription.parameterQuota,
    cameraQuota: subscription.cameraQuota,
    version: subscription.version,
  };
}

/** `/subscription/{tenantId}`: plan code, payment mode and quotas of one industry. */
export function SubscriptionPage() {
  const { tenantId } = useParams();
  if (!/^\d+$/.test(tenantId ?? '') || Number(tenantId) < 1) return <Navigate to="/" replace />;
  return <SubscriptionScreen key={tenantId} tenantId={Number(tenantId)} />;
}

function SubscriptionScreen({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation();
  const subscription = useSubscription(tenantId);
  useDocumentTitle(`${t('tenants.subscription.title')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>
        {subscription.data
          ? t('tenants.subscription.heading', { name: subscription.data.tenantName })
          : t('tenants.subscription.title')}
      </Title>
      {subscription.isError ? (
        <Alert color="red" variant="light" title={t('tenants.subscription.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, subscription.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void subscription.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !subscription.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <SubscriptionForm
          key={subscription.data.version}
          subscription={subscription.data}
          onReload={async () => (await subscription.refetch()).data ?? null}
        />
      )}
    </Stack>
  );
}

function SubscriptionForm({
  subscription,
  onReload,
}: {
  subscription: Subscription;
  onReload: () => Promise<Subscription | null>;
}) {
  const { t } = useTranslation();
  const update = useUpdateSubscription(subscription.tenantId);
  const [conflict, setConflict] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(subscriptionUpdateSchema),
    defaultValues: formOf(subscription),
    mode: 'onTouched',
  });

  const reload = async () => {
    const latest = await onReload();
    if (latest) reset(formOf(latest));
    setConflict(false);
  };

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(formOf(saved));
        notifySuccess(t('tenants.subscription.success'));
      },
      onError: (error) => {
        if (hasErrorCode(error, 'STALE_VERSION')) {
          setConflict(true);
          return;
        }
        const { message } = applyServerError(error, setError, t, { fields: FIELDS });
        notifyFailure(message, t('tenants.subscription.failure'));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('tenants.conflict')}>
            <Button size="xs" variant="default" onClick={() => void reload()}>
              {t('tenants.reload')}
            </Button>
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <TextField
              control={control}
              name="planCode"
              label={t('tenants.subscription.planCode')}
              description={t('tenants.subscription.planCodeHint')}
              maxLength={30}
              styles={{ input: { textTransform: 'uppercase' } }}
              data-autofocus
            />
            <Controller
              control={control}
              name="paymentMode"
              render={({ field }) => (
                <Switch
                  label={t('tenants.subscription.paymentMode')}
                  description={t('tenants.subscription.paymentModeHint')}
                  checked={field.value === true || field.value === 'true'}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberField
                control={control}
                name="userQuota"
                label={t('tenants.subscription.userQuota')}
                min={0}
                max={10_000}
                allowDecimal={false}
                required
              />
              <NumberField
                control={control}
                name="parameterQuota"
                label={t('tenants.subscription.parameterQuota')}
                min={0}
                max={100_000}
                allowDecimal={false}
                required
              />
              <NumberField
                control={control}
                name="cameraQuota"
                label={t('tenants.subscription.cameraQuota')}
                min={0}
                max={10_000}
                allowDecimal={false}
                required
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('tenants.subscription.usersUsed', {
                used: formatNumber(subscription.usersUsed),
                quota: formatNumber(subscription.userQuota),
              })}
            </Text>
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Anchor component={Link} to={`/accounts/tenant/${subscription.tenantId}/view`}>
            {t('tenants.subscription.backToIndustry')}
          </Anchor>
          <Button type="submit" loading={update.isPending} disabled={conflict}>
            {t('tenants.subscription.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
