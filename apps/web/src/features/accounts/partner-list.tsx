import { Anchor, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  exportPartnersEndpoint,
  findIndianState,
  partnerListQuerySchema,
  type AccountStatus,
  type PartnerSummary,
} from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { SegmentedChoice } from '../../components/segmented-choice';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { ExportCsvButton, useListState, ListResult } from '../../components/list';
import { formatPhoneNumber } from '../../components/phone';
import { UrlSearchInput } from '../../components/url-search-input';
import { formatNumber } from '../../i18n';
import { useChangeAccountStatus, type AccountStatusChange } from './api/change-account-status';
import { partnerKeys, usePartners } from './api/get-partners';
import { PartnersEditDialog } from './partners-edit-dialog';

const ALL = 'ALL';
/** The status filters the list offers; no status means all. */
const STATUS_FILTERS = ['ENABLED', 'DISABLED'] as const;

type DialogState = { type: 'add' } | { type: 'edit'; id: number } | null;

/**
 * `/partners` (site users): partners with a status filter and a server-side
 * search kept in the URL (`?status=ENABLED&search=pune`), add and edit modals
 * and an enable/disable switch per row.
 */
export function PartnerList() {
  const { t } = useTranslation();
  const list = useListState(partnerListQuerySchema);
  const { status, search } = list.query;
  const [dialog, setDialog] = useState<DialogState>(null);
  const partners = usePartners(list.query);
  useDocumentTitle(`${t('pages.partners')} · ${t('common.appName')}`);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.partners')}</Title>
        <Group gap="sm">
          <ExportCsvButton endpoint={exportPartnersEndpoint} query={list.query} />
          <Button onClick={() => setDialog({ type: 'add' })}>{t('partners.add')}</Button>
        </Group>
      </Group>

      <Group justify="space-between" align="flex-end" wrap="wrap">
        <UrlSearchInput
          value={search}
          onSearch={(next) => list.change({ search: next })}
          label={t('partners.search')}
          placeholder={t('partners.searchPlaceholder')}
        />
        <Stack gap={4}>
          <Text id="partner-status-filter" size="sm" fw={500}>
            {t('partners.statusFilter')}
          </Text>
          <SegmentedChoice
            aria-labelledby="partner-status-filter"
            value={STATUS_FILTERS.find((item) => item === status) ?? ALL}
            onChange={(value) => list.change({ status: STATUS_FILTERS.find((item) => item === value) })}
            data={[
              { value: ALL, label: t('partners.all') },
              { value: 'ENABLED', label: t('partners.enabled') },
              { value: 'DISABLED', label: t('partners.disabled') },
            ]}
          />
        </Stack>
      </Group>

      <ListResult
        query={partners}
        rows={partners.data}
        errorTitle={t('partners.loadError')}
        empty={search ? t('partners.noMatch', { search }) : t('partners.empty')}
      >
        <PartnerTable
          partners={partners.data}
          isRefreshing={partners.isPlaceholderData}
          onEdit={(id) => setDialog({ type: 'edit', id })}
        />
      </ListResult>

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

  const columns: DataTableColumn<PartnerSummary>[] = [
    {
      key: 'name',
      header: t('partners.name'),
      cellProps: { fw: 500 },
      render: (partner) => (
        <Anchor component={Link} to={`/accounts/partner/${partner.id}/view`}>
          {partner.name}
        </Anchor>
      ),
    },
    { key: 'email', header: t('partners.email'), render: (partner) => partner.contactEmail || notSet },
    {
      key: 'contactNo',
      header: t('partners.contactNo'),
      render: (partner) => formatPhoneNumber(partner.contactNo) ?? notSet,
    },
    { key: 'city', header: t('partners.city'), render: (partner) => partner.city || notSet },
    {
      key: 'state',
      header: t('partners.state'),
      render: (partner) => (partner.state && findIndianState(partner.state)?.name) || partner.state || notSet,
    },
    {
      key: 'industries',
      header: t('partners.industries'),
      align: 'right',
      render: (partner) => formatNumber(partner.tenantCount),
    },
    {
      key: 'status',
      header: t('partners.status'),
      render: (partner) => <PartnerStatusSwitch partner={partner} />,
    },
    {
      key: 'actions',
      header: t('partners.actions'),
      render: (partner) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onEdit(partner.id)}
          aria-label={t('partners.editPartner', { name: partner.name })}
        >
          {t('partners.edit')}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={partners}
      getRowKey={(partner) => partner.id}
      caption={t('partners.caption', { count: partners?.length ?? 0 })}
      minWidth={900}
      isRefreshing={isRefreshing}
    />
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
