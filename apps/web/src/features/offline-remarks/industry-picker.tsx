import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndustryName, useIndustrySearch } from './api';

const SEARCH_DELAY_MS = 300;

export interface IndustryPickerProps {
  /** The chosen industry, or undefined for all the user may see. */
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
}

/** The industry of the remarks screen: searched by name on the server as the person types. */
export function IndustryPicker({ value, onChange }: IndustryPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const text = debounced === chosenLabel ? '' : debounced;
  const results = useIndustrySearch(text);
  // An industry taken from the URL is named from the API until one is chosen here.
  const named = useIndustryName(chosenLabel === null ? value : undefined);

  const options = (results.data ?? []).map((tenant) => ({
    value: String(tenant.id),
    label: tenant.partnerName ? `${tenant.name} (${tenant.partnerName})` : tenant.name,
  }));
  if (value !== undefined && !options.some((option) => option.value === String(value))) {
    options.unshift({ value: String(value), label: chosenLabel ?? named.data ?? `#${value}` });
  }

  return (
    <Select
      label={t('cameras.remarks.industry')}
      placeholder={t('cameras.remarks.allIndustries')}
      description={t('cameras.remarks.industrySearchHint')}
      searchable
      clearable
      w={360}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(next ? Number(next) : undefined);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={text ? t('cameras.remarks.industryNothingFound') : undefined}
      error={results.isError ? t('cameras.remarks.industrySearchError') : undefined}
    />
  );
}
