import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INGEST_MAX_BATCH, parsePageNumber, type TenantAppVendor } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { Pagination } from '../../components/pagination';
import { formatNumber, formatTotal } from '../../i18n';
import { useIndustryName, useTenantAppVendors } from './api';
import { formatMoment } from './app-vendor-text';
import { useMetaSheetDownload } from './use-meta-sheet-download';

/** What one reading sent to `POST /api/ingest` looks like (the meta sheet gives the ids and units). */
const EXAMPLE_BODY = JSON.stringify(
  {
    readings: [
      { deviceId: 12, parameter: 'so2', time: '2026-11-27T10:15:00+05:30', value: 42.5, unit: 'mg/Nm3' },
    ],
  },
  null,
  2,
);

/**
 * `/pushData` (API data management): which push-data apps may send an
 * industry's readings, and how data is sent — the ingest endpoint, the API
 * documentation and the industry's meta sheet. An industry's users see their
 * own; others choose the industry (kept in the URL).
 */
export function PushDataPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const isOwnIndustry = user?.userType === 'tenant';
  const chosenId = parsePageNumber(params.get('tenantId')) ?? undefined;
  const tenantId = isOwnIndustry ? user.account.id : chosenId;
  const page = parsePageNumber(params.get('page')) ?? 1;
  const chosenName = useIndustryName(isOwnIndustry ? undefined : chosenId);
  const industryName = isOwnIndustry ? user.account.name : chosenName.data;
  useDocumentTitle(`${t('pages.pushData')} · ${t('common.appName')}`);

  const setParam = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.pushData')}</Title>
        <Text c="dimmed" size="sm" maw={760}>
          {t('appVendors.pushData.intro')}
        </Text>
      </Stack>

      {!isOwnIndustry && (
        <Paper withBorder radius="md" p="md">
          <IndustrySearchSelect
            value={chosenId}
            onChange={(id) =>
              setParam({ tenantId: id === undefined ? undefined : String(id), page: undefined })
            }
            valueLabel={chosenName.data}
            width={400}
            texts={{
              label: t('appVendors.pushData.industry'),
              placeholder: t('appVendors.pushData.industryPlaceholder'),
              hint: t('appVendors.pushData.industryHint'),
              nothingFound: t('appVendors.pushData.industryNothingFound'),
              searchError: t('appVendors.pushData.industrySearchError'),
            }}
          />
        </Paper>
      )}

      {tenantId === undefined ? (
        <DataTableEmpty>{t('appVendors.pushData.chooseIndustry')}</DataTableEmpty>
      ) : (
        <>
          <TenantApps
            tenantId={tenantId}
            page={page}
            onPage={(next) => setParam({ page: next > 1 ? String(next) : undefined })}
          />
          <HowToSend tenant={{ id: tenantId, name: industryName ?? `#${tenantId}` }} />
        </>
      )}
    </Stack>
  );
}

function TenantApps({
  tenantId,
  page,
  onPage,
}: {
  tenantId: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const apps = useTenantAppVendors(tenantId, page);
  const rows = apps.data?.items;
  const columns: DataTableColumn<TenantAppVendor>[] = [
    {
      key: 'name',
      header: t('appVendors.columns.appName'),
      cellProps: { fw: 500 },
      render: (app) => app.appName,
    },
    {
      key: 'appId',
      header: t('appVendors.columns.appId'),
      render: (app) => (
        <Text ff="monospace" size="sm">
          {app.appId}
        </Text>
      ),
    },
    {
      key: 'added',
      header: t('appVendors.pushData.addedOn'),
      render: (app) => formatMoment(app.addedAt),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="push-data-apps">
      <Title order={2} size="h3" id="push-data-apps">
        {t('appVendors.pushData.appsTitle')}
      </Title>
      <ListResult
        query={apps}
        rows={rows}
        errorTitle={t('appVendors.pushData.loadError')}
        empty={t('appVendors.pushData.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(app) => app.id}
          caption={t('appVendors.pushData.caption', { total: formatTotal(apps.data) })}
          minWidth={560}
          isRefreshing={apps.isPlaceholderData}
          skeletonRows={2}
        />
      </ListResult>
      {apps.data && (
        <Pagination
          page={page}
          pageCount={apps.data.pageCount}
          total={apps.data}
          disabled={apps.isFetching}
          onChange={onPage}
        />
      )}
    </Stack>
  );
}

function HowToSend({ tenant }: { tenant: { id: number; name: string } }) {
  const { t } = useTranslation();
  const sheet = useMetaSheetDownload();
  const endpoint = `${window.location.origin}/api/ingest`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="push-data-how">
      <Stack gap="sm">
        <Title order={2} size="h3" id="push-data-how">
          {t('appVendors.pushData.howTitle')}
        </Title>
        <Text size="sm">{t('appVendors.pushData.howIntro', { max: formatNumber(INGEST_MAX_BATCH) })}</Text>
        <Code
          block
        >{`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: application/json\n\n${EXAMPLE_BODY}`}</Code>
        <Text size="sm">{t('appVendors.pushData.howSheet')}</Text>
        <Group gap="md">
          <Button
            variant="light"
            onClick={() => void sheet.download(tenant)}
            loading={sheet.pendingTenantId === tenant.id}
          >
            {t('appVendors.metaSheet.download')}
          </Button>
          <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm">
            {t('appVendors.docsLink')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
