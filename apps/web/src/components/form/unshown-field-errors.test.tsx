import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { FIELD_MESSAGES } from '@vayu/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../app/api-client';
import { renderWithProviders } from '../../test/render';
import { TextField } from './text-field';
import {
  applyServerErrorVisibly,
  describeUnshownFieldErrors,
  findUnshownFieldErrors,
} from './unshown-field-errors';

const schema = z.object({
  name: z.string().min(1, FIELD_MESSAGES.required),
  // A field this form never shows (another account type's, say).
  partnerId: z.string().min(1, FIELD_MESSAGES.required),
});
type Values = z.infer<typeof schema>;
const LABELS: Record<string, string> = { name: 'Name', partnerId: 'Partner' };

/** A form showing only the name; its alert says what the form could not mark. */
function NameOnlyForm({ serverError, partnerId = '' }: { serverError?: unknown; partnerId?: string }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', partnerId },
  });
  const onSubmit = form.handleSubmit(
    () => {
      if (!serverError) return;
      const outcome = applyServerErrorVisibly(serverError, form, t, {
        fields: ['name', 'partnerId'],
        labelOf: (path) => LABELS[path],
      });
      setAlert(outcome.unshown.length > 0 ? outcome.message : outcome.isShownOnField ? 'marked' : null);
    },
    (errors) => {
      const unshown = findUnshownFieldErrors(t, errors);
      setAlert(
        unshown.length > 0 ? describeUnshownFieldErrors(t, unshown, (path) => LABELS[path]) : 'marked',
      );
    },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {alert && <div role="alert">{alert}</div>}
      <TextField control={form.control} name="name" label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('refused values the form does not show', () => {
  it('names a hidden field that failed the form’s own check, with its message', async () => {
    const { user } = renderWithProviders(<NameOnlyForm />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Enviro Analytics');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved. These values need attention but are not on this form: Partner: This field is required',
    );
  });

  it('leaves a shown field’s error to the field', async () => {
    const { user } = renderWithProviders(<NameOnlyForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    // The name is marked; the hidden partner is still named.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(alert).toHaveTextContent(/Partner: This field is required$/);
    expect(alert).not.toHaveTextContent('Name:');
  });

  it('names server details on hidden fields or on no field of the form', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
      { path: 'partnerId', message: 'Use the migrate-partner action', code: 'FIELD_RULE' },
      { path: 'body.version', message: 'Must be a number', code: 'FIELD_INVALID' },
    ]);
    const { user } = renderWithProviders(<NameOnlyForm serverError={refusal} partnerId="4" />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Enviro Analytics');
    // The form's own check passes: only the server refuses.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('version: Must be a number'));
    expect(screen.getByRole('alert')).toHaveTextContent('Partner: Use the migrate-partner action');
  });
});
