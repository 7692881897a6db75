import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../components/secret-once-dialog';

export interface EdgeKeyIssuedDialogProps {
  /** The key just issued and whose it is; null: closed. The key lives in this dialog only. */
  issued: { token: string; emailId: string } | null;
  onClose: () => void;
}

/** The one time an edge client's key is shown (components/secret-once-dialog). */
export function EdgeKeyIssuedDialog({ issued, onClose }: EdgeKeyIssuedDialogProps) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={issued?.token ?? null}
      onClose={onClose}
      texts={{
        title: t('edgeClients.issued.title'),
        warningTitle: t('edgeClients.issued.warningTitle'),
        warning: t('edgeClients.issued.warning'),
        label: t('edgeClients.issued.label', { email: issued?.emailId ?? '' }),
        usage: t('edgeClients.issued.usage'),
        copy: t('edgeClients.issued.copy'),
        copied: t('edgeClients.issued.copied'),
        done: t('edgeClients.issued.done'),
      }}
    />
  );
}
