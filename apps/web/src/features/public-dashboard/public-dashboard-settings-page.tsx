import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  isAccessAllowed,
  PUBLIC_DASHBOARD_KEEPERS,
  publicDashboardPath,
  type FieldError,
  type PublicDashboardSettings,
} from '@vayu/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { dialogs } from '../../components/dialogs';
import { describeFieldError } from '../../components/form/server-errors';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { LoadErrorAlert } from '../../components/load-error-alert';
import {
  usePublicDashboardSettings,
  useRevokePublicDashboard,
  useSavePublicDashboard,
} from './api/public-dashboard-settings';

function parseTenantId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * `/publicDashboard`: an industry's public dashboard — publish it (a new
 * link), choose the monitoring points and parameters it shows and whether
 * charts show, copy the link, revoke it. An industry's users see their own;
 * the platform's and partners' users choose the industry (kept in the address).
 */
export function PublicDashboardSettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(`${t('publicDashboard.settings.title')} · ${t('common.appName')}`);
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const tenantId = ownTenantId ?? parseTenantId(params.get('tenantId'));
  const settings = usePublicDashboardSettings(tenantId);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('publicDashboard.settings.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('publicDashboard.settings.intro')}
        </Text>
      </Stack>
      {ownTenantId === undefined && (
        <Paper withBorder radius="md" p="md">
          <IndustrySearchSelect
            value={tenantId}
            onChange={(next) =>
              setParams((current) => {
                const search = new URLSearchParams(current);
                if (next === undefined) search.delete('tenantId');
                else search.set('tenantId', String(next));
                return search;
              })
            }
            valueLabel={settings.data?.industryName}
            width={320}
            texts={{
              label: t('publicDashboard.settings.industry'),
              placeholder: t('publicDashboard.settings.industryPlaceholder'),
              hint: t('publicDashboard.settings.industrySearchHint'),
              nothingFound: t('publicDashboard.settings.industryNothingFound'),
              searchError: t('publicDashboard.settings.industrySearchError'),
            }}
          />
        </Paper>
      )}
      {tenantId === undefined ? (
        <Text c="dimmed">{t('publicDashboard.settings.chooseIndustry')}</Text>
      ) : settings.data ? (
        <SettingsPanel
          key={`${settings.data.tenantId}-${settings.data.dashboard?.id ?? 0}-${settings.data.dashboard?.version ?? 0}`}
          settings={settings.data}
        />
      ) : settings.isError ? (
        <LoadErrorAlert
          title={t('publicDashboard.settings.loadError')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text c="dimmed">{t('common.loading')}</Text>
        </Group>
      )}
    </Stack>
  );
}

function SettingsPanel({ settings }: { settings: PublicDashboardSettings }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canChange = user !== null && isAccessAllowed(PUBLIC_DASHBOARD_KEEPERS, user);
  const dashboard = settings.dashboard;
  const save = useSavePublicDashboard();
  const revoke = useRevokePublicDashboard();
  const [pointIds, setPointIds] = useState<string[]>((dashboard?.monitoringPointIds ?? []).map(String));
  const [parameterIds, setParameterIds] = useState<string[]>((dashboard?.parameterIds ?? []).map(String));
  const [showCharts, setShowCharts] = useState(dashboard?.showCharts ?? true);
  const [problems, setProblems] = useState<string[]>([]);

  // The parameters measured at the chosen points, once each.
  const parameters = useMemo(() => {
    const chosen = new Set(pointIds);
    const byId = new Map<number, { parameterId: number; label: string; unit: string | null }>();
    for (const option of settings.options) {
      if (!chosen.has(String(option.monitoringPointId))) continue;
      for (const parameter of option.parameters) byId.set(parameter.parameterId, parameter);
    }
    return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [pointIds, settings.options]);
  const shownParameterIds = parameterIds.filter((id) => parameters.some((p) => String(p.parameterId) === id));

  const link = dashboard ? `${window.location.origin}${publicDashboardPath(dashboard.publicId)}` : null;

  function describeDetails(details: FieldError[]): string[] {
    return details.map((detail) => {
      const [field, index] = detail.path.replace(/^body\./, '').split('.');
      const ids = field === 'monitoringPointIds' ? pointIds : shownParameterIds;
      const id = Number(ids[Number(index)]);
      const name =
        field === 'monitoringPointIds'
          ? settings.options.find((o) => o.monitoringPointId === id)?.name
          : parameters.find((p) => p.parameterId === id)?.label;
      const text = describeFieldError(t, detail);
      return name ? `${name}: ${text}` : text;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = [
      ...(pointIds.length === 0 ? [t('publicDashboard.settings.pointsRequired')] : []),
      ...(shownParameterIds.length === 0 ? [t('publicDashboard.settings.parametersRequired')] : []),
    ];
    setProblems(missing);
    if (missing.length > 0) return;
    save.mutate(
      {
        tenantId: settings.tenantId,
        monitoringPointIds: pointIds.map(Number),
        parameterIds: shownParameterIds.map(Number),
        showCharts,
        ...(dashboard ? { version: dashboard.version } : {}),
      },
      {
        onSuccess: () => notifySuccess(t('publicDashboard.settings.saved')),
        onError: (error) => {
          if (isApiError(error) && error.details.length > 0) setProblems(describeDetails(error.details));
          notifyFailure(getErrorMessage(t, error));
        },
      },
    );
  }

  async function confirmRevoke() {
    const confirmed = await dialogs.confirm({
      title: t('publicDashboard.settings.revokeTitle'),
      message: t('publicDashboard.settings.revokeMessage'),
      confirmLabel: t('publicDashboard.settings.revoke'),
      destructive: true,
    });
    if (!confirmed) return;
    revoke.mutate(settings.tenantId, {
      onSuccess: () => notifySuccess(t('publicDashboard.settings.revoked')),
      onError: (error) => notifyFailure(getErrorMessage(t, error)),
    });
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4">
              {settings.industryName}
            </Title>
            <Badge color={dashboard ? 'teal' : 'gray'} variant="light">
              {dashboard
                ? t('publicDashboard.settings.published')
                : t('publicDashboard.settings.notPublished')}
            </Badge>
          </Group>
          {link && (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t('publicDashboard.settings.link')}
                value={link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: '1 1 280px', minWidth: 0 }}
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('publicDashboard.settings.copied') : t('publicDashboard.settings.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={link} target="_blank" rel="noopener noreferrer" variant="default">
                {t('publicDashboard.settings.open')}
              </Button>
              {canChange && (
                <Button
                  color="red"
                  variant="light"
                  onClick={() => void confirmRevoke()}
                  loading={revoke.isPending}
                >
                  {t('publicDashboard.settings.revoke')}
                </Button>
              )}
            </Group>
          )}
          {!canChange && (
            <Text size="sm" c="dimmed">
              {t('publicDashboard.settings.readOnly')}
            </Text>
          )}
        </Stack>
      </Paper>

      {settings.options.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('publicDashboard.settings.noPoints')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('publicDashboard.settings.pointsHint')}
            </Text>
            <Checkbox.Group
              label={t('publicDashboard.settings.pointsLegend')}
              value={pointIds}
              onChange={setPointIds}
            >
              <Stack gap="xs" mt="xs">
                {settings.options.map((option) => (
                  <Checkbox
                    key={option.monitoringPointId}
                    value={String(option.monitoringPointId)}
                    label={option.name}
                    description={
                      option.parameters.length === 0 ? t('publicDashboard.settings.noParameters') : undefined
                    }
                    disabled={!canChange}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {parameters.length > 0 && (
              <Checkbox.Group
                label={t('publicDashboard.api.parameter')}
                value={shownParameterIds}
                onChange={setParameterIds}
              >
                <Group gap="md" mt="xs">
                  {parameters.map((parameter) => (
                    <Checkbox
                      key={parameter.parameterId}
                      value={String(parameter.parameterId)}
                      label={parameter.unit ? `${parameter.label} (${parameter.unit})` : parameter.label}
                      disabled={!canChange}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Switch
              label={t('publicDashboard.settings.showCharts')}
              checked={showCharts}
              onChange={(event) => setShowCharts(event.currentTarget.checked)}
              disabled={!canChange}
            />
            {problems.length > 0 && (
              <Alert color="red" variant="light" role="alert">
                <Stack gap={2}>
                  {problems.map((problem) => (
                    <Text size="sm" key={problem}>
                      {problem}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {canChange && (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {dashboard ? t('publicDashboard.settings.save') : t('publicDashboard.settings.optIn')}
                </Button>
                {dashboard && (
                  <Anchor href={link ?? undefined} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('publicDashboard.settings.open')}
                  </Anchor>
                )}
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
