import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { HomeOverview } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';
import { sharePercent } from './home-text';

type Card = { key: string; title: string; value: string | undefined; children?: ReactNode };

/**
 * The numbers a user of each kind looks at first, as cards: industries,
 * partners and users for those who keep many industries; monitoring points
 * and the plan for an industry; open alerts and today's delivery for all.
 */
export function StatCards({
  overview,
  ownIndustry,
}: {
  overview: HomeOverview | undefined;
  ownIndustry: boolean;
}) {
  const { t } = useTranslation();
  const cards = overview ? cardsOf(overview, t) : placeholderCards(t, ownIndustry);
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: Math.min(cards.length, 3), xl: cards.length }}
      spacing="lg"
      aria-busy={!overview}
    >
      {cards.map((card) => (
        <StatCard key={card.key} title={card.title} value={card.value}>
          {card.children}
        </StatCard>
      ))}
    </SimpleGrid>
  );
}

/** The cards every home has, empty while the numbers load (under the keys they keep once loaded). */
function placeholderCards(t: TFunction, ownIndustry: boolean): Card[] {
  return [
    ownIndustry
      ? { key: 'points', title: t('home.monitoringPoints'), value: undefined }
      : { key: 'industries', title: t('home.industries'), value: undefined },
    { key: 'alerts', title: t('home.cards.openAlerts'), value: undefined },
    { key: 'delivery', title: t('home.cards.deliveredToday'), value: undefined },
  ];
}

function cardsOf(overview: HomeOverview, t: TFunction): Card[] {
  const { view, accounts, monitoringPoints, alerts, delivery, subscriptions, plan } = overview;
  const cards: Card[] = [];
  if (view === 'industry') {
    cards.push({
      key: 'points',
      title: t('home.monitoringPoints'),
      value: formatNumber(monitoringPoints.total),
      children: (
        <Text size="sm" c="dimmed">
          {t('home.cards.liveOf', {
            count: monitoringPoints.live,
            value: formatNumber(monitoringPoints.live),
            total: formatNumber(monitoringPoints.total),
          })}
        </Text>
      ),
    });
  } else {
    cards.push({
      key: 'industries',
      title: t('home.industries'),
      value: formatNumber(accounts.tenants.total),
      children: (
        <Group gap="xs">
          <Badge color="green" variant="light" tt="none">
            {t('home.enabled')}: {formatNumber(accounts.tenants.enabled)}
          </Badge>
          <Badge color="gray" variant="light" tt="none">
            {t('home.disabled')}: {formatNumber(accounts.tenants.disabled)}
          </Badge>
        </Group>
      ),
    });
  }
  if (view === 'platform') {
    cards.push({ key: 'partners', title: t('home.partners'), value: formatNumber(accounts.partners) });
  }
  if (view === 'platform' || view === 'partner' || view === 'corporate') {
    cards.push({ key: 'users', title: t('home.users'), value: formatNumber(accounts.users) });
  }
  cards.push({
    key: 'alerts',
    title: t('home.cards.openAlerts'),
    value: formatNumber(alerts.open),
    children: (
      <Text size="sm" c="dimmed">
        {t('home.cards.inWindow', { count: alerts.last24h, value: formatNumber(alerts.last24h) })}
      </Text>
    ),
  });
  const today = delivery.today;
  cards.push({
    key: 'delivery',
    title: t('home.cards.deliveredToday'),
    value:
      today.expected > 0
        ? t('home.percent', { value: sharePercent(today.deliveredShare) })
        : t('home.noData'),
    children: (
      <Text size="sm" c="dimmed">
        {delivery.mappedIndustries === 0
          ? t('home.cards.notMapped')
          : today.expected === 0
            ? t('home.cards.noSlotsYet')
            : t('home.cards.slotsOf', {
                count: today.expected,
                value: formatNumber(today.delivered),
                total: formatNumber(today.expected),
              })}
      </Text>
    ),
  });
  if (subscriptions) {
    cards.push({
      key: 'expiring',
      title: t('home.cards.expiring'),
      value: formatNumber(subscriptions.expiring),
      children: (
        <Text size="sm" c="dimmed">
          {t('home.cards.expiringHint')}
        </Text>
      ),
    });
  }
  if (plan) {
    cards.push({
      key: 'plan',
      title: t('home.cards.daysLeft'),
      value: plan.daysLeft === null ? t('home.noData') : formatNumber(Math.max(0, plan.daysLeft)),
      children: (
        <Text size="sm" c="dimmed">
          {plan.planName ?? t('home.cards.noPlan')}
        </Text>
      ),
    });
  }
  return cards;
}

interface StatCardProps {
  title: string;
  /** Undefined while loading. */
  value: string | undefined;
  children?: ReactNode;
}

function StatCard({ title, value, children }: StatCardProps) {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId} c="dimmed" fw={600}>
          {title}
        </Title>
        {value === undefined ? (
          <>
            <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
            <Skeleton height={36} width="40%" />
            <Skeleton height={20} width="70%" />
          </>
        ) : (
          <>
            <Text fz={36} fw={700} lh={1.1}>
              {value}
            </Text>
            {children}
          </>
        )}
      </Stack>
    </Paper>
  );
}
