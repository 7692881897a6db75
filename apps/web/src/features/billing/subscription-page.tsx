import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  billingEndpoints,
  isRenewable,
  formatInr,
  isAccessAllowed,
  todayInIndia,
  type CurrentSubscription,
} from '@vayu/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { dialogs } from '../../components/dialogs';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatNumber } from '../../i18n';
import {
  useCancelSubscription,
  useGoToCheckout,
  useRenewSubscription,
  useSubscriptionView,
  type SubscriptionView,
} from './api';
import { InvoiceStatusBadge, SubscriptionStatusBadge } from './billing-badges';
import { byAddonOrder, formatDay } from './billing-text';
import { PlanChangeDialog } from './plan-change-dialog';
import { parseId } from './select-plan-page';
import { SubscriptionCancelDialog } from './subscription-cancel-dialog';
import { SubscriptionSettingsForm } from './subscription-settings-form';
import { UsageBars } from './usage-bars';

/**
 * How many days before its period ends an active subscription may be renewed.
 * The API decides (it answers SUBSCRIPTION_STATE `notRenewable` otherwise);
 * the page only leaves out a button that would be refused.
 */

/**
 * `/subscription/{tenantId}`: an industry's plan, status and period, its
 * add-ons and credit, the invoice awaiting payment, its usage against the
 * limits, and the actions on it (change plan, renew, cancel or resume). Site
 * administrators also set payment mode and the units granted free.
 */
export function SubscriptionPage() {
  const tenantId = parseId(useParams().tenantId);
  if (tenantId === null) return <Navigate to="/" replace />;
  return <SubscriptionScreen key={tenantId} tenantId={tenantId} />;
}

function SubscriptionScreen({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation();
  const view = useSubscriptionView(tenantId);
  useDocumentTitle(`${t('billing.subscription.title')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg" maw={1040}>
      <Title order={1}>
        {view.data
          ? t('billing.subscription.heading', { name: view.data.tenantName })
          : t('billing.subscription.title')}
      </Title>
      {view.isError ? (
        <LoadErrorAlert
          title={t('billing.subscription.loadError')}
          error={view.error}
          onRetry={() => void view.refetch()}
          retrying={view.isFetching}
        />
      ) : !view.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          <Skeleton height={120} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <SubscriptionContent view={view.data} reload={async () => (await view.refetch()).data ?? null} />
      )}
    </Stack>
  );
}

function SubscriptionContent({
  view,
  reload,
}: {
  view: SubscriptionView;
  reload: () => Promise<SubscriptionView | null>;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const goToCheckout = useGoToCheckout();
  const [isChanging, setIsChanging] = useState(false);
  const [cancelling, setCancelling] = useState<CurrentSubscription | null>(null);
  const renew = useRenewSubscription();
  const resume = useCancelSubscription(view.tenantId);
  const canOrder = user !== null && isAccessAllowed(billingEndpoints.changeSubscription.access, user);
  const canSetUp = user !== null && isAccessAllowed(billingEndpoints.updateSubscriptionSettings.access, user);
  const subscription = view.subscription;
  const pending = view.pendingInvoice;

  const renewNow = async () => {
    const confirmed = await dialogs.confirm({
      title: t('billing.subscription.renewTitle'),
      message: t('billing.subscription.renewQuestion'),
      confirmLabel: t('billing.subscription.renew'),
    });
    if (!confirmed) return;
    renew.mutate(view.tenantId, {
      onSuccess: (result) => {
        notifySuccess(t('billing.subscription.renewed', { number: result.invoice.number }));
        if (result.invoice.status === 'PENDING' && result.invoice.total > 0) {
          void goToCheckout(result.invoice.id);
        }
      },
      onError: (error) => notifyFailure(getErrorMessage(t, error), t('billing.subscription.renewFailed')),
    });
  };

  const resumeNow = async (current: CurrentSubscription) => {
    const confirmed = await dialogs.confirm({
      message: t('billing.subscription.resumeQuestion', { date: formatDay(current.periodEnd) }),
      confirmLabel: t('billing.subscription.resume'),
    });
    if (!confirmed) return;
    resume.mutate(
      { id: current.id, action: 'RESUME', version: current.version },
      {
        onSuccess: () => notifySuccess(t('billing.subscription.resumed')),
        onError: (error) => notifyFailure(getErrorMessage(t, error), t('billing.subscription.resumeFailed')),
      },
    );
  };

  return (
    <Stack gap="lg">
      {pending && (
        <Alert color="orange" variant="light" title={t('billing.subscription.pendingTitle')}>
          <Stack gap="xs" align="flex-start">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                {t('billing.subscription.pendingText', {
                  number: pending.number,
                  total: formatInr(pending.total),
                  kind: t(`billing.invoiceKinds.${pending.kind}`),
                })}
              </Text>
              <InvoiceStatusBadge status={pending.status} />
            </Group>
            <Button component={Link} to={`/checkout/${pending.id}`} size="xs">
              {canOrder ? t('billing.subscription.payInvoice') : t('billing.subscription.viewInvoice')}
            </Button>
          </Stack>
        </Alert>
      )}

      {subscription === null ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4">
              {t('billing.subscription.noPlanTitle')}
            </Title>
            <Text size="sm">{t('billing.subscription.noPlan')}</Text>
            {canOrder && (
              <Button component={Link} to={`/selectplan/${view.tenantId}`}>
                {t('billing.subscription.choosePlan')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <PlanSection
          subscription={subscription}
          actions={
            canOrder && (
              <SubscriptionActions
                subscription={subscription}
                hasPendingInvoice={pending !== null}
                isRenewing={renew.isPending}
                isResuming={resume.isPending}
                onChange={() => setIsChanging(true)}
                onRenew={() => void renewNow()}
                onCancel={() => setCancelling(subscription)}
                onResume={() => void resumeNow(subscription)}
              />
            )
          }
        />
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="subscription-usage">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="subscription-usage">
              {t('billing.usage.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {view.paymentMode ? t('billing.usage.enforced') : t('billing.usage.notEnforced')}
            </Text>
          </Stack>
          <UsageBars usage={view.usage} />
        </Stack>
      </Paper>

      {canSetUp && <SubscriptionSettingsForm key={view.version} view={view} onReload={reload} />}

      <Group gap="md">
        <Anchor component={Link} to={`/accounts/tenant/${view.tenantId}/view`} size="sm">
          {t('billing.subscription.openIndustry')}
        </Anchor>
        <Anchor component={Link} to={`/invoices?tenantId=${view.tenantId}`} size="sm">
          {t('billing.subscription.openInvoices')}
        </Anchor>
      </Group>

      <PlanChangeDialog tenantId={isChanging ? view.tenantId : null} onClose={() => setIsChanging(false)} />
      <SubscriptionCancelDialog
        tenantId={view.tenantId}
        subscription={cancelling}
        onClose={() => setCancelling(null)}
        onReload={async () => {
          const latest = await reload();
          setCancelling(latest?.subscription ?? null);
        }}
      />
    </Stack>
  );
}

/** The plan held: name, status, period, renewal, add-ons and credit. */
function PlanSection({ subscription, actions }: { subscription: CurrentSubscription; actions: ReactNode }) {
  const { t } = useTranslation();
  const addons = byAddonOrder(subscription.addons).filter((addon) => addon.quantity > 0);
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t('billing.subscription.status'),
      value: <SubscriptionStatusBadge status={subscription.status} />,
    },
    { label: t('billing.subscription.period'), value: t(`billing.periods.name.${subscription.period}`) },
    { label: t('billing.subscription.periodStart'), value: formatDay(subscription.periodStart) },
    { label: t('billing.subscription.periodEnd'), value: formatDay(subscription.periodEnd) },
    subscription.cancelAtPeriodEnd
      ? { label: t('billing.subscription.endsOn'), value: formatDay(subscription.periodEnd) }
      : { label: t('billing.subscription.renewsOn'), value: formatDay(subscription.renewsOn) },
    { label: t('billing.subscription.startedOn'), value: formatDay(subscription.startedOn) },
    { label: t('billing.subscription.credit'), value: formatInr(subscription.credit) },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="subscription-plan">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('billing.subscription.plan')}
            </Text>
            <Title order={2} size="h3" id="subscription-plan">
              {subscription.planName}
            </Title>
          </Stack>
          {actions}
        </Group>
        {subscription.cancelAtPeriodEnd && (
          <Text size="sm" fw={500}>
            {t('billing.subscription.cancelledAtPeriodEnd', { date: formatDay(subscription.periodEnd) })}
          </Text>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
          {facts.map((fact) => (
            <div key={fact.label} style={{ minWidth: 0 }}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('billing.subscription.addons')}
          </Text>
          {addons.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('billing.subscription.noAddons')}
            </Text>
          ) : (
            <List size="sm">
              {addons.map((addon) => (
                <List.Item key={addon.addOnId}>
                  {t('billing.subscription.addonHeld', {
                    name: addon.addOnName,
                    count: addon.quantity,
                    quantity: formatNumber(addon.quantity),
                    price: formatInr(addon.monthlyPrice),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function SubscriptionActions({
  subscription,
  hasPendingInvoice,
  isRenewing,
  isResuming,
  onChange,
  onRenew,
  onCancel,
  onResume,
}: {
  subscription: CurrentSubscription;
  hasPendingInvoice: boolean;
  isRenewing: boolean;
  isResuming: boolean;
  onChange: () => void;
  onRenew: () => void;
  onCancel: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const { status, cancelAtPeriodEnd } = subscription;
  const isActive = status === 'ACTIVE';
  const isEnded = status === 'EXPIRED' || status === 'CANCELLED';
  const isRenewalDue = isActive && !hasPendingInvoice && isRenewable(subscription, todayInIndia());
  return (
    <Group gap="sm" wrap="wrap">
      {isActive && !hasPendingInvoice && (
        <Button onClick={onChange}>{t('billing.subscription.changePlan')}</Button>
      )}
      {(isEnded || isRenewalDue) && !hasPendingInvoice && (
        <Button variant={isEnded ? 'filled' : 'default'} onClick={onRenew} loading={isRenewing}>
          {t('billing.subscription.renew')}
        </Button>
      )}
      {isActive && cancelAtPeriodEnd && (
        <Button variant="default" onClick={onResume} loading={isResuming}>
          {t('billing.subscription.resume')}
        </Button>
      )}
      {((isActive && !cancelAtPeriodEnd) || status === 'PENDING_PAYMENT') && (
        <Button variant="light" color="red" onClick={onCancel}>
          {t('billing.subscription.cancel')}
        </Button>
      )}
    </Group>
  );
}
