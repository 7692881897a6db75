import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MULTISELECT_DEBOUNCE_MS } from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountSearch, type AccountSearchResult } from './api/search-accounts';

export interface AccountOption {
  id: number;
  name: string;
}

interface AccountSelectProps {
  label: string;
  /** The chosen account id, or null for none. */
  value: number | null;
  /** Shown for `value` until a search has returned it (e.g. an id read from the URL). */
  valueLabel?: string;
  onChange: (account: AccountOption | null) => void;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  /** Only these account types are offered. */
  types?: readonly AccountSearchResult['type'][];
  'data-autofocus'?: boolean;
}

/**
 * A searchable account picker backed by `GET /api/searchTenants/{q}`: the
 * server decides which accounts the user may see, so nothing is loaded until
 * something is typed.
 */
export function AccountSelect({
  label,
  value,
  valueLabel,
  onChange,
  placeholder,
  description,
  error,
  required,
  clearable = true,
  disabled,
  types,
  ...rest
}: AccountSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<AccountOption | null>(null);
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useAccountSearch(debounced);

  const data = useMemo<ComboboxItem[]>(() => {
    const found = (results.data ?? []).filter((account) => !types || types.includes(account.type));
    const items = found.map((account) => ({
      value: String(account.id),
      label: account.city ? `${account.name} (${account.city})` : account.name,
    }));
    if (value !== null && !items.some((item) => item.value === String(value))) {
      const name = picked?.id === value ? picked.name : (valueLabel ?? `#${value}`);
      items.unshift({ value: String(value), label: name });
    }
    return items;
  }, [results.data, types, value, picked, valueLabel]);

  const nothingFound = debounced.trim()
    ? results.isFetching
      ? t('common.loading')
      : results.isError
        ? t('people.accountSelect.error')
        : t('people.accountSelect.none')
    : t('people.accountSelect.typeToSearch');

  return (
    <Select
      label={label}
      placeholder={placeholder ?? t('people.accountSelect.placeholder')}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      searchable
      clearable={clearable}
      data={data}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the typed text.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(next, option) => {
        if (next === null) {
          setPicked(null);
          onChange(null);
          return;
        }
        const chosen = { id: Number(next), name: option.label };
        setPicked(chosen);
        onChange(chosen);
      }}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
