import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantSearch } from './api/search-tenants';

export interface TenantSelectProps {
  /** The chosen industry (account id), or undefined for all. */
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  /** A name to show for `value` before any search has run (e.g. when the id came from the URL). */
  valueLabel?: string | null | undefined;
}

const SEARCH_DELAY_MS = 300;

/** A searchable industry filter: each keystroke (debounced) asks `GET /api/searchTenants/{text}`. */
export function TenantSelect({ value, onChange, valueLabel }: TenantSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const results = useTenantSearch(debounced);

  const options = (results.data ?? []).map((tenant) => ({
    value: String(tenant.id),
    label: tenant.partnerName ? `${tenant.name} (${tenant.partnerName})` : tenant.name,
  }));
  if (value !== undefined && !options.some((option) => option.value === String(value))) {
    options.unshift({ value: String(value), label: chosenLabel ?? valueLabel ?? `#${value}` });
  }

  return (
    <Select
      label={t('audit.filters.tenant')}
      placeholder={t('audit.filters.tenantPlaceholder')}
      description={t('audit.filters.tenantSearchHint')}
      searchable
      clearable
      w={280}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(next ? Number(next) : undefined);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the text; the names shown may include the partner.
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced ? t('audit.filters.tenantNothingFound') : undefined}
      error={results.isError ? t('audit.filters.tenantSearchError') : undefined}
    />
  );
}
