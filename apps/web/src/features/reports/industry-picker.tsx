import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MULTISELECT_DEBOUNCE_MS } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportIndustries, useReportIndustry } from './api';

export interface IndustryPickerProps {
  value: number | undefined;
  onChange: (tenantId: number | undefined) => void;
  /** The empty choice's words: all industries (a filter) or a prompt. */
  placeholder: string;
}

/**
 * The industries the user may report on (`GET /api/report/industry`), the
 * first page at once and by part of the name as the person types; a choice
 * held in the address shows its name.
 */
export function IndustryPicker({ value, onChange, placeholder }: IndustryPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), MULTISELECT_DEBOUNCE_MS);
  // Once chosen, the field shows the industry's name: that is not a new search.
  const text = debounced === chosenLabel ? '' : debounced;
  const results = useReportIndustries(text);
  const held = useReportIndustry(value);

  const options = (results.data?.items ?? []).map((industry) => ({
    value: String(industry.id),
    label: industry.city ? `${industry.name}, ${industry.city}` : industry.name,
  }));
  if (value !== undefined && !options.some((option) => option.value === String(value))) {
    const industry = held.data;
    const label = industry ? (industry.city ? `${industry.name}, ${industry.city}` : industry.name) : null;
    options.unshift({ value: String(value), label: chosenLabel ?? label ?? `#${value}` });
  }

  return (
    <Select
      label={t('reports.industry')}
      placeholder={placeholder}
      description={t('reports.industryHint')}
      searchable
      clearable
      w={{ base: '100%', sm: 360 }}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(next ? Number(next) : undefined);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the text.
      filter={({ options: all }) => all}
      nothingFoundMessage={text ? t('reports.industryNothingFound') : undefined}
      error={results.isError ? t('reports.industrySearchError') : undefined}
    />
  );
}
