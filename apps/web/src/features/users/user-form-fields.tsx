import type { FieldValues, Path, Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, TextField } from '../../components/form';

interface UserFormFieldsProps<T extends FieldValues> {
  control: Control<T>;
  disabled?: boolean;
  autoFocusName?: boolean;
}

/** Name, e-mail and phone: the fields the add and edit modals share. */
export function UserFormFields<T extends { name: string; email: string; phone: string }>({
  control,
  disabled,
  autoFocusName = true,
}: UserFormFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField<T>
        control={control}
        name={'name' as Path<T>}
        label={t('people.userForm.name')}
        placeholder={t('people.userForm.namePlaceholder')}
        autoComplete="off"
        required
        disabled={disabled}
        data-autofocus={autoFocusName || undefined}
      />
      <EmailField<T>
        control={control}
        name={'email' as Path<T>}
        label={t('people.userForm.email')}
        placeholder={t('people.userForm.emailPlaceholder')}
        autoComplete="off"
        required
        disabled={disabled}
      />
      <TextField<T>
        control={control}
        name={'phone' as Path<T>}
        type="tel"
        inputMode="numeric"
        label={t('people.userForm.phone')}
        placeholder={t('people.userForm.phonePlaceholder')}
        description={t('people.userForm.phoneHint')}
        autoComplete="off"
        required
        disabled={disabled}
      />
    </>
  );
}

/** A stored phone (919876543210) as the user typed it: the ten digits without 91. */
export function toTypedPhone(phone: string | null): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}
