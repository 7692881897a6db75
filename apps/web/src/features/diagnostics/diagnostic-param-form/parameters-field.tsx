import { Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MULTISELECT_DEBOUNCE_MS, type DiagnosticParam } from '@vayu/domain';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParameterSearch } from '../api/search-parameters';
import { translateDiagnosticMessage } from '../diagnostic-messages';
import type { FormInput } from './form-values';

/**
 * The diagnostic readings, picked from the catalogue: each keystroke
 * (debounced) searches `GET /api/parameters`; chosen ones keep their labels
 * whatever the search shows.
 */
export function ParametersField({
  control,
  current,
  disabled,
}: {
  control: Control<FormInput>;
  current: DiagnosticParam['parameters'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  const [picked, setPicked] = useState(() => new Map(current.map((p) => [String(p.id), p.label])));

  return (
    <Controller
      control={control}
      name="paramIds"
      render={({ field, fieldState }) => {
        const value = (field.value ?? []).map(String);
        const options = new Map<string, string>();
        const details = new Map<string, { paramKey: string; stdUnit: string | null }>();
        for (const id of value) options.set(id, picked.get(id) ?? `#${id}`);
        for (const parameter of results.data ?? []) {
          options.set(String(parameter.id), parameter.label);
          details.set(String(parameter.id), parameter);
        }
        const error =
          translateDiagnosticMessage(t, fieldState.error?.message) ??
          (results.isError ? t('diagnostics.form.parametersLoadError') : undefined);
        return (
          <MultiSelect
            ref={field.ref}
            name={field.name}
            label={t('diagnostics.fields.parameters')}
            description={t('diagnostics.form.parametersHint')}
            placeholder={t('diagnostics.form.parametersPlaceholder')}
            data={[...options.entries()].map(([id, label]) => ({ value: id, label }))}
            value={value}
            onChange={(next) => {
              setPicked((before) => {
                const after = new Map(before);
                for (const id of next) after.set(id, options.get(id) ?? before.get(id) ?? `#${id}`);
                return after;
              });
              field.onChange(next.map(Number));
            }}
            onBlur={field.onBlur}
            renderOption={({ option }) => {
              const parameter = details.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {parameter && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {parameter.stdUnit
                        ? `${parameter.paramKey} · ${parameter.stdUnit}`
                        : parameter.paramKey}
                    </Text>
                  )}
                </Stack>
              );
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has already filtered by the typed text.
            filter={({ options: all }) => all}
            rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
            required
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            nothingFoundMessage={t('diagnostics.form.noParameterFound')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      }}
    />
  );
}
