import { Modal } from '@mantine/core';
import type { Parameter } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { ParameterForm } from './parameter-form';

export { ParameterForm };

interface ParametersEditDialogProps {
  opened: boolean;
  /** null adds a parameter. */
  parameter: Parameter | null;
  onClose: () => void;
}

/**
 * Add or edit a standard parameter (spec §3). Name, key and metric are shown
 * live from the label with the same function the server applies. A
 * functional parameter's display colour is only shown here: it is never sent.
 */
export function ParametersEditDialog({ opened, parameter, onClose }: ParametersEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={parameter ? t('parameters.form.editTitle') : t('parameters.form.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialogs.close') }}
    >
      {/* Mounted afresh on every opening, so the form starts from the chosen row. */}
      <ParameterForm key={parameter?.id ?? 'new'} parameter={parameter} onClose={onClose} />
    </Modal>
  );
}
