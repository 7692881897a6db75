import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isDataMigrationCancellable, type DataMigrationDetail } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../../components/dialogs';
import { formatDataTime } from '../../components/freshness-badge';
import { formatNumber } from '../../i18n';
import { useCancelDataMigration, useDataMigration, useImportDataMigration } from './api';
import { DataMigrationStatusCell, useSourceText } from './data-migration-status';
import { failureText } from './data-migrations-text';

/** One migration, opened from the list (its id in the address): its totals, row errors, import and cancel. */
export function DataMigrationDetailDialog({
  id,
  canWrite,
  onClose,
}: {
  id: number;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useDataMigration(id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('dataMigrations.detail.title', { id })}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('dataMigrations.detail.close') }}
    >
      {query.data ? (
        <MigrationDetail migration={query.data} canWrite={canWrite} />
      ) : query.isError ? (
        <Alert color="red" title={t('dataMigrations.detail.loadError')}>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('dataMigrations.detail.loading')}</Text>
        </Group>
      )}
    </Modal>
  );
}

function MigrationDetail({ migration, canWrite }: { migration: DataMigrationDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const sourceText = useSourceText();
  const importMigration = useImportDataMigration();
  const cancelMigration = useCancelDataMigration();
  const busy = importMigration.isPending || cancelMigration.isPending;

  async function confirmImport() {
    const confirmed = await dialogs.confirm({
      title: t('dataMigrations.detail.importConfirmTitle'),
      message: t('dataMigrations.detail.importConfirm', {
        rows: formatNumber(migration.validRows ?? 0),
        industry: migration.tenantName,
      }),
      confirmLabel: t('dataMigrations.detail.import'),
    });
    if (!confirmed) return;
    importMigration.mutate(migration.id, {
      onSuccess: () => notifySuccess(t('dataMigrations.detail.importSuccess')),
      onError: (error) => notifyFailure(getErrorMessage(t, error), t('dataMigrations.detail.importFailure')),
    });
  }

  async function confirmCancel() {
    const confirmed = await dialogs.confirm({
      title: t('dataMigrations.detail.cancelConfirmTitle'),
      message: t('dataMigrations.detail.cancelConfirm', { id: migration.id, industry: migration.tenantName }),
      confirmLabel: t('dataMigrations.detail.cancelMigration'),
      destructive: true,
    });
    if (!confirmed) return;
    cancelMigration.mutate(migration.id, {
      onSuccess: () => notifySuccess(t('dataMigrations.detail.cancelSuccess')),
      onError: (error) => notifyFailure(getErrorMessage(t, error), t('dataMigrations.detail.cancelFailure')),
    });
  }

  const shown = migration.errors.length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label={t('dataMigrations.detail.industry')} value={migration.tenantName} />
        <Fact label={t('dataMigrations.detail.source')} value={sourceText(migration)} />
        <Fact
          label={t('dataMigrations.detail.requestedBy')}
          value={`${migration.createdBy ?? ''} · ${formatDataTime(migration.createdAt)}`}
        />
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('dataMigrations.status')}
          </Text>
          <DataMigrationStatusCell migration={migration} />
        </Stack>
        {migration.totalRows !== null && (
          <Fact
            label={t('dataMigrations.detail.totals')}
            value={t('dataMigrations.detail.totalsValue', {
              total: formatNumber(migration.totalRows),
              valid: formatNumber(migration.validRows ?? 0),
              errors: formatNumber(migration.errorCount),
            })}
          />
        )}
        {migration.importedRows !== null && (
          <Fact label={t('dataMigrations.detail.imported')} value={formatNumber(migration.importedRows)} />
        )}
      </SimpleGrid>
      {migration.failure && (
        <Alert color="red" title={t('dataMigrations.detail.failure')}>
          {failureText(t, migration.failure)}
        </Alert>
      )}
      {canWrite && (migration.status === 'CHECKED' || isDataMigrationCancellable(migration.status)) && (
        <Group gap="sm">
          {migration.status === 'CHECKED' && (
            <Button onClick={() => void confirmImport()} loading={importMigration.isPending} disabled={busy}>
              {t('dataMigrations.detail.import')}
            </Button>
          )}
          {isDataMigrationCancellable(migration.status) && (
            <Button
              color="red"
              variant="light"
              onClick={() => void confirmCancel()}
              loading={cancelMigration.isPending}
              disabled={busy}
            >
              {t('dataMigrations.detail.cancelMigration')}
            </Button>
          )}
        </Group>
      )}
      <Stack gap="xs" component="section">
        <Title order={3} size="h5">
          {t('dataMigrations.detail.errorsTitle')}
        </Title>
        {shown === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dataMigrations.detail.noErrors')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} maxHeight={360}>
            <Table striped withTableBorder stickyHeader>
              <Table.Caption>
                {t('dataMigrations.detail.errorsCaption', {
                  shown: formatNumber(shown),
                  count: formatNumber(migration.errorCount),
                })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataMigrations.detail.row')}</Table.Th>
                  <Table.Th>{t('dataMigrations.detail.field')}</Table.Th>
                  <Table.Th>{t('dataMigrations.detail.code')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {migration.errors.map((error, index) => (
                  <Table.Tr key={`${error.row}-${index}`}>
                    <Table.Td>{formatNumber(error.row)}</Table.Td>
                    <Table.Td>{error.field ?? '—'}</Table.Td>
                    <Table.Td>{t(`dataMigrations.rowErrors.${error.code}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
