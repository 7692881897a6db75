import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Device } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../../app/error-message';
import { useDevice } from '../api/get-device';
import { DeviceForm } from './device-form';

export type DeviceDialogTarget =
  | { kind: 'add'; tenantId: number | null; tenantName: string | undefined }
  | { kind: 'edit'; id: number | null };

interface DeviceDialogProps {
  target: DeviceDialogTarget | null;
  canPickIndustry: boolean;
  canAddVendor: boolean;
  onSaved: (device: Device) => void;
  onClose: () => void;
}

/**
 * The add and edit device dialog: wide on large screens, the whole screen
 * on a phone. An edit loads the device first; one that does not exist says so.
 */
export function DeviceDialog({ target, canPickIndustry, canAddVendor, onSaved, onClose }: DeviceDialogProps) {
  const { t } = useTranslation();
  // Known at the first drawing: switching to full screen while the dialog opens would leave it half drawn.
  const isPhone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const title =
    target?.kind === 'edit' ? t('deviceRegistry.form.editTitle') : t('deviceRegistry.form.addTitle');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size={1240}
      fullScreen={Boolean(isPhone)}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('deviceRegistry.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {target?.kind === 'add' && (
        <DeviceForm
          device={null}
          tenantId={target.tenantId}
          tenantName={target.tenantName}
          canPickIndustry={canPickIndustry}
          canAddVendor={canAddVendor}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
      {target?.kind === 'edit' && (
        <EditDevice id={target.id} canAddVendor={canAddVendor} onSaved={onSaved} onCancel={onClose} />
      )}
    </Modal>
  );
}

function EditDevice({
  id,
  canAddVendor,
  onSaved,
  onCancel,
}: {
  id: number | null;
  canAddVendor: boolean;
  onSaved: (device: Device) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const device = useDevice(id);
  if (id === null || device.isError) {
    const isMissing = id === null || hasErrorCode(device.error, 'NOT_FOUND');
    return (
      <Alert color={isMissing ? 'yellow' : 'red'} variant="light" title={t('deviceRegistry.form.loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isMissing ? t('deviceRegistry.form.missing') : getErrorMessage(t, device.error)}
          </Text>
          <Group gap="sm">
            {!isMissing && (
              <Button size="xs" variant="default" onClick={() => void device.refetch()}>
                {t('common.retry')}
              </Button>
            )}
            <Anchor component="button" type="button" size="sm" onClick={onCancel}>
              {t('deviceRegistry.form.backToList')}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!device.data) {
    return (
      <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  }
  return (
    <DeviceForm
      key={device.data.id}
      device={device.data}
      tenantId={device.data.tenant.id}
      tenantName={device.data.tenant.name}
      canPickIndustry={false}
      canAddVendor={canAddVendor}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
