import { Badge, Progress, Stack } from '@mantine/core';
import { isDataMigrationPending, type DataMigration, type DataMigrationStatus } from '@vayu/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<DataMigrationStatus, string> = {
  CHECKING: 'blue',
  CHECKED: 'teal',
  REJECTED: 'orange',
  IMPORTING: 'blue',
  IMPORTED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** A migration's status badge and, while it checks or imports, its progress bar. */
export function DataMigrationStatusCell({ migration }: { migration: DataMigration }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={140}>
      <Badge color={STATUS_COLORS[migration.status]} variant="light">
        {t(`dataMigrations.statuses.${migration.status}`)}
      </Badge>
      {isDataMigrationPending(migration.status) && (
        <Progress
          value={migration.progress}
          size="sm"
          animated
          aria-label={t('dataMigrations.list.progress', { id: migration.id })}
        />
      )}
    </Stack>
  );
}

/** Where a migration's rows come from, in words. */
export function useSourceText() {
  const { t } = useTranslation();
  return (migration: DataMigration) =>
    migration.source === 'CSV'
      ? t('dataMigrations.list.fromFile', { name: migration.fileName ?? '' })
      : t('dataMigrations.list.fromIndustry', { name: migration.sourceTenantName ?? '' });
}
