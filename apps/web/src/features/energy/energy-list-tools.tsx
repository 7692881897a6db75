import { Button, Group, Paper, Select } from '@mantine/core';
import type { EnergyCategory } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { categoryOptions, isEnergyCategory } from './energy-labels';
import { UrlSearchInput } from '../../components/url-search-input';

const ALL = 'all';

const SECTIONS = [
  { to: '/energy/params', labelKey: 'energy.nav.parameters', within: ['/energy/param/'] },
  { to: '/energy/parameter', labelKey: 'energy.nav.standard', within: ['/param/'] },
  { to: '/metric', labelKey: 'energy.nav.metrics', within: ['/addMetric'] },
] as const;

/**
 * Links between the screens of the energy catalogue. The section of the
 * current screen is marked, its list (or add and edit pages) included.
 */
export function EnergyNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t('energy.nav.label')} gap="xs" wrap="wrap">
      {SECTIONS.map((section) => {
        const isList = pathname === section.to;
        const isSection = isList || section.within.some((prefix) => pathname.startsWith(prefix));
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            size="compact-sm"
            variant={isSection ? 'light' : 'subtle'}
            aria-current={isList ? 'page' : undefined}
          >
            {t(section.labelKey)}
          </Button>
        );
      })}
    </Group>
  );
}

interface ListFiltersProps {
  search: string | undefined;
  searchPlaceholder: string;
  /** Shown only when the list filters by category. */
  category?: EnergyCategory | undefined;
  withCategory?: boolean;
  onChange: (change: { search?: string | undefined; category?: EnergyCategory | undefined }) => void;
  onClear: () => void;
}

/** The search box (sent to the server after a pause) and the category filter of an energy list. */
export function ListFilters({
  search,
  searchPlaceholder,
  category,
  withCategory = false,
  onChange,
  onClear,
}: ListFiltersProps) {
  const { t } = useTranslation();
  const hasFilters = search !== undefined || category !== undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <UrlSearchInput
          value={search}
          onSearch={(search) => onChange({ search })}
          label={t('energy.list.search')}
          placeholder={searchPlaceholder}
        />
        {withCategory && (
          <Select
            label={t('energy.fields.category')}
            data={[{ value: ALL, label: t('energy.list.allCategories') }, ...categoryOptions(t)]}
            value={category ?? ALL}
            onChange={(value) => onChange({ category: isEnergyCategory(value) ? value : undefined })}
            allowDeselect={false}
            w={220}
          />
        )}
        {hasFilters && (
          <Button variant="subtle" onClick={onClear}>
            {t('energy.list.clearFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
