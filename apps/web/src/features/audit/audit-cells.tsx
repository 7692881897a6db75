import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getEntityLabel } from './audit-labels';
import { formatAuditTime } from './audit-time';

/** The time of an audit row, linking to its detail. */
export function AuditTimeLink({ id, createdAt }: { id: number; createdAt: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/auditDetails/${id}`} title={t('audit.list.open', { id })}>
      {formatAuditTime(createdAt)}
    </Anchor>
  );
}

/** What the row is about, in words, and, dimmed, the record's id. */
export function AuditEntity({ entity, entityId }: { entity: string; entityId: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {getEntityLabel(t, entity)}
      {entityId && (
        <Text span c="dimmed" size="sm">
          {' '}
          #{entityId}
        </Text>
      )}
    </>
  );
}
