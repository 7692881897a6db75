import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ActivityLogRow } from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useActivityLogs } from './api/get-activity-logs';
import { useTenantUsers } from './api/get-tenant-users';
import { getActionLabel } from './audit-action';
import { PARAMS, readDateRange, readPage, readPositiveInt, withParams } from './audit-filters';
import { formatAuditTime } from './audit-time';
import { DateRangeFields } from './date-range-fields';
import { TenantSelect } from './tenant-select';

const COLUMN_COUNT = 6;
const SKELETON_ROWS = 5;

/**
 * `/logs`: who signed in and what they changed, per industry and user, in a
 * date range (default the last 7 days); paged on the server, state in the URL.
 */
export function ActivityLogList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('audit.logs.title')} · ${t('common.appName')}`);

  const range = readDateRange(searchParams);
  const tenantId = readPositiveInt(searchParams, PARAMS.tenantId);
  const userId = tenantId === undefined ? undefined : readPositiveInt(searchParams, PARAMS.userId);
  const page = readPage(searchParams);
  const activity = useActivityLogs(
    { tenantId, userId, startDate: range.startDate, endDate: range.endDate, pageNum: page },
    { enabled: range.error === null },
  );
  const users = useTenantUsers(tenantId);

  useEffect(() => {
    if (activity.isError) notifyFailure(t('audit.logs.loadError'));
  }, [activity.isError, activity.errorUpdatedAt, t]);

  const update = (changes: Parameters<typeof withParams>[1]) =>
    setSearchParams((params) => withParams(params, changes));

  const rows = activity.data?.items;
  const tenantLabel =
    tenantId === undefined ? undefined : rows?.find((r) => r.tenantId === tenantId)?.tenantName;
  const userOptions = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: user.name ? `${user.name} (${user.userName})` : user.userName,
  }));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('audit.logs.title')}</Title>
        <Text c="dimmed">{t('audit.logs.intro')}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.filters.title')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <TenantSelect
            value={tenantId}
            valueLabel={tenantLabel}
            onChange={(id) => update({ [PARAMS.tenantId]: id, [PARAMS.userId]: null })}
          />
          <Select
            label={t('audit.filters.user')}
            placeholder={
              tenantId === undefined ? t('audit.filters.userNeedsTenant') : t('audit.filters.userPlaceholder')
            }
            description={t('audit.filters.userHint')}
            data={userOptions}
            value={userId === undefined ? null : String(userId)}
            onChange={(next) => update({ [PARAMS.userId]: next })}
            disabled={tenantId === undefined || users.isPending}
            error={users.isError ? t('audit.filters.usersLoadError') : undefined}
            searchable
            clearable
            w={300}
          />
          <DateRangeFields
            range={range}
            onChange={(change) => update(change)}
            onReset={() => update({ [PARAMS.startDate]: null, [PARAMS.endDate]: null })}
          />
        </Group>
      </Paper>

      {range.error !== null ? null : activity.isError ? (
        <Alert color="red" variant="light" title={t('audit.logs.loadError')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, activity.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void activity.refetch()}
              loading={activity.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('audit.logs.empty')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              aria-busy={!rows || activity.isPlaceholderData}
            >
              <Table.Caption>
                {rows
                  ? t('audit.logs.caption', {
                      from: range.startDate,
                      to: range.endDate,
                      total: formatNumber(activity.data?.total ?? 0),
                    })
                  : t('common.loading')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('audit.columns.time')}</Table.Th>
                  <Table.Th scope="col">{t('audit.columns.user')}</Table.Th>
                  <Table.Th scope="col">{t('audit.columns.tenant')}</Table.Th>
                  <Table.Th scope="col">{t('audit.columns.action')}</Table.Th>
                  <Table.Th scope="col">{t('audit.columns.entity')}</Table.Th>
                  <Table.Th scope="col">{t('audit.columns.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: activity.isPlaceholderData ? 0.6 : 1 }}>
                {rows
                  ? rows.map((row) => <ActivityRow key={row.id} row={row} />)
                  : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <Table.Tr key={index} aria-hidden>
                        {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                          <Table.Td key={column}>
                            <Skeleton height={14} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {activity.data && (
        <Pagination
          page={page}
          pageCount={activity.data.pageCount}
          disabled={activity.isFetching}
          onChange={(next) => update({ [PARAMS.page]: next })}
        />
      )}
    </Stack>
  );
}

function ActivityRow({ row }: { row: ActivityLogRow }) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={`/auditDetails/${row.id}`} title={t('audit.list.open', { id: row.id })}>
          {formatAuditTime(row.createdAt)}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.userName ?? notSet}</Table.Td>
      <Table.Td>{row.tenantName ?? notSet}</Table.Td>
      <Table.Td>{getActionLabel(t, row.action)}</Table.Td>
      <Table.Td>
        {row.entity}
        {row.entityId && (
          <Text span c="dimmed" size="sm">
            {' '}
            #{row.entityId}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.ip ?? notSet}</Table.Td>
    </Table.Tr>
  );
}
