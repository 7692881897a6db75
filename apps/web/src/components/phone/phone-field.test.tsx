import { zodResolver } from '@hookform/resolvers/zod';
import { act, screen, waitFor } from '@testing-library/react';
import { phoneField } from '@vayu/domain';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { PhoneField } from './phone-field';
import type { PhoneCountry } from './phone-number';

const schema = z.object({ contactNo: phoneField });
type Values = z.input<typeof schema>;

function PhoneForm({
  initial,
  onSave,
  countries,
  next,
}: {
  initial: string;
  onSave: (values: z.output<typeof schema>) => void;
  countries?: readonly PhoneCountry[];
  /** A value a reset brings (a reload after a conflict, say). */
  next?: string;
}) {
  const { control, handleSubmit, reset } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { contactNo: initial },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)} noValidate>
      <PhoneField control={control} name="contactNo" label="Contact number" required countries={countries} />
      <button type="submit">Save</button>
      {next !== undefined && (
        <button type="button" onClick={() => reset({ contactNo: next })}>
          Reset
        </button>
      )}
    </form>
  );
}

function renderField(props: Omit<Parameters<typeof PhoneForm>[0], 'onSave'>) {
  const onSave = vi.fn();
  const view = renderWithProviders(<PhoneForm {...props} onSave={onSave} />);
  return {
    ...view,
    onSave,
    number: screen.getByRole('textbox', { name: /^Contact number/ }),
    country: screen.getByRole('textbox', { name: 'Country code' }),
  };
}

describe('PhoneField', () => {
  it('starts in India, groups the number as typed and stores it with 91, digits only', async () => {
    const { user, number, country, onSave } = renderField({ initial: '' });
    expect(country).toHaveValue('India +91');
    await user.type(number, '9800019962');
    expect(number).toHaveValue('98000 19962');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ contactNo: '919800019962' });
  });

  it('shows a stored number with its own country and keeps it when nothing is typed', async () => {
    const { user, number, country, onSave } = renderField({ initial: '442079460958' });
    expect(country).toHaveValue('United Kingdom +44');
    expect(number).toHaveValue('20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ contactNo: '442079460958' });
  });

  it('moves the number to another country when one is chosen', async () => {
    const { user, country, onSave } = renderField({ initial: '919800019962' });
    await user.click(country);
    await user.clear(country);
    await user.type(country, 'Japan');
    // jsdom leaves Mantine's dropdown transition unfinished (display: none), so the option counts as hidden.
    await user.click(await screen.findByRole('option', { name: 'Japan +81', hidden: true }));
    expect(country).toHaveValue('Japan +81');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ contactNo: '819800019962' });
  });

  it('takes the country from a number typed with +', async () => {
    const { user, number, country } = renderField({ initial: '' });
    await user.type(number, '+1 202 555 0123');
    await user.tab();
    expect(country).toHaveValue('United States +1');
    expect(number).toHaveValue('202 555 0123');
  });

  it('shows the value a form reset brings', async () => {
    const { user, number, country } = renderField({ initial: '919800019962', next: '12025550123' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(country).toHaveValue('United States +1');
    expect(number).toHaveValue('202 555 0123');
  });

  it('shows the domain rule under the number, in English and in Hindi', async () => {
    const { user, number, onSave } = renderField({ initial: '' });
    await user.type(number, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('hi'));
    expect(await screen.findByText('मान्य फ़ोन नंबर दर्ज करें')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'देश कोड' })).toHaveValue('भारत +91');
  });

  it('offers only the countries given (a user’s mobile is Indian)', async () => {
    const { user, country } = renderField({ initial: '', countries: ['IN'] });
    expect(country).toHaveValue('India +91');
    expect(country).toHaveAttribute('readonly');
    await user.click(country);
    expect(screen.queryByRole('option', { name: /United States/, hidden: true })).not.toBeInTheDocument();
  });
});
