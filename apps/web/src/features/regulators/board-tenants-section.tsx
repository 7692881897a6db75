import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Board, RegulatorTenant } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useDeleteRegulatorTenant, useRegulatorTenants } from './api';
import { explainInUse } from './in-use';
import { KeyFilesDialog } from './key-files-dialog';
import { KeyStatusBadge, PushBadge } from './regulator-badges';
import { formatMoment, industryPath } from './regulator-text';
import { RegulatorTenantDialog } from './regulator-tenant-dialog';

/** The industries mapped to a board: the board's id of each, its key, its push and how it went. */
export function BoardTenantsSection({ board, canWrite }: { board: Board; canWrite: boolean }) {
  const { t } = useTranslation();
  const tenants = useRegulatorTenants(board.statId);
  const remove = useDeleteRegulatorTenant();
  const [editing, setEditing] = useState<{ mapping: RegulatorTenant | null } | null>(null);
  const [keysOf, setKeysOf] = useState<number | null>(null);
  const rows = tenants.data?.items;
  const keysMapping = rows?.find((row) => row.id === keysOf) ?? null;

  const columns: DataTableColumn<RegulatorTenant>[] = [
    {
      key: 'industry',
      header: t('regulators.tenants.industry'),
      cellProps: { fw: 500 },
      render: (mapping) => (
        <Anchor component={Link} to={industryPath(board.statId, mapping.id)} inherit>
          {mapping.tenantName}
        </Anchor>
      ),
    },
    {
      key: 'spcbTenantId',
      header: t('regulators.tenants.spcbTenantId'),
      cellProps: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
      render: (mapping) => mapping.spcbTenantId,
    },
    {
      key: 'keyStatus',
      header: t('regulators.tenants.keyStatus'),
      render: (mapping) => <KeyStatusBadge keyStatus={mapping.keyStatus} />,
    },
    {
      key: 'key',
      header: t('regulators.tenants.authorizationKey'),
      cellProps: { ff: 'monospace', style: { whiteSpace: 'nowrap' } },
      render: (mapping) => mapping.authorizationKeyHint ?? t('common.notSet'),
    },
    {
      key: 'noc',
      header: t('regulators.tenants.nocNumber'),
      cellProps: { style: { overflowWrap: 'anywhere' } },
      render: (mapping) => mapping.nocNumber ?? t('common.notSet'),
    },
    {
      key: 'push',
      header: t('regulators.boards.push'),
      render: (mapping) => <PushBadge enabled={mapping.pushEnabled} />,
    },
    {
      key: 'delivered',
      header: t('regulators.tenants.lastDelivered'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (mapping) => formatMoment(t, mapping.lastDeliveredAt),
    },
    {
      key: 'error',
      header: t('regulators.tenants.lastError'),
      cellProps: { style: { overflowWrap: 'anywhere', maxWidth: 260 } },
      render: (mapping) =>
        mapping.lastError ? (
          <Text size="sm" c="red" lineClamp={3} title={mapping.lastError}>
            {mapping.lastError}
          </Text>
        ) : (
          t('common.notSet')
        ),
    },
    {
      key: 'actions',
      header: t('regulators.actions'),
      render: (mapping) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setKeysOf(mapping.id)}
            aria-label={t('regulators.tenants.keysNamed', { name: mapping.tenantName })}
          >
            {t('regulators.tenants.keys')}
          </Button>
          {canWrite && (
            <>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setEditing({ mapping })}
                aria-label={t('regulators.tenants.editNamed', { name: mapping.tenantName })}
              >
                {t('regulators.edit')}
              </Button>
              <ConfirmDeleteButton
                label={t('regulators.delete')}
                accessibleName={t('regulators.tenants.deleteNamed', { name: mapping.tenantName })}
                confirmMessage={t('regulators.tenants.deleteConfirm', {
                  name: mapping.tenantName,
                  board: board.name,
                })}
                onDelete={() => explainInUse(remove.mutateAsync(mapping), t('regulators.tenants.inUse'))}
                successMessage={t('regulators.tenants.deleted')}
                failureMessage={t('regulators.tenants.deleteError')}
              />
            </>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="board-industries-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3" id="board-industries-title">
          {t('regulators.tenants.title')}
        </Title>
        {canWrite && (
          <Button onClick={() => setEditing({ mapping: null })}>{t('regulators.tenants.add')}</Button>
        )}
      </Group>
      <ListResult
        query={tenants}
        rows={rows}
        errorTitle={t('regulators.tenants.loadError')}
        empty={t('regulators.tenants.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(mapping) => mapping.id}
          caption={t('regulators.tenants.caption', { count: rows?.length ?? 0 })}
          minWidth={1240}
        />
      </ListResult>
      {canWrite && (
        <RegulatorTenantDialog
          opened={editing !== null}
          board={board}
          mapping={editing?.mapping ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      <KeyFilesDialog mapping={keysMapping} canWrite={canWrite} onClose={() => setKeysOf(null)} />
    </Stack>
  );
}
