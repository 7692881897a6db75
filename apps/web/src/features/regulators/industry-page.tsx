import { Alert, Anchor, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isAccessAllowed, regulatorsEndpoints, type Board, type RegulatorTenant } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useBoard, useRegulatorTenants } from './api';
import { BackToBoards } from './board-page';
import { ComplianceTimeline } from './compliance-timeline';
import { DeviceMappingsSection } from './device-mappings-section';
import { PushAttemptsSection } from './push-attempts-section';
import { DetailsList, KeyStatusBadge, PushBadge } from './regulator-badges';
import { boardPath, formatMoment, parseRouteId, REGULATORS_PATH } from './regulator-text';
import { useTabParam } from './use-tab-param';
import { StationsSection } from './stations-section';

const TABS = ['stations', 'devices', 'timeline', 'attempts'] as const;

/**
 * `/viewRegulator/{statId}/industry/{regulatorTenantId}`: an industry at a
 * board: its stations and device parameters in the board's ids, its
 * compliance timeline and every try to send its slots.
 */
export function IndustryPage() {
  const params = useParams();
  const statId = parseRouteId(params.statId);
  const regulatorTenantId = parseRouteId(params.regulatorTenantId);
  if (statId === null) return <Navigate to={REGULATORS_PATH} replace />;
  if (regulatorTenantId === null) return <Navigate to={boardPath(statId)} replace />;
  return (
    <IndustryScreen
      key={`${statId}-${regulatorTenantId}`}
      statId={statId}
      regulatorTenantId={regulatorTenantId}
    />
  );
}

function BackToBoard({ board }: { board: Board }) {
  return (
    <Anchor component={Link} to={boardPath(board.statId)} size="sm">
      <span aria-hidden>← </span>
      {board.name}
    </Anchor>
  );
}

function IndustryScreen({ statId, regulatorTenantId }: { statId: number; regulatorTenantId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const board = useBoard(statId);
  const tenants = useRegulatorTenants(statId);
  const canWrite = user !== null && isAccessAllowed(regulatorsEndpoints.createStation.access, user);
  const mapping = tenants.data?.items.find((item) => item.id === regulatorTenantId);
  useDocumentTitle(`${mapping?.tenantName ?? t('regulators.industry.title')} · ${t('common.appName')}`);

  const failed = board.isError ? board : tenants.isError ? tenants : null;
  if (failed) {
    return (
      <Stack gap="md">
        <BackToBoards />
        <Title order={1}>{t('regulators.industry.title')}</Title>
        <LoadErrorAlert
          title={t('regulators.industry.loadError')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      </Stack>
    );
  }
  if (!board.data || !tenants.data) {
    return (
      <Stack gap="md" role="status" aria-busy aria-label={t('common.loading')}>
        <Skeleton height={16} width={140} />
        <Skeleton height={40} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (!mapping) {
    return (
      <Stack gap="md">
        <BackToBoard board={board.data} />
        <Title order={1}>{t('regulators.industry.title')}</Title>
        <Alert color="orange" variant="light">
          {t('regulators.industry.notMapped', { board: board.data.name })}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <BackToBoard board={board.data} />
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {mapping.tenantName}
        </Title>
        {/* The link stands apart from the text, not inside it. */}
        <Group gap="xs" wrap="wrap">
          <Text c="dimmed" size="sm">
            {t('regulators.industry.atBoard', { board: board.data.name, state: board.data.stateName })}
          </Text>
          <Anchor component={Link} to={`/accounts/tenant/${mapping.tenantId}/view`} size="sm">
            {t('regulators.industry.account')}
          </Anchor>
        </Group>
      </Stack>
      <MappingDetails mapping={mapping} />
      <IndustryTabs board={board.data} mapping={mapping} canWrite={canWrite} />
    </Stack>
  );
}

function MappingDetails({ mapping }: { mapping: RegulatorTenant }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('regulators.industry.details')}>
      <Stack gap="sm">
        <DetailsList
          items={[
            { label: t('regulators.tenants.spcbTenantId'), value: mapping.spcbTenantId },
            {
              label: t('regulators.tenants.keyStatus'),
              value: <KeyStatusBadge keyStatus={mapping.keyStatus} />,
            },
            {
              label: t('regulators.tenants.authorizationKey'),
              value: mapping.authorizationKeyHint ?? t('common.notSet'),
            },
            { label: t('regulators.tenants.nocNumber'), value: mapping.nocNumber ?? t('common.notSet') },
            { label: t('regulators.boards.push'), value: <PushBadge enabled={mapping.pushEnabled} /> },
            { label: t('regulators.tenants.lastDelivered'), value: formatMoment(t, mapping.lastDeliveredAt) },
            { label: t('regulators.industry.lastAttempt'), value: formatMoment(t, mapping.lastAttemptAt) },
            { label: t('regulators.industry.nextSlot'), value: formatMoment(t, mapping.nextSlot) },
          ]}
        />
        {mapping.lastError && (
          <Alert color="red" variant="light" title={t('regulators.tenants.lastError')}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mapping.lastError}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function IndustryTabs({
  board,
  mapping,
  canWrite,
}: {
  board: Board;
  mapping: RegulatorTenant;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [tab, choose] = useTabParam(TABS);
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="stations">{t('regulators.industry.tabs.stations')}</Tabs.Tab>
        <Tabs.Tab value="devices">{t('regulators.industry.tabs.devices')}</Tabs.Tab>
        <Tabs.Tab value="timeline">{t('regulators.industry.tabs.timeline')}</Tabs.Tab>
        <Tabs.Tab value="attempts">{t('regulators.industry.tabs.attempts')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="stations" pt="md">
        <StationsSection mapping={mapping} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="devices" pt="md">
        <DeviceMappingsSection board={board} mapping={mapping} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="timeline" pt="md">
        <ComplianceTimeline mapping={mapping} />
      </Tabs.Panel>
      <Tabs.Panel value="attempts" pt="md">
        <PushAttemptsSection mapping={mapping} />
      </Tabs.Panel>
    </Tabs>
  );
}
