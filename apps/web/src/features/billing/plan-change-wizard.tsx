import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADDON_QUANTITY_MAX,
  checkoutBlocks,
  formatInr,
  isBackVisible,
  isCheckoutAllowed,
  isNextVisible,
  startWizard,
  wizardTransition,
  WIZARD_STEPS,
  type AddonShortfall,
  type Quote,
  type WizardEvent,
  type WizardState,
} from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { describeFieldError } from '../../components/form';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatNumber } from '../../i18n';
import {
  useGoToCheckout,
  usePlaceOrder,
  useQuote,
  useSubscriptionView,
  useTenantPlans,
  type OrderBody,
  type OrderResult,
  type SubscriptionView,
  type TenantPlan,
} from './api';
import { PricedLines } from './amount-list';
import { billingMessage, byAddonOrder, formatPeriod, periodPriceKey } from './billing-text';

export interface PlanChangeWizardProps {
  tenantId: number;
  /** Leaves the wizard without an order (the dialog closes, the page goes back). */
  onCancel: () => void;
  /** After the order is placed, before the console moves on to checkout or the subscription. */
  onPlaced?: (result: OrderResult) => void;
}

/**
 * The plan change wizard (spec §4): select_plan → buy_addons → order_summary.
 * Every step change goes through the domain's `wizardTransition`; what is
 * offered (next, back, checkout) is the domain's `isNextVisible`,
 * `isBackVisible` and `isCheckoutAllowed`, and why checkout is blocked is
 * `checkoutBlocks`. The same component is the plan change dialog of the
 * subscription page and the `/selectplan/{tenantId}` page.
 */
export function PlanChangeWizard({ tenantId, onCancel, onPlaced }: PlanChangeWizardProps) {
  const { t } = useTranslation();
  const view = useSubscriptionView(tenantId);
  const plans = useTenantPlans(tenantId);

  if (view.isError || plans.isError) {
    const failed = view.isError ? view : plans;
    return (
      <LoadErrorAlert
        title={t('billing.wizard.plansError')}
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  }
  if (!view.data || !plans.data) {
    return (
      <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
        <Skeleton height={24} width="40%" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={160} />
          <Skeleton height={160} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (plans.data.length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t('billing.wizard.noPlans')}</Text>
        <Button variant="default" onClick={onCancel}>
          {t('billing.close')}
        </Button>
      </Stack>
    );
  }
  return (
    <WizardSteps
      key={`${tenantId}-${view.data.version}`}
      view={view.data}
      plans={plans.data}
      onCancel={onCancel}
      onPlaced={onPlaced}
    />
  );
}

/** The add-ons an order holds, for the API: the selected plan's, those with a quantity. */
function orderAddons(state: WizardState, plan: TenantPlan | undefined): OrderBody['addons'] {
  if (!plan) return [];
  return byAddonOrder(plan.addons)
    .map((addon) => ({ addOnId: addon.addOnId, quantity: state.addons[addon.addOnId] ?? 0 }))
    .filter((addon) => addon.quantity > 0);
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function WizardSteps({
  view,
  plans,
  onCancel,
  onPlaced,
}: {
  view: SubscriptionView;
  plans: TenantPlan[];
  onCancel: () => void;
  onPlaced: ((result: OrderResult) => void) | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = view.subscription;
  const isFirst = current === null;
  const [state, setState] = useState<WizardState>(() =>
    startWizard(
      current?.planCode ?? null,
      Object.fromEntries((current?.addons ?? []).map((addon) => [addon.addOnId, addon.quantity])),
    ),
  );
  const [startDate, setStartDate] = useState('');
  const [orderError, setOrderError] = useState<{ message: string; details: string[] } | null>(null);
  const place = usePlaceOrder();
  const goToCheckout = useGoToCheckout();
  const send = (event: WizardEvent) => {
    setOrderError(null);
    setState((previous) => wizardTransition(previous, event, plans));
  };

  const selected = plans.find((plan) => plan.code === state.selectedPlanCode);
  const blocks = checkoutBlocks(state, plans);
  const canCheckout = isCheckoutAllowed(state, plans);
  const body = useMemo<OrderBody | null>(
    () =>
      state.step === 'order_summary' && state.selectedPlanCode !== null
        ? {
            tenantId: view.tenantId,
            planCode: state.selectedPlanCode,
            addons: orderAddons(state, selected),
            ...(isFirst && DATE_PATTERN.test(startDate) ? { startDate } : {}),
          }
        : null,
    [state, selected, view.tenantId, isFirst, startDate],
  );
  const quote = useQuote(body);

  const checkout = () => {
    if (!body || !canCheckout) return;
    place.mutate(
      { isFirst, body },
      {
        onSuccess: (result) => {
          notifySuccess(t('billing.wizard.planChanged'));
          onPlaced?.(result);
          const isDue = result.invoice.status === 'PENDING' && result.invoice.total > 0;
          if (isDue) void goToCheckout(result.invoice.id);
          else void navigate(`/subscription/${view.tenantId}`);
        },
        onError: (error) => {
          notifyFailure(t('billing.wizard.planChangeFailed'));
          setOrderError({
            message: getErrorMessage(t, error),
            details: isApiError(error)
              ? error.details.map((detail) => billingMessage(t, describeFieldError(t, detail)))
              : [],
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <StepTrail state={state} />

      {state.step === 'select_plan' && (
        <SelectPlanStep state={state} plans={plans} blocks={blocks} onEvent={send} />
      )}
      {state.step === 'buy_addons' && selected && (
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('billing.wizard.steps.buy_addons')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.wizard.buyAddonsIntro', { plan: selected.name })}
          </Text>
          <AddonInputs state={state} plan={selected} blocks={blocks} onEvent={send} />
        </Stack>
      )}
      {state.step === 'order_summary' && selected && (
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('billing.wizard.steps.order_summary')}
          </Title>
          {isFirst && (
            <TextInput
              type="date"
              label={t('billing.wizard.startDate')}
              description={t('billing.wizard.startDateHelp')}
              value={startDate}
              onChange={(event) => setStartDate(event.currentTarget.value)}
              w={{ base: '100%', xs: 220 }}
            />
          )}
          {quote.isError ? (
            <LoadErrorAlert
              title={t('billing.wizard.quoteError')}
              error={quote.error}
              onRetry={() => void quote.refetch()}
              retrying={quote.isFetching}
            />
          ) : !quote.data ? (
            <Stack gap="xs" role="status" aria-busy aria-label={t('common.loading')}>
              <Skeleton height={20} />
              <Skeleton height={20} />
              <Skeleton height={20} />
            </Stack>
          ) : (
            <OrderSummary quote={quote.data} />
          )}
        </Stack>
      )}

      {blocks.length > 0 && state.step !== 'select_plan' && (
        <Alert color="orange" variant="light" title={t('billing.wizard.blockedTitle')} role="status">
          <List size="sm">
            {blocks.map((block) => (
              <List.Item key={block.addOnId}>{blockText(t, block, selected)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {orderError && (
        <Alert color="red" variant="light" title={t('billing.wizard.planChangeFailed')} role="alert">
          <Text size="sm">{orderError.message}</Text>
          {orderError.details.length > 0 && (
            <List size="sm" mt={4}>
              {orderError.details.map((detail, index) => (
                <List.Item key={index}>{detail}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="subtle" onClick={onCancel}>
          {t('billing.cancel')}
        </Button>
        <Group gap="sm">
          {isBackVisible(state) && (
            <Button variant="default" onClick={() => send({ type: 'back' })}>
              {t('billing.wizard.back')}
            </Button>
          )}
          {isNextVisible(state) && (
            <Button
              onClick={() => send({ type: 'next' })}
              // From buy_addons the summary opens only once nothing blocks checkout.
              disabled={state.step === 'buy_addons' && !canCheckout}
            >
              {t('billing.wizard.next')}
            </Button>
          )}
          {state.step === 'order_summary' && (
            <Button onClick={checkout} disabled={!canCheckout || !quote.data} loading={place.isPending}>
              {t('billing.wizard.checkout')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/** Where the wizard is: its three steps, the current one marked. */
function StepTrail({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  const index = WIZARD_STEPS.indexOf(state.step);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('billing.wizard.stepOf', {
          step: index + 1,
          count: WIZARD_STEPS.length,
          name: t(`billing.wizard.steps.${state.step}`),
        })}
      </Text>
      <Group gap={6} aria-hidden>
        {WIZARD_STEPS.map((step, position) => (
          <Badge
            key={step}
            variant={step === state.step ? 'filled' : 'light'}
            color={position <= index ? 'blue' : 'gray'}
            tt="none"
          >
            {position + 1}. {t(`billing.wizard.steps.${step}`)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function SelectPlanStep({
  state,
  plans,
  blocks,
  onEvent,
}: {
  state: WizardState;
  plans: TenantPlan[];
  blocks: AddonShortfall[];
  onEvent: (event: WizardEvent) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const groupName = useId();
  const selected = plans.find((plan) => plan.code === state.selectedPlanCode);
  const isCurrentSelected = selected !== undefined && selected.code === state.currentPlanCode;
  return (
    <Stack gap="md">
      <Title order={2} size="h4" id={headingId}>
        {t('billing.wizard.steps.select_plan')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="radiogroup" aria-labelledby={headingId}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.code}
            plan={plan}
            name={groupName}
            checked={plan.code === state.selectedPlanCode}
            isCurrent={plan.code === state.currentPlanCode}
            onSelect={() => onEvent({ type: 'selectPlan', planCode: plan.code })}
          />
        ))}
      </SimpleGrid>
      {isCurrentSelected && selected.addons.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text size="sm">{t('billing.wizard.currentPlanHint')}</Text>
            <AddonInputs state={state} plan={selected} blocks={blocks} onEvent={onEvent} />
          </Stack>
        </Paper>
      )}
      {isCurrentSelected && !isNextVisible(state) && (
        <Text size="sm" c="dimmed">
          {t('billing.wizard.nothingToChange')}
        </Text>
      )}
    </Stack>
  );
}

function PlanCard({
  plan,
  name,
  checked,
  isCurrent,
  onSelect,
}: {
  plan: TenantPlan;
  name: string;
  checked: boolean;
  isCurrent: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const isDiscounted = plan.couponCode !== null && plan.discountedPrice < plan.price;
  const included = byAddonOrder(plan.addons).filter((addon) => addon.quantity > 0);
  const needed = byAddonOrder(plan.addons).filter((addon) => addon.minimumAddons > 0);
  return (
    <Radio.Card
      checked={checked}
      onClick={onSelect}
      name={name}
      value={plan.code}
      radius="md"
      p="md"
      data-plan={plan.code}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="center">
            <Radio.Indicator aria-hidden />
            <Text fw={700}>{plan.name}</Text>
          </Group>
          {isCurrent && (
            <Badge variant="light" color="blue" tt="none">
              {t('billing.wizard.currentPlan')}
            </Badge>
          )}
        </Group>
        {isDiscounted ? (
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              <Text span td="line-through">
                {formatInr(plan.price)}
              </Text>{' '}
              {t(periodPriceKey(plan.period))}
            </Text>
            <Text fw={700} size="lg">
              {formatInr(plan.discountedPrice)} {t(periodPriceKey(plan.period))}
            </Text>
            <Text size="xs">{t('billing.wizard.withCoupon', { code: plan.couponCode })}</Text>
          </Stack>
        ) : (
          <Text fw={700} size="lg">
            {formatInr(plan.price)} {t(periodPriceKey(plan.period))}
          </Text>
        )}
        {plan.description && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        {included.length > 0 && (
          <Text size="sm">
            {t('billing.wizard.includes', {
              list: included
                .map((addon) => t(`billing.unitCounts.${addon.addOnUnit}`, { count: addon.quantity }))
                .join(', '),
            })}
          </Text>
        )}
        {needed.map((addon) => (
          <Text size="xs" key={addon.addOnId}>
            {t('billing.wizard.needsAtLeast', {
              count: addon.minimumAddons,
              unit: t(`billing.units.${addon.addOnUnit}`),
            })}
          </Text>
        ))}
      </Stack>
    </Radio.Card>
  );
}

/** Why an add-on blocks checkout, with how many are needed. */
function blockText(t: TFunction, block: AddonShortfall, plan: TenantPlan | undefined): string {
  const addon = plan?.addons.find((item) => item.addOnId === block.addOnId);
  const label = addon ? addon.addOnName : `#${block.addOnId}`;
  return t(`billing.wizard.blocks.${block.reason}`, { name: label, needed: formatNumber(block.needed) });
}

/** How many of each of the plan's add-ons the order holds, each with its minimum and what blocks it. */
function AddonInputs({
  state,
  plan,
  blocks,
  onEvent,
}: {
  state: WizardState;
  plan: TenantPlan;
  blocks: AddonShortfall[];
  onEvent: (event: WizardEvent) => void;
}) {
  const { t } = useTranslation();
  const addons = byAddonOrder(plan.addons);
  if (addons.length === 0) return <Text size="sm">{t('billing.wizard.noAddons')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {addons.map((addon) => {
        const block = blocks.find((item) => item.addOnId === addon.addOnId);
        const held = state.currentAddons[addon.addOnId] ?? 0;
        const facts = [
          t('billing.wizard.addonIncluded', { count: addon.quantity }),
          t('billing.wizard.addonMinimum', { count: addon.minimumAddons }),
          ...(addon.suggestedAddons !== null && addon.suggestedAddons > 0
            ? [t('billing.wizard.addonSuggested', { count: addon.suggestedAddons })]
            : []),
          ...(held > 0 ? [t('billing.wizard.addonHeld', { count: held })] : []),
          t('billing.wizard.addonPrice', { price: formatInr(addon.monthlyPrice) }),
        ];
        return (
          <NumberInput
            key={addon.addOnId}
            label={t('billing.wizard.addonQuantity', {
              name: addon.addOnName,
              unit: t(`billing.units.${addon.addOnUnit}`),
            })}
            description={facts.join(' · ')}
            value={state.addons[addon.addOnId] ?? 0}
            onChange={(value) =>
              onEvent({ type: 'setAddon', addOnId: addon.addOnId, quantity: Number(value) || 0 })
            }
            min={0}
            max={ADDON_QUANTITY_MAX}
            allowDecimal={false}
            allowNegative={false}
            error={block ? blockText(t, block, plan) : undefined}
            aria-invalid={block ? true : undefined}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** The order summary: lines, coupon, credit for the unused period, charge, GST and total. */
export function OrderSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('billing.summary.planAndPeriod', {
          plan: quote.planName,
          kind: t(`billing.invoiceKinds.${quote.kind}`),
          period: formatPeriod(quote.periodStart, quote.periodEnd),
        })}
      </Text>
      <PricedLines priced={quote} caption={t('billing.summary.caption')} minWidth={420} />
      {quote.creditCarried > 0 && (
        <Text size="sm" c="dimmed">
          {t('billing.summary.creditCarried', { amount: formatInr(quote.creditCarried) })}
        </Text>
      )}
    </Stack>
  );
}
