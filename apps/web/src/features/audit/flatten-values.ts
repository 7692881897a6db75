/** A field of an audit value side by side: its dotted path and the old and new text (undefined: absent). */
export interface ValueRow {
  path: string;
  oldText: string | undefined;
  newText: string | undefined;
  isChanged: boolean;
}

/** The top-level name getChangedFields uses when a whole value changed (e.g. null → an object). */
const WHOLE_VALUE = '(value)';

function flatten(value: unknown, prefix: string, into: Map<string, string>) {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      into.set(prefix || WHOLE_VALUE, Array.isArray(value) ? '[]' : '{}');
      return;
    }
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  if (value === undefined) return;
  into.set(prefix || WHOLE_VALUE, typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * Old and new values as field/value rows (`address.city`, `tags.1`), in path
 * order, each marked when it is or lies under one of the changed fields.
 */
export function toValueRows(
  oldValue: unknown,
  newValue: unknown,
  changedFields: readonly string[],
): ValueRow[] {
  const oldFields = new Map<string, string>();
  const newFields = new Map<string, string>();
  if (oldValue !== null) flatten(oldValue, '', oldFields);
  if (newValue !== null) flatten(newValue, '', newFields);
  const paths = [...new Set([...oldFields.keys(), ...newFields.keys()])].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
  const everything = changedFields.includes(WHOLE_VALUE);
  const isChanged = (path: string) =>
    everything || changedFields.some((field) => path === field || path.startsWith(`${field}.`));
  return paths.map((path) => ({
    path,
    oldText: oldFields.get(path),
    newText: newFields.get(path),
    isChanged: isChanged(path),
  }));
}
