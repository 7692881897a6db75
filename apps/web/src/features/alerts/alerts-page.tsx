import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { useListState } from '../../components/list';
import { useIndustryName } from './api/get-alerts';
import { AlertLimitList } from './alert-limit-list';
import { AlertList } from './alert-list';
import { alertsScreenQuerySchema, parseAlertsTab, tabSearch } from './alerts-query';

/**
 * `/alerts`: the alerts open or begun in the last 24 hours, refreshed each
 * minute. An industry's own users see theirs, with their counts; site,
 * partner, corporate and board users see those of every industry they see,
 * or of the industry they choose (with its counts). The limits tab
 * (`?tab=limits`) shows the chosen industry's limit of each parameter at
 * each monitoring point. Industry, tab, filters and page are in the address.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(`${t('pages.alerts')} · ${t('common.appName')}`);
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const listOptions = useMemo(
    () => ({ fixed: ownTenantId === undefined ? {} : { tenantId: ownTenantId } }),
    [ownTenantId],
  );
  const list = useListState(alertsScreenQuerySchema, listOptions);
  const tenantId = list.query.tenantId;
  const industryName = useIndustryName(ownTenantId === undefined ? tenantId : undefined);
  const tab = parseAlertsTab(params.get('tab'));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.alerts')}</Title>
        <Text c="dimmed" size="sm">
          {t('alerts.intro')}
        </Text>
      </Stack>

      {ownTenantId === undefined && (
        <Paper withBorder radius="md" p="md">
          <IndustrySearchSelect
            value={tenantId}
            onChange={(next) => list.change({ tenantId: next })}
            valueLabel={industryName.data}
            width={300}
            texts={{
              label: t('alerts.industry'),
              placeholder: t('alerts.allIndustries'),
              hint: t('alerts.industrySearchHint'),
              nothingFound: t('alerts.industryNothingFound'),
              searchError: t('alerts.industrySearchError'),
            }}
          />
        </Paper>
      )}

      <Tabs
        value={tab}
        onChange={(value) => setParams((current) => tabSearch(current, parseAlertsTab(value)))}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="alerts">{t('alerts.tabs.alerts')}</Tabs.Tab>
          <Tabs.Tab value="limits">{t('alerts.tabs.limits')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="alerts" pt="md">
          <AlertList
            tenantId={tenantId}
            isOwnIndustry={ownTenantId !== undefined}
            industryName={industryName.data}
            query={list.query}
            onChange={list.change}
            onPage={list.setPage}
          />
        </Tabs.Panel>
        <Tabs.Panel value="limits" pt="md">
          <AlertLimitList tenantId={tenantId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
