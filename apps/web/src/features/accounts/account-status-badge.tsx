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
    // Drawn whole in a narrow cell: the theme's Badge never shrinks to an ellipsis.
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
