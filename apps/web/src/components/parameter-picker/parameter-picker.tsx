import { Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MULTISELECT_DEBOUNCE_MS } from '@vayu/domain';
import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorMessage } from '../form';
import { useParameterSearch } from './search-parameters';

/** A catalogue parameter already chosen, by id, with the label it shows under. */
export interface PickedParameter {
  id: number;
  label: string;
}

export interface ParameterPickerProps<TValues extends FieldValues> {
  /** The form's field holding the chosen parameters' ids (numbers). */
  name: FieldPath<TValues>;
  control?: Control<TValues>;
  /**
   * The parameters the stored record lists, so they show by label before (or
   * without) a search returning them. They may arrive after the field is drawn.
   */
  current: readonly PickedParameter[];
  /** The labels of `current` are still being asked for. */
  loadingCurrent?: boolean;
  label: string;
  description?: string;
  placeholder?: string;
  nothingFoundMessage: string;
  /** Shown when the field has no error of its own and the search failed. */
  loadError: string;
  /** A feature's own wording of its messages; the shared message map otherwise. */
  translateError?: (message: string | undefined) => string | undefined;
  maxValues?: number;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Catalogue parameters picked by searching: each keystroke (debounced) asks
 * `GET /api/parameters`; chosen ones keep their labels whatever the search shows.
 * Bound to react-hook-form, holding the chosen parameters' ids.
 */
export function ParameterPicker<TValues extends FieldValues>({
  name,
  control,
  current,
  loadingCurrent = false,
  label,
  description,
  placeholder,
  nothingFoundMessage,
  loadError,
  translateError,
  maxValues,
  required,
  disabled,
}: ParameterPickerProps<TValues>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MULTISELECT_DEBOUNCE_MS);
  const results = useParameterSearch(debounced);
  // Labels of the parameters chosen here, kept when a later search no longer returns them.
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(() => new Map());
  const {
    field: { ref, name: fieldName, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ name, control });
  const shared = useFieldErrorMessage(fieldState.error);

  const stored = new Map(current.map((parameter) => [String(parameter.id), parameter.label]));
  const labelOf = (id: string) => picked.get(id) ?? stored.get(id) ?? `#${id}`;
  const value = ((fieldValue as readonly unknown[] | null | undefined) ?? []).map(String);
  const options = new Map<string, string>();
  const details = new Map<string, { label: string; paramKey: string; stdUnit: string | null }>();
  for (const id of value) options.set(id, labelOf(id));
  for (const parameter of results.data ?? []) {
    options.set(String(parameter.id), parameter.label);
    details.set(String(parameter.id), parameter);
  }
  const error =
    (translateError ? translateError(fieldState.error?.message) : shared) ??
    (results.isError ? loadError : undefined);

  return (
    <MultiSelect
      ref={ref}
      name={fieldName}
      label={label}
      description={description}
      placeholder={placeholder}
      data={[...options.entries()].map(([id, text]) => ({ value: id, label: text }))}
      value={value}
      onChange={(next) => {
        // A parameter the search returned keeps the label it was chosen by.
        setPicked((before) => {
          const after = new Map(before);
          for (const id of next) {
            const found = details.get(id);
            if (found) after.set(id, found.label);
          }
          return after;
        });
        onChange(next.map(Number));
      }}
      onBlur={onBlur}
      renderOption={({ option }) => {
        const parameter = details.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {parameter && (
              <Text size="xs" c="dimmed" ff="monospace">
                {parameter.stdUnit ? `${parameter.paramKey} · ${parameter.stdUnit}` : parameter.paramKey}
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
      rightSection={results.isFetching || loadingCurrent ? <Loader size="xs" aria-hidden /> : undefined}
      maxValues={maxValues}
      required={required}
      disabled={disabled}
      error={error}
      aria-invalid={error ? true : undefined}
      nothingFoundMessage={nothingFoundMessage}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
