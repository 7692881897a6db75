import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { formatDataTime } from '../../components/freshness-badge';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useHomeOverview } from './api/get-home-overview';
import { StatCards } from './home-cards';
import {
  AlertsSection,
  DeliverySection,
  ExpiringSection,
  FreshnessSection,
  PlanSection,
} from './home-sections';

/**
 * `/home`: what each kind of user needs first, within what they may see — the
 * freshness of monitoring points, open alerts, today's delivery to the boards
 * with the last 7 days, and the subscriptions about to end (an industry: its
 * own plan). The server decides which parts a user gets (`homeViewOf`).
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const overview = useHomeOverview();
  useDocumentTitle(`${t('home.title')} · ${t('common.appName')}`);
  const data = overview.data;
  // Until the answer says, a platform's or partner's home has the subscriptions panel, an industry's its plan.
  const userType = user?.userType;
  const showsSubscriptions = data
    ? data.subscriptions !== null
    : userType === 'site' || userType === 'partner';
  const showsPlan = data ? data.plan !== null : userType === 'tenant';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Title order={1}>{user ? t('home.greeting', { name: user.name }) : t('home.title')}</Title>
          {user && (
            <Text c="dimmed">
              {t('home.account', { account: user.account.name, type: t(`userTypes.${user.account.type}`) })}
            </Text>
          )}
        </div>
        {data && (
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('home.updatedAt', { time: formatDataTime(data.generatedAt) })}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => void overview.refetch()}
              loading={overview.isFetching}
            >
              {t('home.refresh')}
            </Button>
          </Group>
        )}
      </Group>

      {overview.isError && !data ? (
        <LoadErrorAlert
          title={t('home.loadError')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <>
          <StatCards overview={data} ownIndustry={data ? data.view === 'industry' : userType === 'tenant'} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <FreshnessSection points={data?.monitoringPoints} industries={data?.industries} />
            <DeliverySection delivery={data?.delivery} view={data?.view} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: showsSubscriptions || showsPlan ? 2 : 1 }} spacing="lg">
            <AlertsSection alerts={data?.alerts} view={data?.view} />
            {showsSubscriptions && <ExpiringSection subscriptions={data?.subscriptions ?? undefined} />}
            {showsPlan && <PlanSection plan={data?.plan ?? undefined} />}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
