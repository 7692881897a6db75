import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MULTISELECT_DEBOUNCE_MS, tenantsEndpoints } from '@vayu/domain';
import { useState } from 'react';
import { callEndpoint } from '../../app/api-client';

export interface IndustrySearchSelectProps {
  /** The chosen industry (account id), or undefined for all. */
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  /** A name to show for `value` before any search has run (e.g. when the id came from the URL). */
  valueLabel?: string | null | undefined;
  /** The screen's own words for the field. */
  texts: { label: string; placeholder: string; hint: string; nothingFound: string; searchError: string };
  width?: number;
}

/** The industries the user may see whose name matches, as the person types. */
function useIndustrySearch(text: string) {
  return useQuery({
    queryKey: ['tenants', 'search', text] as const,
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.searchTenants, { params: { searchString: text }, signal }),
    enabled: text.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * A searchable industry filter: each keystroke (debounced) asks
 * `GET /api/searchTenants/{text}`; the names shown carry the partner.
 */
export function IndustrySearchSelect({
  value,
  onChange,
  valueLabel,
  texts,
  width = 280,
}: IndustrySearchSelectProps) {
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), MULTISELECT_DEBOUNCE_MS);
  // Once chosen, the field shows the industry's label: that is not a new search.
  const text = debounced === chosenLabel ? '' : debounced;
  const results = useIndustrySearch(text);

  const options = (results.data ?? []).map((tenant) => ({
    value: String(tenant.id),
    label: tenant.partnerName ? `${tenant.name} (${tenant.partnerName})` : tenant.name,
  }));
  if (value !== undefined && !options.some((option) => option.value === String(value))) {
    options.unshift({ value: String(value), label: chosenLabel ?? valueLabel ?? `#${value}` });
  }

  return (
    <Select
      label={texts.label}
      placeholder={texts.placeholder}
      description={texts.hint}
      searchable
      clearable
      w={width}
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
      nothingFoundMessage={text ? texts.nothingFound : undefined}
      error={results.isError ? texts.searchError : undefined}
    />
  );
}
