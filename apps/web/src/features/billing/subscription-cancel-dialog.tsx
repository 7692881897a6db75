import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { CancelAction, CurrentSubscription } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { StaleVersionAlert } from '../../components/form';
import { useCancelSubscription } from './api';
import { formatDay } from './billing-text';

export interface SubscriptionCancelDialogProps {
  tenantId: number;
  /** The subscription to cancel; null: closed. */
  subscription: CurrentSubscription | null;
  onClose: () => void;
  /** Asks for the subscription as stored now (after someone else changed it). */
  onReload: () => Promise<unknown>;
}

/**
 * "Cancel subscription": asks first, with the choice of cancelling at the
 * period's end (it stays active until then) or at once. One awaiting its
 * first payment can only be cancelled at once.
 */
export function SubscriptionCancelDialog({
  tenantId,
  subscription,
  onClose,
  onReload,
}: SubscriptionCancelDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={subscription !== null}
      onClose={onClose}
      title={t('billing.cancelDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {subscription && (
        <CancelForm
          key={`${subscription.id}-${subscription.version}`}
          tenantId={tenantId}
          subscription={subscription}
          onClose={onClose}
          onReload={onReload}
        />
      )}
    </Modal>
  );
}

function CancelForm({
  tenantId,
  subscription,
  onClose,
  onReload,
}: {
  tenantId: number;
  subscription: CurrentSubscription;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const cancel = useCancelSubscription(tenantId);
  const canWaitForPeriodEnd = subscription.status === 'ACTIVE' && subscription.periodEnd !== null;
  const [action, setAction] = useState<Exclude<CancelAction, 'RESUME'>>(
    canWaitForPeriodEnd ? 'AT_PERIOD_END' : 'IMMEDIATELY',
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const submit = () =>
    cancel.mutate(
      { id: subscription.id, action, version: subscription.version },
      {
        onSuccess: () => {
          notifySuccess(t('billing.cancelDialog.cancelled'));
          onClose();
        },
        onError: (error) => {
          if (hasErrorCode(error, 'STALE_VERSION')) {
            setConflict(true);
            return;
          }
          notifyFailure(t('billing.cancelDialog.failed'));
          setFailure(getErrorMessage(t, error));
        },
      },
    );

  return (
    <Stack gap="md">
      {conflict && (
        <StaleVersionAlert
          title={t('billing.conflictTitle')}
          message={t('billing.conflict')}
          reloadLabel={t('billing.reload')}
          onReload={() => void reload()}
          reloading={reloading}
        />
      )}
      <Text size="sm">{t('billing.cancelDialog.question', { plan: subscription.planName })}</Text>
      <Radio.Group
        value={action}
        onChange={(value) => setAction(value === 'IMMEDIATELY' ? 'IMMEDIATELY' : 'AT_PERIOD_END')}
        label={t('billing.cancelDialog.when')}
      >
        <Stack gap="sm" mt="xs">
          {canWaitForPeriodEnd && (
            <Radio
              value="AT_PERIOD_END"
              label={t('billing.cancelDialog.atPeriodEnd')}
              description={t('billing.cancelDialog.atPeriodEndHelp', {
                date: formatDay(subscription.periodEnd),
              })}
            />
          )}
          <Radio
            value="IMMEDIATELY"
            label={t('billing.cancelDialog.immediately')}
            description={t('billing.cancelDialog.immediatelyHelp')}
          />
        </Stack>
      </Radio.Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('billing.cancelDialog.failed')}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('billing.cancelDialog.keep')}
        </Button>
        <Button color="red" onClick={submit} loading={cancel.isPending} disabled={conflict}>
          {t('billing.cancelDialog.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
