import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PlanChangeWizard } from './plan-change-wizard';

export interface PlanChangeDialogProps {
  /** The industry whose plan changes; null: closed. */
  tenantId: number | null;
  onClose: () => void;
}

/** The plan change wizard in a dialog over the subscription page (the whole screen on a phone). */
export function PlanChangeDialog({ tenantId, onClose }: PlanChangeDialogProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={tenantId !== null}
      onClose={onClose}
      title={t('billing.wizard.title')}
      size="xl"
      fullScreen={isNarrow}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {tenantId !== null && <PlanChangeWizard tenantId={tenantId} onCancel={onClose} onPlaced={onClose} />}
    </Modal>
  );
}
