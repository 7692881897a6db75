import { useSyncExternalStore, type ReactNode } from 'react';

export type DialogKind = 'confirm' | 'error' | 'notify' | 'wait';

export interface DialogOptions {
  title?: string;
  /** Defaults to the spec's text for the kind of dialog (DIALOG_DEFAULTS). */
  message?: ReactNode;
}

export interface ConfirmOptions extends DialogOptions {
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows the confirm button in red, for deleting or disabling. */
  destructive?: boolean;
}

export interface WaitHandle {
  /** Closes the wait dialog; safe to call more than once. */
  close: () => void;
  /** Settles when the dialog has closed. */
  closed: Promise<void>;
}

export interface DialogEntry {
  id: number;
  kind: DialogKind;
  options: ConfirmOptions;
  settle: (confirmed: boolean) => void;
}

type Listener = () => void;

let entries: readonly DialogEntry[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setEntries(next: readonly DialogEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function toOptions<T extends DialogOptions>(value: string | T | undefined): T {
  if (typeof value === 'string') return { message: value } as T;
  return value ?? ({} as T);
}

function open(kind: DialogKind, options: ConfirmOptions): { id: number; result: Promise<boolean> } {
  const id = nextId++;
  const result = new Promise<boolean>((resolve) => {
    setEntries([...entries, { id, kind, options, settle: resolve }]);
  });
  return { id, result };
}

/** Closes one dialog with its answer (true = confirmed). Unknown ids are ignored. */
export function closeDialog(id: number, confirmed: boolean): void {
  const entry = entries.find((item) => item.id === id);
  if (!entry) return;
  setEntries(entries.filter((item) => item.id !== id));
  entry.settle(confirmed);
}

/** Closes every open dialog as cancelled (used on sign-out). */
export function closeAllDialogs(): void {
  const open = entries;
  setEntries([]);
  for (const entry of open) entry.settle(false);
}

/**
 * Promise-based dialogs, usable from anywhere (event handlers, mutations).
 * `<DialogHost />` renders them; it is mounted once in the app layout.
 */
export const dialogs = {
  /** Resolves true when the user confirms, false on cancel or Escape. */
  confirm(options?: string | ConfirmOptions): Promise<boolean> {
    return open('confirm', toOptions(options)).result;
  },
  /** Shows an error; resolves when it is dismissed. */
  async error(options?: string | DialogOptions): Promise<void> {
    await open('error', toOptions(options)).result;
  },
  /** Shows an application notice; resolves when it is dismissed. */
  async notify(options?: string | DialogOptions): Promise<void> {
    await open('notify', toOptions(options)).result;
  },
  /** A dialog the user cannot dismiss, closed by the caller when the work is done. */
  wait(options?: string | DialogOptions): WaitHandle {
    const { id, result } = open('wait', toOptions(options));
    return {
      close: () => closeDialog(id, true),
      closed: result.then(() => undefined),
    };
  },
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDialogEntries(): readonly DialogEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}
