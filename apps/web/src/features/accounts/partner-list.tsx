import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { findIndianState, type AccountStatus, type PartnerSummary } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import { formatNumber } from '../../i18n';
import { useChangeAccountStatus, type AccountStatusChange } from './api/change-account-status';
import {
  PARTNER_STATUS_FILTERS,
  partnerKeys,
  usePartners,
  type PartnerStatusFilter,
} from './api/get-partners';
import { PartnersEditDialog } from './partners-edit-dialog';

const ALL = 'ALL';
const COLUMN_COUNT = 8;
const SKELETON_ROWS = 5;
const SEARCH_DEBOUNCE_MS = 300;

function parseStatusFilter(value: string | null): PartnerStatusFilter | undefined {
  return PARTNER_STATUS_FILTERS.find((status) => status === value);
}

type DialogState = { type: 'add' } | { type: 'edit'; id: number } | null;

/**
 * `/partners` (site users): partners with a status filter and a server-side
 * search kept in the URL (`?status=ENABLED&search=pune`), add and edit modals
 * and an enable/disable switch per row.
 */
export function PartnerList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatusFilter(searchParams.get('status'));
  const search = searchParams.get('search')?.trim() || undefined;
  const [searchText, setSearchText] = useState(search ?? '');
  const [dialog, setDialog] = useState<DialogState>(null);
  const partners = usePartners({ status, search });
  useDocumentTitle(`${t('partners.title')} · ${t('common.appName')}`);

  const setParam = (name: string, value: string | undefined) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'search' },
    );

  const applySearch = useDebouncedCallback(
    (text: string) => setParam('search', text.trim() || undefined),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('partners.title')}</Title>
        <Button onClick={() => setDialog({ type: 'add' })}>{t('partners.add')}</Button>
      </Group>

      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('partners.search')}
          placeholder={t('partners.searchPlaceholder')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={300}
        />
        <Stack gap={4}>
          <Text id="partner-status-filter" size="sm" fw={500}>
            {t('partners.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="partner-status-filter"
            value={status ?? ALL}
            onChange={(value) => setParam('status', parseStatusFilter(value))}
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
            {search ? t('partners.noMatch', { search }) : t('partners.empty')}
          </Text>
        </Paper>
      ) : (
        <PartnerTable
          partners={partners.data}
          isRefreshing={partners.isPlaceholderData}
          onEdit={(id) => setDialog({ type: 'edit', id })}
        />
      )}

      <PartnersEditDialog
        opened={dialog !== null}
        partnerId={dialog?.type === 'edit' ? dialog.id : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function PartnerTable({
  partners,
  isRefreshing,
  onEdit,
}: {
  partners: PartnerSummary[] | undefined;
  isRefreshing: boolean;
  onEdit: (id: number) => void;
}) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const isLoading = partners === undefined;

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900}>
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
              <Table.Th scope="col">{t('partners.actions')}</Table.Th>
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
                    <Table.Td fw={500}>
                      <Anchor component={Link} to={`/accounts/partner/${partner.id}/view`}>
                        {partner.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{partner.contactEmail || notSet}</Table.Td>
                    <Table.Td>{partner.contactNo || notSet}</Table.Td>
                    <Table.Td>{partner.city || notSet}</Table.Td>
                    <Table.Td>
                      {(partner.state && findIndianState(partner.state)?.name) || partner.state || notSet}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(partner.tenantCount)}</Table.Td>
                    <Table.Td>
                      <PartnerStatusSwitch partner={partner} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => onEdit(partner.id)}
                        aria-label={t('partners.editPartner', { name: partner.name })}
                      >
                        {t('partners.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * The row's status changes at once; the confirm decides whether it sticks.
 * Cancel or a failed call puts it back.
 */
function PartnerStatusSwitch({ partner }: { partner: PartnerSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const changeStatus = useChangeAccountStatus();
  const [optimistic, setOptimistic] = useState<AccountStatus | null>(null);
  const shown = optimistic ?? partner.status;
  const canToggle = partner.status === 'ENABLED' || partner.status === 'DISABLED';

  const toggle = async () => {
    const next: AccountStatusChange = shown === 'ENABLED' ? 'DISABLED' : 'ENABLED';
    setOptimistic(next);
    const confirmed = await dialogs.confirm({
      message:
        next === 'DISABLED'
          ? t('partners.confirmDisable', { name: partner.name })
          : t('partners.confirmEnable', { name: partner.name }),
      confirmLabel: next === 'DISABLED' ? t('partners.disable') : t('partners.enable'),
      destructive: next === 'DISABLED',
    });
    if (!confirmed) {
      setOptimistic(null);
      return;
    }
    try {
      await changeStatus.mutateAsync({ id: partner.id, status: next });
      notifySuccess(t('partners.statusChanged'));
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    } catch {
      notifyFailure(t('partners.statusError'));
    } finally {
      setOptimistic(null);
    }
  };

  return (
    <Switch
      checked={shown === 'ENABLED'}
      onChange={() => void toggle()}
      disabled={!canToggle || changeStatus.isPending}
      label={t(`statuses.${shown}`)}
      aria-label={t('partners.statusToggle', { name: partner.name })}
      size="sm"
    />
  );
}
