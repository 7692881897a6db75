import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ACCOUNT_ADMINS,
  INTEGER_RANGE,
  isAccessAllowed,
  parsePageNumber,
  PULL_RATE_LIMIT_PER_MINUTE,
  type PullToken,
  type PullTokenIssued,
  type PullTokenStatus,
} from '@vayu/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, type DataTableColumn } from '../../components/data-table';
import { IndustrySearchSelect } from '../../components/industry-search-select';
import { ConfirmDeleteButton, useLastPageWhenPastEnd, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { SecretOnceDialog } from '../../components/secret-once-dialog';
import { formatTotal } from '../../i18n';
import { useIndustryName, usePullTokens, useRevokePullToken } from './api';
import { formatMoment } from './pull-data-text';
import { PullTokenCreateDialog } from './pull-token-create-dialog';

export const PULL_DATA_PATH = '/pullData';

const STATUS_COLORS: Record<PullTokenStatus, string> = { ACTIVE: 'teal', EXPIRED: 'gray', REVOKED: 'red' };

/** An id from the address, or undefined when it is not one. */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= INTEGER_RANGE.max ? id : undefined;
}

/** The industry (`tenantId`) and page in the address, so back, reload and a shared link show the same. */
function usePullDataAddress() {
  const [params, setParams] = useSearchParams();
  const tenantId = parseId(params.get('tenantId'));
  const page = parsePageNumber(params.get('page') ?? '') ?? 1;
  const change = useCallback(
    (next: { tenantId?: number | undefined; page?: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if ('tenantId' in next) {
          if (next.tenantId === undefined) updated.delete('tenantId');
          else updated.set('tenantId', String(next.tenantId));
        }
        if (next.page !== undefined && next.page > 1) updated.set('page', String(next.page));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return { tenantId, page, change };
}

/**
 * `/pullData`: an industry's pull-data tokens (an industry's own admins have
 * theirs; site and partner admins choose one of the industries they manage),
 * newest first and paged; issue one (shown once) and revoke one.
 */
export function PullDataPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const address = usePullDataAddress();
  useDocumentTitle(`${t('pages.pullData')} · ${t('common.appName')}`);
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const tenantId = ownTenantId ?? address.tenantId;
  const industryName = useIndustryName(ownTenantId === undefined ? address.tenantId : undefined);
  const canWrite = user !== null && isAccessAllowed(ACCOUNT_ADMINS, user);
  const tokens = usePullTokens(tenantId, address.page);
  const revoke = useRevokePullToken();
  const [creatingFor, setCreatingFor] = useState<number | null>(null);
  const [issued, setIssued] = useState<PullTokenIssued | null>(null);

  const { data } = tokens;
  const { change } = address;
  const toPage = useCallback((page: number) => change({ page }), [change]);
  useLastPageWhenPastEnd(tokens, address.page, toPage);

  const columns: DataTableColumn<PullToken>[] = [
    {
      key: 'name',
      header: t('pullData.columns.name'),
      cellProps: { fw: 500, style: { overflowWrap: 'anywhere' } },
      render: (token) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {token.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {token.hint}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'scope',
      header: t('pullData.columns.scope'),
      render: (token) => (
        <Text
          size="sm"
          title={[
            token.monitoringPoints.map((point) => point.name).join(', '),
            token.parameters.map((parameter) => parameter.name).join(', '),
          ].join(' — ')}
        >
          {t('pullData.scopeSummary', {
            points: t('pullData.pointsCount', { count: token.monitoringPoints.length }),
            parameters: t('pullData.parametersCount', { count: token.parameters.length }),
          })}
        </Text>
      ),
    },
    {
      key: 'limits',
      header: t('pullData.columns.limits'),
      render: (token) =>
        t('pullData.limits', {
          history: token.historyDays,
          range: t('pullData.rangeDays', { count: token.maxRangeDays }),
        }),
    },
    {
      key: 'expires',
      header: t('pullData.columns.expires'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (token) => (token.expiresAt ? formatMoment(token.expiresAt) : t('pullData.noExpiry')),
    },
    {
      key: 'created',
      header: t('pullData.columns.created'),
      render: (token) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoment(token.createdAt)}
          </Text>
          {token.createdBy && (
            <Text size="xs" c="dimmed">
              {t('pullData.by', { name: token.createdBy })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'lastUsed',
      header: t('pullData.columns.lastUsed'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (token) => (token.lastUsedAt ? formatMoment(token.lastUsedAt) : t('pullData.never')),
    },
    {
      key: 'status',
      header: t('pullData.columns.status'),
      render: (token) => (
        <Badge variant="light" color={STATUS_COLORS[token.status]}>
          {t(`pullData.status.${token.status}`)}
        </Badge>
      ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('pullData.columns.actions'),
            render: (token: PullToken) =>
              token.status === 'REVOKED' ? null : (
                <ConfirmDeleteButton
                  label={t('pullData.revoke')}
                  accessibleName={t('pullData.revokeNamed', { name: token.name })}
                  confirmMessage={t('pullData.revokeConfirm', { name: token.name })}
                  onDelete={() => revoke.mutateAsync(token)}
                  successMessage={t('pullData.revoked')}
                  failureMessage={t('pullData.revokeError')}
                />
              ),
          },
        ]
      : []),
  ];

  const rows = data?.items;
  const pageSize = data?.pageSize ?? 20;
  const from = rows && rows.length > 0 ? (address.page - 1) * pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const example = `curl -H "Authorization: Bearer <token>" \\\n  "${origin}/api/pull/data?monitoringPointId=<id>&parameterIds=<id>,<id>&from=2026-11-26T00:00:00%2B05:30&to=2026-11-27T00:00:00%2B05:30"`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} maw={760}>
          <Title order={1}>{t('pages.pullData')}</Title>
          <Text c="dimmed" size="sm">
            {t('pullData.intro')}
          </Text>
        </Stack>
        {canWrite && tenantId !== undefined && (
          <Button onClick={() => setCreatingFor(tenantId)}>{t('pullData.add')}</Button>
        )}
      </Group>

      {ownTenantId === undefined && (
        <Paper withBorder radius="md" p="md">
          <IndustrySearchSelect
            value={address.tenantId}
            onChange={(next) => address.change({ tenantId: next })}
            valueLabel={industryName.data}
            width={360}
            texts={{
              label: t('pullData.industry'),
              placeholder: t('edgeClients.industryPlaceholder'),
              hint: t('edgeClients.industrySearchHint'),
              nothingFound: t('edgeClients.industryNothingFound'),
              searchError: t('edgeClients.industrySearchError'),
            }}
          />
        </Paper>
      )}

      {tenantId === undefined ? (
        <DataTableEmpty>{t('pullData.chooseIndustry')}</DataTableEmpty>
      ) : (
        <ListResult
          query={tokens}
          rows={rows}
          errorTitle={t('pullData.loadError')}
          empty={t('pullData.empty')}
        >
          <DataTable
            columns={columns}
            rows={rows}
            getRowKey={(token) => token.id}
            caption={t('pullData.caption', { from, to, total: formatTotal(data) })}
            minWidth={900}
            isRefreshing={tokens.isPlaceholderData}
          />
        </ListResult>
      )}

      {data && (
        <Pagination
          page={address.page}
          pageCount={data.pageCount}
          total={data}
          disabled={tokens.isFetching}
          onChange={(page) => address.change({ page })}
        />
      )}

      <Alert variant="light" color="blue" title={t('pullData.howTo')}>
        <Stack gap="xs">
          <Text size="sm">{t('pullData.howToText', { limit: PULL_RATE_LIMIT_PER_MINUTE })}</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {example}
          </Code>
        </Stack>
      </Alert>

      <PullTokenCreateDialog
        tenantId={creatingFor}
        onClose={() => setCreatingFor(null)}
        onIssued={(next) => {
          setCreatingFor(null);
          setIssued(next);
        }}
      />
      <SecretOnceDialog
        secret={issued?.token ?? null}
        onClose={() => setIssued(null)}
        texts={{
          title: t('pullData.issued.title'),
          warningTitle: t('pullData.issued.warningTitle'),
          warning: t('pullData.issued.warning'),
          label: t('pullData.issued.label', { name: issued?.pullToken.name ?? '' }),
          usage: t('pullData.issued.usage'),
          copy: t('pullData.issued.copy'),
          copied: t('pullData.issued.copied'),
          done: t('pullData.issued.done'),
        }}
      />
    </Stack>
  );
}
