import {
  Alert,
  Badge,
  Box,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getPublicTenantId, type PublicParameter, type PublicPoint } from '@vayu/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../app/api-client';
import { FreshnessBadge } from '../../components/freshness-badge';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatNumber } from '../../i18n';
import { usePublicDashboardView } from './api/get-public-view';
import { formatIstMoment } from './public-dashboard-text';

const PublicParameterChart = lazy(() =>
  import('./public-dashboard-chart').then((m) => ({ default: m.PublicParameterChart })),
);

/**
 * `/public/dashboard/{view}/{publicId}`: an industry's public dashboard, for
 * anyone with the link — no console header, no sign-in. Each chosen
 * monitoring point is a card with its parameters' latest 15-minute values,
 * their freshness and, when the industry shows charts, the last 24 hours.
 * Refreshed every minute; a revoked or unknown link says it is not available.
 */
export function PublicDashboardPage() {
  const { pathname } = useLocation();
  const publicId = getPublicTenantId(pathname) ?? '';
  return <PublicDashboard key={publicId} publicId={publicId} />;
}

function PublicDashboard({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const view = usePublicDashboardView(publicId);
  const notAvailable = isApiError(view.error) && view.error.status === 404;
  useDocumentTitle(
    `${notAvailable ? t('publicDashboard.view.notAvailableTitle') : (view.data?.industryName ?? t('publicDashboard.navLabel'))} · ${t('common.appName')}`,
  );

  let body;
  if (notAvailable) {
    body = (
      <Stack gap="sm" align="center" py="xl" ta="center">
        <Title order={1}>{t('publicDashboard.view.notAvailableTitle')}</Title>
        <Text c="dimmed">{t('publicDashboard.view.notAvailableMessage')}</Text>
      </Stack>
    );
  } else if (view.data) {
    const data = view.data;
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{data.industryName}</Title>
          <Text c="dimmed" size="sm">
            {t('publicDashboard.view.updated', { time: formatIstMoment(data.generatedAt) })}
          </Text>
        </Stack>
        {view.isError && (
          <LoadErrorAlert
            title={t('publicDashboard.view.loadError')}
            error={view.error}
            onRetry={() => void view.refetch()}
            retrying={view.isFetching}
          />
        )}
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {data.points.map((point, index) => (
            <PointCard key={`${index}-${point.name}`} point={point} showCharts={data.showCharts} />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('publicDashboard.view.poweredBy')}
        </Text>
      </Stack>
    );
  } else if (view.isError) {
    body = (
      <LoadErrorAlert
        title={t('publicDashboard.view.loadError')}
        error={view.error}
        onRetry={() => void view.refetch()}
        retrying={view.isFetching}
      />
    );
  } else {
    body = (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text c="dimmed">{t('publicDashboard.view.loading')}</Text>
      </Group>
    );
  }

  return (
    <Container size="xl" px={{ base: 'xs', sm: 'md' }} py="md">
      {body}
    </Container>
  );
}

function PointCard({ point, showCharts }: { point: PublicPoint; showCharts: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={point.name}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {point.name}
          </Title>
          <FreshnessBadge freshness={point.freshness} lastDataAt={point.lastDataAt} />
        </Group>
        {point.parameters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('publicDashboard.view.noParameters')}
          </Text>
        ) : (
          point.parameters.map((parameter, index) => (
            <ParameterRow key={`${index}-${parameter.key}`} parameter={parameter} showCharts={showCharts} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

function ParameterRow({ parameter, showCharts }: { parameter: PublicParameter; showCharts: boolean }) {
  const { t } = useTranslation();
  const { latest } = parameter;
  return (
    <Box data-parameter={parameter.key}>
      <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {parameter.label}
          </Text>
          {latest ? (
            <Text size="xs" c="dimmed">
              {t('publicDashboard.view.latestAt', { time: formatIstMoment(latest.t) })}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t('publicDashboard.view.noData')}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {latest && (
            <Text fw={700} size="lg" data-testid="latest-value">
              {formatNumber(latest.value)}
              {parameter.unit && (
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  {parameter.unit}
                </Text>
              )}
            </Text>
          )}
          <Badge variant="outline" color="gray" size="sm" visibleFrom="xs">
            {parameter.key}
          </Badge>
          <FreshnessBadge freshness={parameter.freshness} lastDataAt={parameter.lastDataAt} size="sm" />
        </Group>
      </Group>
      {showCharts &&
        (parameter.series.length > 0 ? (
          <Box
            mt="xs"
            role="img"
            aria-label={t('publicDashboard.view.chartLabel', { parameter: parameter.label })}
          >
            <Suspense fallback={<Box h={140} />}>
              <PublicParameterChart parameter={parameter} />
            </Suspense>
          </Box>
        ) : (
          <Alert variant="light" color="gray" mt="xs" p="xs">
            <Text size="xs">{t('publicDashboard.view.noChartData')}</Text>
          </Alert>
        ))}
    </Box>
  );
}
