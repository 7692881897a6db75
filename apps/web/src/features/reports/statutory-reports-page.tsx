import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IndustryPicker } from './industry-picker';
import { ReportList } from './report-list';
import { useReportsAddress } from './reports-page';

/**
 * `/statutory/reports`: a board's view of the reports of the industries
 * mapped to it (the platform's people: to any board), by industry, to
 * download or mail on.
 */
export function StatutoryReportsPage() {
  const { t } = useTranslation();
  const address = useReportsAddress();
  useDocumentTitle(`${t('pages.statutoryReports')} · ${t('common.appName')}`);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.statutoryReports')}</Title>
        <Text c="dimmed" size="sm">
          {t('reports.statutoryIntro')}
        </Text>
      </Stack>
      <IndustryPicker
        value={address.tenantId}
        onChange={(next) => address.change({ tenantId: next })}
        placeholder={t('reports.allIndustries')}
      />
      <ReportList scope="board" tenantId={address.tenantId} page={address.page} onPage={address.setPage} />
    </Stack>
  );
}
