import { Alert, Anchor, Badge, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { AuditLogDetail as AuditLogDetailData } from '@vayu/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { useAuditDetail } from './api/get-audit-detail';
import { getActionLabel, getEntityLabel } from './audit-labels';
import { formatAuditTime, formatFromNow } from './audit-time';
import { toValueRows } from './flatten-values';

/** `/auditDetails/{id}`: one audit entry, its metadata and the old and new values side by side. */
export function AuditLogDetail() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const detail = useAuditDetail(id);
  useDocumentTitle(`${t('audit.detail.title', { id: params.id ?? '' })} · ${t('common.appName')}`);
  const isMissing = !Number.isInteger(id) || id < 1 || hasErrorCode(detail.error, 'NOT_FOUND');

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/auditLog" size="sm">
        ← {t('audit.detail.back')}
      </Anchor>
      <Title order={1}>{t('audit.detail.title', { id: params.id ?? '' })}</Title>

      {isMissing ? (
        <Alert color="yellow" variant="light" role="alert">
          {t('audit.detail.notFound')}
        </Alert>
      ) : detail.isError ? (
        <Alert color="red" variant="light" title={t('audit.detail.loadError')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, detail.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void detail.refetch()}
              loading={detail.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !detail.data ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          <Skeleton height={180} />
          <Skeleton height={220} />
        </Stack>
      ) : (
        <>
          <EntryMetadata entry={detail.data} />
          <ValuesSideBySide entry={detail.data} />
        </>
      )}
    </Stack>
  );
}

function EntryMetadata({ entry }: { entry: AuditLogDetailData }) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const rows: [string, ReactNode][] = [
    [
      t('audit.detail.time'),
      <>
        <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
        <Text span c="dimmed" size="sm">
          {' '}
          ({formatFromNow(entry.createdAt)})
        </Text>
      </>,
    ],
    [t('audit.detail.actor'), entry.actorUserName ?? notSet],
    [t('audit.detail.tenant'), entry.tenantName ?? (entry.tenantId === null ? notSet : `#${entry.tenantId}`)],
    ...(entry.actingTenantId === null
      ? []
      : [[t('audit.detail.actingTenant'), `#${entry.actingTenantId}`] as [string, ReactNode]]),
    [
      t('audit.detail.entity'),
      entry.entityId
        ? `${getEntityLabel(t, entry.entity)} #${entry.entityId}`
        : getEntityLabel(t, entry.entity),
    ],
    [t('audit.detail.action'), getActionLabel(t, entry.action)],
    [t('audit.detail.requestId'), entry.requestId ? <code>{entry.requestId}</code> : notSet],
    [t('audit.detail.ip'), entry.ip ?? notSet],
  ];
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" horizontalSpacing="lg">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="30%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function ValuesSideBySide({ entry }: { entry: AuditLogDetailData }) {
  const { t } = useTranslation();
  const rows = toValueRows(entry.oldValue, entry.newValue, entry.changedFields);
  const changedCount = rows.filter((row) => row.isChanged).length;
  const missing = (
    <Text span c="dimmed" fs="italic" size="sm">
      {t('audit.detail.missing')}
    </Text>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-values-title">
      <Title order={2} size="h3" id="audit-values-title">
        {t('audit.detail.valuesTitle')}
      </Title>
      {rows.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">{t('audit.detail.noValues')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" horizontalSpacing="md" layout="fixed">
              <Table.Caption>{t('audit.detail.valuesCaption', { count: changedCount })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="24%">
                    {t('audit.detail.field')}
                  </Table.Th>
                  <Table.Th scope="col">{t('audit.detail.oldValue')}</Table.Th>
                  <Table.Th scope="col">{t('audit.detail.newValue')}</Table.Th>
                  <Table.Th scope="col" w={120}>
                    {t('audit.detail.change')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.path}
                    data-changed={row.isChanged || undefined}
                    bg={row.isChanged ? 'var(--mantine-color-yellow-light)' : undefined}
                    style={
                      row.isChanged ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-6)' } : undefined
                    }
                  >
                    <Table.Th scope="row" fw={row.isChanged ? 700 : 500}>
                      <code>{row.path}</code>
                    </Table.Th>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      {row.oldText === undefined ? (
                        missing
                      ) : row.isChanged ? (
                        <del>{row.oldText}</del>
                      ) : (
                        row.oldText
                      )}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      {row.newText === undefined ? (
                        missing
                      ) : row.isChanged ? (
                        <ins>{row.newText}</ins>
                      ) : (
                        row.newText
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.isChanged ? (
                        <Badge color="orange" variant="light">
                          {t('audit.detail.changed')}
                        </Badge>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {t('audit.detail.unchanged')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
