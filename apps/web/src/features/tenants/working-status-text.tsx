import { WORKING_STATUSES, type WorkingStatus } from '@vayu/domain';
import { useTranslation } from 'react-i18next';

function isWorkingStatus(value: string): value is WorkingStatus {
  return (WORKING_STATUSES as readonly string[]).includes(value);
}

/** A working status in the user's language; a value outside the spec's list shows as stored. */
export function WorkingStatusText({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <>{t('common.notSet')}</>;
  return <>{isWorkingStatus(value) ? t(`tenants.workingStatuses.${value}`) : value}</>;
}
