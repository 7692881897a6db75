import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../components/secret-once-dialog';

export interface IssuedAppToken {
  token: string;
  appName: string;
}

export interface AppVendorTokenDialogProps {
  /** The token just issued and whose it is; null: closed. The token lives in this dialog only. */
  issued: IssuedAppToken | null;
  onClose: () => void;
}

/** The one time an app's token is shown (components/secret-once-dialog). */
export function AppVendorTokenDialog({ issued, onClose }: AppVendorTokenDialogProps) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={issued?.token ?? null}
      onClose={onClose}
      texts={{
        title: t('appVendors.token.title'),
        warningTitle: t('appVendors.token.warningTitle'),
        warning: t('appVendors.token.warning'),
        label: t('appVendors.token.label', { name: issued?.appName ?? '' }),
        usage: t('appVendors.token.usage'),
        copy: t('appVendors.token.copy'),
        copied: t('appVendors.token.copied'),
        done: t('appVendors.token.done'),
      }}
    />
  );
}
