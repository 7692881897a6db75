import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { HomeSummary } from '@vayu/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session';
import { formatNumber } from '../../i18n';
import { useHomeSummary } from './api/get-home-summary';
import { LoadErrorAlert } from '../../components/load-error-alert';

/** `/home`: a greeting and the counts of industries, partners and users the user may see. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const summary = useHomeSummary();
  useDocumentTitle(`${t('home.title')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{user ? t('home.greeting', { name: user.name }) : t('home.title')}</Title>
        {user && (
          <Text c="dimmed">
            {t('home.account', { account: user.account.name, type: t(`userTypes.${user.account.type}`) })}
          </Text>
        )}
      </div>

      {summary.isError ? (
        <LoadErrorAlert
          title={t('home.loadError')}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <SummaryCards summary={summary.data} />
      )}
    </Stack>
  );
}

function SummaryCards({ summary }: { summary: HomeSummary | undefined }) {
  const { t } = useTranslation();
  const isLoading = summary === undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" aria-busy={isLoading}>
      <SummaryCard title={t('home.industries')} value={summary?.tenants.total}>
        {summary && (
          <Group gap="xs">
            <Badge color="green" variant="light" tt="none">
              {t('home.enabled')}: {formatNumber(summary.tenants.enabled)}
            </Badge>
            <Badge color="gray" variant="light" tt="none">
              {t('home.disabled')}: {formatNumber(summary.tenants.disabled)}
            </Badge>
          </Group>
        )}
      </SummaryCard>
      <SummaryCard title={t('home.partners')} value={summary?.partners} />
      <SummaryCard title={t('home.users')} value={summary?.users} />
    </SimpleGrid>
  );
}

interface SummaryCardProps {
  title: string;
  /** Undefined while loading. */
  value: number | undefined;
  children?: ReactNode;
}

function SummaryCard({ title, value, children }: SummaryCardProps) {
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
              {formatNumber(value)}
            </Text>
            {children}
          </>
        )}
      </Stack>
    </Paper>
  );
}
