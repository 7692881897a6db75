import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { PARTNER_MIGRATE_REASON_CODES, type PartnerMigrateReason } from '@vayu/domain';
import { isApiError } from '../../app/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { formatNumber } from '../../i18n';
import { usePartnerOptions } from './api/get-lookups';
import { useChangePartner, usePartnerMigratePreview } from './api/migrate-partner';

const isMigrateReason = (value: unknown): value is PartnerMigrateReason =>
  (PARTNER_MIGRATE_REASON_CODES as readonly unknown[]).includes(value);

interface TenantsMigratePartnerDialogProps {
  /** The industry to move; null closes the dialog. */
  tenant: { id: number; name: string; partnerId: number } | null;
  onClose: () => void;
}

/**
 * The migrate-partner modal: choose the new partner, see what the move does
 * (`GET /partnerMigrate`), then confirm (`POST /changePartner`).
 */
export function TenantsMigratePartnerDialog({ tenant, onClose }: TenantsMigratePartnerDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={tenant !== null}
      onClose={onClose}
      title={t('tenants.migrateDialog.title', { name: tenant?.name ?? '' })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('tenants.close') }}
    >
      {tenant && <MigrateForm key={tenant.id} tenant={tenant} onClose={onClose} />}
    </Modal>
  );
}

function MigrateForm({
  tenant,
  onClose,
}: {
  tenant: NonNullable<TenantsMigratePartnerDialogProps['tenant']>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const partners = usePartnerOptions();
  const preview = usePartnerMigratePreview(tenant.id, partnerId);
  const changePartner = useChangePartner();
  const notSet = t('common.notSet');

  const options = (partners.data ?? [])
    .filter((partner) => partner.id !== tenant.partnerId)
    .map((partner) => ({ value: String(partner.id), label: partner.name }));

  const submit = () => {
    if (partnerId === null) return;
    changePartner.mutate(
      { tenantId: tenant.id, partnerId },
      {
        onSuccess: () => {
          notifySuccess(t('tenants.migrateDialog.success'));
          onClose();
        },
        onError: (error) => {
          // The move became impossible since the preview: say why, as the preview would.
          const reason =
            isApiError(error) && hasErrorCode(error, 'PARTNER_CHANGE_REFUSED')
              ? error.params.reason
              : undefined;
          notifyFailure(
            isMigrateReason(reason)
              ? t(`tenants.migrateDialog.reasons.${reason}`)
              : getErrorMessage(t, error),
            t('tenants.migrateDialog.failure'),
          );
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Select
        label={t('tenants.migrateDialog.targetPartner')}
        placeholder={t('tenants.migrateDialog.targetPlaceholder')}
        data={options}
        value={partnerId === null ? null : String(partnerId)}
        onChange={(value) => setPartnerId(value === null ? null : Number(value))}
        searchable
        disabled={partners.isPending}
        error={partners.isError ? getErrorMessage(t, partners.error) : undefined}
        data-autofocus
      />

      {partnerId !== null &&
        (preview.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('tenants.migrateDialog.loadingPreview')}</Text>
          </Group>
        ) : preview.isError ? (
          <Alert color="red" variant="light" title={t('tenants.migrateDialog.previewError')}>
            {getErrorMessage(t, preview.error)}
          </Alert>
        ) : (
          <Stack gap="xs">
            <Text fw={500}>{t('tenants.migrateDialog.previewHeading')}</Text>
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={180}>{t('tenants.migrateDialog.from')}</Table.Th>
                  <Table.Td>{preview.data.fromPartner?.name ?? notSet}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('tenants.migrateDialog.to')}</Table.Th>
                  <Table.Td>{preview.data.toPartner?.name ?? notSet}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('tenants.migrateDialog.users')}</Table.Th>
                  <Table.Td>{formatNumber(preview.data.users)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('tenants.migrateDialog.plan')}</Table.Th>
                  <Table.Td>{preview.data.planCode ?? notSet}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {!preview.data.canMigrate && (
              <Alert color="orange" variant="light" title={t('tenants.migrateDialog.cannotMigrate')}>
                {preview.data.reasonCode
                  ? t(`tenants.migrateDialog.reasons.${preview.data.reasonCode}`)
                  : preview.data.reason}
              </Alert>
            )}
          </Stack>
        ))}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={changePartner.isPending}>
          {t('tenants.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={changePartner.isPending}
          disabled={partnerId === null || !preview.data?.canMigrate}
        >
          {t('tenants.migrateDialog.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
