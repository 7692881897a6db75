import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { dialogs } from '../dialogs';

export interface ConfirmDeleteButtonProps {
  /** The button's text ("Delete"). */
  label: string;
  /** What the button deletes, for screen readers; it starts with the visible text. */
  accessibleName: string;
  /** The question of the confirmation dialog. */
  confirmMessage: ReactNode;
  /** Runs after the user confirms; a rejection is shown, never thrown. */
  onDelete: () => Promise<unknown>;
  successMessage: string;
  /** Shown when the failure has no wording of its own (a network or server error). */
  failureMessage: string;
  disabled?: boolean;
}

/**
 * The one delete action of the lists: asks first (red confirm), deletes,
 * then says what happened. A refusal the API explains (something still uses
 * the record) is worded from its code; anything else gets `failureMessage`.
 */
export function ConfirmDeleteButton({
  label,
  accessibleName,
  confirmMessage,
  onDelete,
  successMessage,
  failureMessage,
  disabled,
}: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  const [isPending, setIsPending] = useState(false);

  const onClick = async () => {
    const confirmed = await dialogs.confirm({
      message: confirmMessage,
      confirmLabel: label,
      destructive: true,
    });
    if (!confirmed) return;
    setIsPending(true);
    try {
      await onDelete();
      notifySuccess(successMessage);
    } catch (error) {
      const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
      notifyFailure(isExplained ? getErrorMessage(t, error) : failureMessage);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      onClick={() => void onClick()}
      loading={isPending}
      disabled={disabled}
      aria-label={accessibleName}
    >
      {label}
    </Button>
  );
}
