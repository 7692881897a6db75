import type { FieldValues, Path, Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, TextField } from '../../components/form';
import { PhoneField, type PhoneCountry } from '../../components/phone';

/** A user's phone is an Indian mobile number (spec §9: prefixed 91; the domain's rule). */
const USER_PHONE_COUNTRIES: readonly PhoneCountry[] = ['IN'];

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
      <PhoneField<T>
        control={control}
        name={'phone' as Path<T>}
        label={t('people.userForm.phone')}
        placeholder={t('people.userForm.phonePlaceholder')}
        description={t('people.userForm.mobileHint')}
        countries={USER_PHONE_COUNTRIES}
        required
        disabled={disabled}
      />
    </>
  );
}
