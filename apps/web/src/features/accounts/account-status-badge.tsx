import { Badge } from '@mantine/core';
import type { AccountStatus } from '@vayu/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<AccountStatus, string> = {
  ENABLED: 'green',
  DISABLED: 'gray',
  DELETED: 'red',
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    // Never squeezed into an ellipsis inside a narrow table cell.
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
