import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PartnerSummary } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { formatNumber } from '../../i18n';
import { AccountStatusBadge } from './account-status-badge';
import { PARTNER_STATUS_FILTERS, usePartners, type PartnerStatusFilter } from './api/get-partners';

const ALL = 'ALL';
const COLUMN_COUNT = 7;
const SKELETON_ROWS = 5;

function parseStatusFilter(value: string | null): PartnerStatusFilter | undefined {
  return PARTNER_STATUS_FILTERS.find((status) => status === value);
}

/** `/partners` (site users): partners with a status filter kept in the URL (`?status=ENABLED`). */
export function PartnerList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatusFilter(searchParams.get('status'));
  const partners = usePartners({ status });
  useDocumentTitle(`${t('partners.title')} · ${t('common.appName')}`);

  const setStatus = (value: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      const filter = parseStatusFilter(value);
      if (filter) next.set('status', filter);
      else next.delete('status');
      return next;
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('partners.title')}</Title>
        <Stack gap={4}>
          <Text id="partner-status-filter" size="sm" fw={500}>
            {t('partners.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="partner-status-filter"
            value={status ?? ALL}
            onChange={setStatus}
            data={[
              { value: ALL, label: t('partners.all') },
              { value: 'ENABLED', label: t('partners.enabled') },
              { value: 'DISABLED', label: t('partners.disabled') },
            ]}
          />
        </Stack>
      </Group>

      {partners.isError ? (
        <Alert color="red" variant="light" title={t('partners.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, partners.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void partners.refetch()}
              loading={partners.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : partners.data && partners.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('partners.empty')}
          </Text>
        </Paper>
      ) : (
        <PartnerTable partners={partners.data} isRefreshing={partners.isPlaceholderData} />
      )}
    </Stack>
  );
}

function PartnerTable({
  partners,
  isRefreshing,
}: {
  partners: PartnerSummary[] | undefined;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const isLoading = partners === undefined;

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isLoading || isRefreshing}>
          <Table.Caption>
            {isLoading ? t('common.loading') : t('partners.caption', { count: partners.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('partners.name')}</Table.Th>
              <Table.Th scope="col">{t('partners.email')}</Table.Th>
              <Table.Th scope="col">{t('partners.contactNo')}</Table.Th>
              <Table.Th scope="col">{t('partners.city')}</Table.Th>
              <Table.Th scope="col">{t('partners.state')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('partners.industries')}
              </Table.Th>
              <Table.Th scope="col">{t('partners.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: isRefreshing ? 0.6 : 1 }}>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <Table.Tr key={row} aria-hidden>
                    {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : partners.map((partner) => (
                  <Table.Tr key={partner.id}>
                    <Table.Td fw={500}>{partner.name}</Table.Td>
                    <Table.Td>{partner.contactEmail || notSet}</Table.Td>
                    <Table.Td>{partner.contactNo || notSet}</Table.Td>
                    <Table.Td>{partner.city || notSet}</Table.Td>
                    <Table.Td>{partner.state || notSet}</Table.Td>
                    <Table.Td ta="right">{formatNumber(partner.tenantCount)}</Table.Td>
                    <Table.Td>
                      <AccountStatusBadge status={partner.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
