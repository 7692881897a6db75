import {
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type {
  FreshnessCounts,
  HomeAlerts,
  HomeDelivery,
  HomePlan,
  HomeSubscriptions,
  HomeView,
} from '@vayu/domain';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDataAge, formatDataTime } from '../../components/freshness-badge';
import { formatNumber } from '../../i18n';
import {
  DELIVERY_COLORS,
  DELIVERY_STATES,
  FRESHNESS_COLORS,
  FRESHNESS_ORDER,
  countOf,
  deliveryCount,
  formatDate,
  sharePercent,
} from './home-text';

const FreshnessDonut = lazy(() => import('./home-charts').then((m) => ({ default: m.FreshnessDonut })));
const DeliveryChart = lazy(() => import('./home-charts').then((m) => ({ default: m.DeliveryChart })));

/** A titled panel of the home screen; its placeholder while the numbers load. */
function Section({ title, children, loading }: { title: string; children?: ReactNode; loading: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy={loading} withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {loading ? (
          <>
            <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
            <Skeleton height={20} width="80%" />
            <Skeleton height={140} />
          </>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

const percentOf = (part: number, total: number) => (total === 0 ? 0 : part / total);

// ── Freshness ──────────────────────────────────────────────────────────────

/** Monitoring points by freshness (a ring and its numbers) and, for many industries, the industries too. */
export function FreshnessSection({
  points,
  industries,
}: {
  points: FreshnessCounts | undefined;
  industries: FreshnessCounts | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('home.freshness.title')} loading={points === undefined}>
      {points && (
        <>
          <Text size="sm" c="dimmed">
            {t('home.freshness.intro')}
          </Text>
          {points.total === 0 ? (
            <Text>{t('home.freshness.empty')}</Text>
          ) : (
            <Group gap="xl" align="center" wrap="wrap">
              <Suspense fallback={<Skeleton circle height={150} />}>
                <FreshnessDonut counts={points} />
              </Suspense>
              <List
                listStyleType="none"
                spacing="xs"
                aria-label={t('home.freshness.legend')}
                style={{ flex: '1 1 180px' }}
              >
                {FRESHNESS_ORDER.map((status) => (
                  <List.Item key={status} data-freshness={status}>
                    <Group gap="xs" wrap="nowrap">
                      <Swatch color={FRESHNESS_COLORS[status]} />
                      <Text size="sm">
                        {t('home.freshness.entry', {
                          status: t(`home.freshness.${status}`),
                          value: formatNumber(countOf(points, status)),
                          share: t('home.percent', {
                            value: sharePercent(percentOf(countOf(points, status), points.total)),
                          }),
                        })}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Group>
          )}
          {industries && <IndustriesFreshness counts={industries} />}
        </>
      )}
    </Section>
  );
}

function IndustriesFreshness({ counts }: { counts: FreshnessCounts }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('home.freshness.industries')}
      </Title>
      {counts.total === 0 ? (
        <Text size="sm">{t('home.freshness.noIndustries')}</Text>
      ) : (
        <>
          <Progress.Root size="lg" aria-hidden>
            {FRESHNESS_ORDER.map((status) =>
              countOf(counts, status) > 0 ? (
                <Progress.Section
                  key={status}
                  value={percentOf(countOf(counts, status), counts.total) * 100}
                  color={FRESHNESS_COLORS[status]}
                />
              ) : null,
            )}
          </Progress.Root>
          <Text size="sm" data-testid="industries-freshness">
            {t('home.freshness.industriesLine', {
              live: formatNumber(counts.live),
              delayed: formatNumber(counts.delayed),
              offline: formatNumber(counts.offline),
              total: formatNumber(counts.total),
            })}
          </Text>
        </>
      )}
    </Stack>
  );
}

function Swatch({ color }: { color: string }) {
  const [name, shade] = color.split('.');
  return (
    <span
      aria-hidden
      style={{
        width: 12,
        height: 12,
        borderRadius: 3,
        flexShrink: 0,
        backgroundColor: `var(--mantine-color-${name}-${shade})`,
      }}
    />
  );
}

// ── Delivery ───────────────────────────────────────────────────────────────

/** Today's slots at the boards, and the last 7 days as bars (and as a table for screen readers). */
export function DeliverySection({
  delivery,
  view,
}: {
  delivery: HomeDelivery | undefined;
  view: HomeView | undefined;
}) {
  const { t } = useTranslation();
  const board = view === 'board';
  return (
    <Section title={t('home.delivery.title')} loading={delivery === undefined}>
      {delivery && (
        <>
          <Text size="sm" c="dimmed">
            {board ? t('home.delivery.introBoard') : t('home.delivery.intro')}
          </Text>
          {delivery.mappedIndustries === 0 ? (
            <Text>{t('home.delivery.empty')}</Text>
          ) : (
            <>
              <Text size="sm">
                {t(board ? 'home.delivery.mappedBoard' : 'home.delivery.mapped', {
                  count: delivery.mappedIndustries,
                  value: formatNumber(delivery.mappedIndustries),
                })}
              </Text>
              <TodayNumbers delivery={delivery} />
              <Suspense fallback={<Skeleton height={220} />}>
                <DeliveryChart days={delivery.days} />
              </Suspense>
              <Group gap="md" wrap="wrap" justify="center" aria-hidden>
                {DELIVERY_STATES.map((state) => (
                  <Group key={state} gap={6} wrap="nowrap">
                    <Swatch color={DELIVERY_COLORS[state]} />
                    <Text size="xs">{t(`home.delivery.states.${state}`)}</Text>
                  </Group>
                ))}
              </Group>
              <DeliveryTable delivery={delivery} />
            </>
          )}
          {board && delivery.statId !== null && (
            <Anchor component={Link} to={`/viewRegulator/${delivery.statId}`} size="sm">
              {t('home.delivery.openBoard')}
            </Anchor>
          )}
        </>
      )}
    </Section>
  );
}

function TodayNumbers({ delivery }: { delivery: HomeDelivery }) {
  const { t } = useTranslation();
  const today = delivery.today;
  const items: { key: string; label: string; value: string; color?: string }[] = [
    {
      key: 'share',
      label: t('home.delivery.share'),
      value:
        today.expected > 0
          ? t('home.percent', { value: sharePercent(today.deliveredShare) })
          : t('home.noData'),
    },
    ...(['delivered', 'refused', 'pending'] as const).map((state) => ({
      key: state,
      label: t(`home.delivery.states.${state}`),
      value: formatNumber(deliveryCount(today, state)),
      color: DELIVERY_COLORS[state],
    })),
    { key: 'expected', label: t('home.delivery.expected'), value: formatNumber(today.expected) },
  ];
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('home.delivery.today')}
      </Title>
      <Group gap="lg" wrap="wrap" component="dl" m={0} data-testid="delivery-today">
        {items.map((item) => (
          <Stack key={item.key} gap={0}>
            <Group gap={6} wrap="nowrap" component="dt">
              {item.color && <Swatch color={item.color} />}
              <Text size="sm" c="dimmed" span>
                {item.label}
              </Text>
            </Group>
            <Text component="dd" m={0} fw={700} fz="xl" data-key={item.key}>
              {item.value}
            </Text>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

function DeliveryTable({ delivery }: { delivery: HomeDelivery }) {
  const { t } = useTranslation();
  return (
    <VisuallyHidden>
      <Table>
        <Table.Caption>{t('home.delivery.chartCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('home.delivery.day')}</Table.Th>
            {DELIVERY_STATES.map((state) => (
              <Table.Th key={state} scope="col">
                {t(`home.delivery.states.${state}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('home.delivery.expected')}</Table.Th>
            <Table.Th scope="col">{t('home.delivery.share')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {delivery.days.map((day) => (
            <Table.Tr key={day.day}>
              <Table.Th scope="row">{formatDate(day.day)}</Table.Th>
              {DELIVERY_STATES.map((state) => (
                <Table.Td key={state}>{formatNumber(deliveryCount(day, state))}</Table.Td>
              ))}
              <Table.Td>{formatNumber(day.expected)}</Table.Td>
              <Table.Td>
                {day.expected > 0
                  ? t('home.percent', { value: sharePercent(day.deliveredShare) })
                  : t('home.noData')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

// ── Alerts ─────────────────────────────────────────────────────────────────

const ALERT_COLORS = { EXCEEDANCE: 'red', OFFLINE: 'gray' } as const;

/** Open alerts by type, the count of the last 24 hours, and the newest few with links to the alerts screen. */
export function AlertsSection({
  alerts,
  view,
}: {
  alerts: HomeAlerts | undefined;
  view: HomeView | undefined;
}) {
  const { t } = useTranslation();
  const own = view === 'industry';
  const alertsOf = (tenantId: number) =>
    own ? '/alerts?open=true' : `/alerts?tenantId=${tenantId}&open=true`;
  return (
    <Section title={t('home.alerts.title')} loading={alerts === undefined}>
      {alerts && (
        <>
          <Group gap="xs" wrap="wrap">
            {(['EXCEEDANCE', 'OFFLINE'] as const).map((type) => (
              <Badge key={type} color={ALERT_COLORS[type]} variant="light" tt="none" size="lg">
                {t('home.alerts.byType', {
                  type: t(`home.alerts.types.${type}`),
                  value: formatNumber(alerts.openByType[type] ?? 0),
                })}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('home.alerts.inWindow', { count: alerts.last24h, value: formatNumber(alerts.last24h) })}
          </Text>
          {alerts.newest.length === 0 ? (
            <Text>{t('home.alerts.empty')}</Text>
          ) : (
            <Stack gap={6}>
              <Title order={3} size="h5">
                {t('home.alerts.newest')}
              </Title>
              <List listStyleType="none" spacing="sm" aria-label={t('home.alerts.newest')}>
                {alerts.newest.map((alert) => (
                  <List.Item key={alert.id}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge
                        color={ALERT_COLORS[alert.type]}
                        variant="light"
                        tt="none"
                        style={{ flexShrink: 0 }}
                      >
                        {t(`home.alerts.types.${alert.type}`)}
                      </Badge>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={alertsOf(alert.tenantId)} size="sm" fw={600}>
                          {[
                            own ? null : alert.tenantName,
                            alert.monitoringPointName,
                            alert.parameterLabel ??
                              t('home.alerts.deviceOffline', { device: alert.deviceName }),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Anchor>
                        <Text size="xs" c="dimmed" title={formatDataTime(alert.startedAt)}>
                          {t('home.alerts.since', { ago: formatDataAge(alert.startedAt) })}
                        </Text>
                      </Stack>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Anchor component={Link} to="/alerts?open=true" size="sm">
            {t('home.alerts.viewAll')}
          </Anchor>
        </>
      )}
    </Section>
  );
}

// ── Subscriptions ──────────────────────────────────────────────────────────

/** Subscriptions ending within 30 days, soonest first, each with a link to its page. */
export function ExpiringSection({ subscriptions }: { subscriptions: HomeSubscriptions | undefined }) {
  const { t } = useTranslation();
  return (
    <Section title={t('home.subscriptions.title')} loading={subscriptions === undefined}>
      {subscriptions &&
        (subscriptions.expiring === 0 ? (
          <Text>{t('home.subscriptions.empty')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('home.subscriptions.caption', {
                count: subscriptions.expiring,
                value: formatNumber(subscriptions.expiring),
              })}
            </Text>
            <List listStyleType="none" spacing="sm" aria-label={t('home.subscriptions.title')}>
              {subscriptions.soonest.map((item) => (
                <List.Item key={item.tenantId}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
                      <Anchor component={Link} to={`/subscription/${item.tenantId}`} size="sm" fw={600}>
                        {item.tenantName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('home.subscriptions.endsOn', {
                          plan: item.planName,
                          date: formatDate(item.periodEnd),
                        })}
                        {item.cancelAtPeriodEnd && ` · ${t('home.subscriptions.cancelling')}`}
                      </Text>
                    </Stack>
                    <Badge color={item.daysLeft <= 7 ? 'red' : 'orange'} variant="light" tt="none">
                      {t('home.subscriptions.daysLeft', {
                        count: item.daysLeft,
                        value: formatNumber(item.daysLeft),
                      })}
                    </Badge>
                  </Group>
                </List.Item>
              ))}
            </List>
            {subscriptions.expiring > subscriptions.soonest.length && (
              <Text size="sm" c="dimmed">
                {t('home.subscriptions.more', {
                  count: subscriptions.expiring - subscriptions.soonest.length,
                  value: formatNumber(subscriptions.expiring - subscriptions.soonest.length),
                })}
              </Text>
            )}
          </>
        ))}
    </Section>
  );
}

/** An industry's own plan: what it is, until when, and a link to the subscription. */
export function PlanSection({ plan }: { plan: HomePlan | undefined }) {
  const { t } = useTranslation();
  return (
    <Section title={t('home.plan.title')} loading={plan === undefined}>
      {plan && (
        <>
          {plan.planName === null || plan.status === null ? (
            <Text>{t('home.plan.empty')}</Text>
          ) : (
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap">
                <Text fw={700} fz="lg">
                  {plan.planName}
                </Text>
                <Badge color={plan.status === 'ACTIVE' ? 'green' : 'gray'} variant="light" tt="none">
                  {t(`home.plan.status.${plan.status}`)}
                </Badge>
              </Group>
              {plan.periodEnd !== null && plan.daysLeft !== null && (
                <Text size="sm">
                  {plan.daysLeft > 0
                    ? `${t('home.plan.endsOn', { date: formatDate(plan.periodEnd) })} · ${t(
                        'home.plan.daysLeft',
                        {
                          count: plan.daysLeft,
                          value: formatNumber(plan.daysLeft),
                        },
                      )}`
                    : t('home.plan.endedOn', { date: formatDate(plan.periodEnd) })}
                </Text>
              )}
              {plan.cancelAtPeriodEnd && plan.status === 'ACTIVE' && (
                <Text size="sm" c="dimmed">
                  {t('home.plan.cancelling')}
                </Text>
              )}
            </Stack>
          )}
          <Anchor component={Link} to={`/subscription/${plan.tenantId}`} size="sm">
            {t('home.plan.open')}
          </Anchor>
        </>
      )}
    </Section>
  );
}
