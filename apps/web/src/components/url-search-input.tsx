import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { MULTISELECT_DEBOUNCE_MS } from '@vayu/domain';
import { useEffect, useRef, useState } from 'react';

interface UrlSearchInputProps {
  /** The search the URL holds now. */
  value: string | undefined;
  /** Called after a pause in typing (or when the box is left) with the trimmed text, undefined when empty. */
  onSearch: (search: string | undefined) => void;
  label: string;
  placeholder?: string;
}

/**
 * The search box of a server-searched list: what is typed goes to the URL
 * after a pause, and the box follows the URL when back, forward or "clear
 * filters" change it.
 */
export function UrlSearchInput({ value, onSearch, label, placeholder }: UrlSearchInputProps) {
  const urlSearch = value ?? '';
  const [text, setText] = useState(urlSearch);
  const sent = useRef(urlSearch);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(next.trim() || undefined);
  }, MULTISELECT_DEBOUNCE_MS);

  useEffect(() => {
    if (urlSearch !== sent.current) {
      sent.current = urlSearch;
      setText(urlSearch);
    }
  }, [urlSearch]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      // Leaving the box (e.g. to click a row) sends a pending search now, on this page.
      onBlur={() => send.flush()}
      w={260}
      maxLength={100}
    />
  );
}
