import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INTEGER_RANGE, isAccessAllowed, parsePageNumber, reportsEndpoints } from '@vayu/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { IndustryPicker } from './industry-picker';
import { ReportList } from './report-list';
import { ReportRequestForm } from './report-request-form';
import { ScheduleList } from './schedule-list';

const TABS = ['reports', 'schedules'] as const;
type Tab = (typeof TABS)[number];

/** An id from the address, or undefined when it is not one. */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= INTEGER_RANGE.max ? id : undefined;
}

/**
 * What the reports screens keep in the address: the industry chosen
 * (`tenantId`), the tab and the page, so back, reload and a shared link show
 * the same. Choosing an industry or a tab goes back to the first page.
 */
export function useReportsAddress() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'schedules' ? 'schedules' : 'reports';
  const tenantId = parseId(params.get('tenantId'));
  const page = parsePageNumber(params.get('page') ?? '') ?? 1;
  const change = useCallback(
    (next: { tab?: Tab; tenantId?: number | undefined; page?: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        const set = (name: string, value: string | undefined) =>
          value === undefined ? updated.delete(name) : updated.set(name, value);
        if (next.tab !== undefined) set('tab', next.tab === 'reports' ? undefined : next.tab);
        if ('tenantId' in next)
          set('tenantId', next.tenantId === undefined ? undefined : String(next.tenantId));
        set('page', next.page !== undefined && next.page > 1 ? String(next.page) : undefined);
        return updated;
      }),
    [setParams],
  );
  const setPage = useCallback((next: number) => change({ page: next }), [change]);
  return { tab, tenantId, page, change, setPage };
}

/**
 * `/reports`: request a report of an industry (an industry's own users have
 * theirs; others choose one), follow the reports as they are made and
 * download or mail them; in the second tab, the report schedules.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const address = useReportsAddress();
  useDocumentTitle(`${t('pages.reports')} · ${t('common.appName')}`);
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const tenantId = ownTenantId ?? address.tenantId;
  const canSchedule = user !== null && isAccessAllowed(reportsEndpoints.createReportSchedule.access, user);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.reports')}</Title>
        <Text c="dimmed" size="sm">
          {t('reports.intro')}
        </Text>
      </Stack>
      {ownTenantId === undefined && (
        <IndustryPicker
          value={address.tenantId}
          onChange={(next) => address.change({ tenantId: next })}
          placeholder={t('reports.allIndustries')}
        />
      )}
      <Tabs
        value={address.tab}
        onChange={(value) => {
          const next = TABS.find((tab) => tab === value);
          if (next && next !== address.tab) address.change({ tab: next });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="reports">{t('reports.tabs.reports')}</Tabs.Tab>
          <Tabs.Tab value="schedules">{t('reports.tabs.schedules')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="md">
          <Stack gap="lg">
            {tenantId === undefined ? (
              <Alert color="blue" variant="light">
                {t('reports.chooseIndustry')}
              </Alert>
            ) : (
              <ReportRequestForm key={tenantId} tenantId={tenantId} />
            )}
            <ReportList scope="all" tenantId={tenantId} page={address.page} onPage={address.setPage} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <ScheduleList
            tenantId={tenantId}
            canEdit={canSchedule}
            page={address.page}
            onPage={address.setPage}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
