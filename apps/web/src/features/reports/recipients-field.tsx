import { TagsInput } from '@mantine/core';
import { REPORT_MAX_RECIPIENTS } from '@vayu/domain';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** E-mails a report goes to: typed one by one (Enter, a comma or a space ends each), up to ten. */
export function RecipientsField<F extends FieldValues & { recipients: string[] }>({
  control,
  autoFocus = false,
}: {
  control: Control<F>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={'recipients' as Path<F>}
      render={({ field, fieldState }) => (
        <TagsInput
          ref={field.ref}
          label={t('reports.fields.recipients')}
          description={t('reports.email.recipientsHint', { max: REPORT_MAX_RECIPIENTS })}
          placeholder={t('reports.email.placeholder')}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          maxTags={REPORT_MAX_RECIPIENTS}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          required
          error={fieldState.error?.message}
          aria-invalid={fieldState.error ? true : undefined}
          {...(autoFocus ? { 'data-autofocus': true } : {})}
        />
      )}
    />
  );
}
