import { Group, Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SortField, SortOrder } from './audit-filters';

export interface SortableHeaderProps {
  field: SortField;
  label: string;
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField) => void;
}

/**
 * A column header that sorts the list on the server. The header carries
 * `aria-sort`; the button inside works with Enter and Space.
 */
export function SortableHeader({ field, label, sort, order, onSort }: SortableHeaderProps) {
  const { t } = useTranslation();
  const isActive = field === sort;
  const ariaSort = isActive ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
  const arrow = isActive ? (order === 'asc' ? '▲' : '▼') : '↕';
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton
        onClick={() => onSort(field)}
        title={t('audit.sort.sortBy', { column: label })}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={6} wrap="nowrap">
          <span>{label}</span>
          <span aria-hidden style={{ opacity: isActive ? 1 : 0.4 }}>
            {arrow}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
