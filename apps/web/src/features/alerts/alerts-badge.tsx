import { useTranslation } from 'react-i18next';
import { useOpenAlertCount } from './api/get-open-alert-count';
import { AlertsButton } from './alerts-button';
import { badgeCountText, badgeLabel } from './alert-text';

/**
 * The header's alerts button with the number of open alerts the user sees,
 * asked again each minute ("3 open alerts"; a plain bell when none is open).
 */
export function AlertsBadge() {
  const { t } = useTranslation();
  const { data } = useOpenAlertCount();
  return <AlertsButton label={badgeLabel(t, data)} countText={badgeCountText(data)} />;
}
