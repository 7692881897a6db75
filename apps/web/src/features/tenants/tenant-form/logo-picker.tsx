import { FileInput, Group, Image } from '@mantine/core';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@vayu/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const LOGO_MAX_KB = Math.round(LOGO_MAX_BYTES / 1024);

/** The chosen logo file and what is wrong with it (already worded in the user's language). */
export interface LogoChoice {
  file: File | null;
  error: string | null;
  choose: (file: File | null) => void;
  setError: (message: string | null) => void;
}

/** A logo the browser can refuse before sending: not PNG, JPEG or WebP, or over the size limit. */
export function useLogoChoice(): LogoChoice {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = useCallback(
    (next: File | null) => {
      setError(null);
      setFile(null);
      if (!next) return;
      if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(next.type)) {
        setError(t('tenants.form.logoType'));
        return;
      }
      if (next.size > LOGO_MAX_BYTES) {
        setError(t('tenants.form.logoSize', { size: LOGO_MAX_KB }));
        return;
      }
      setFile(next);
    },
    [t],
  );
  return { file, error, choose, setError };
}

interface LogoPickerProps {
  logo: LogoChoice;
  currentUrl: string | null;
}

export function LogoPicker({ logo, currentUrl }: LogoPickerProps) {
  const { t } = useTranslation();
  const previewUrl = useMemo(
    () => (logo.file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(logo.file) : null),
    [logo.file],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shownUrl = previewUrl ?? currentUrl;
  return (
    <Group mt="md" align="flex-end" gap="lg">
      <FileInput
        label={t('tenants.form.logo')}
        placeholder={t('tenants.form.logoPlaceholder')}
        description={t('tenants.form.logoHint', { size: LOGO_MAX_KB })}
        accept={LOGO_CONTENT_TYPES.join(',')}
        onChange={logo.choose}
        error={logo.error ?? undefined}
        clearable
        w={320}
      />
      {shownUrl && (
        <Image
          src={shownUrl}
          alt={previewUrl ? t('tenants.form.logoPreview') : t('tenants.form.currentLogo')}
          h={64}
          w="auto"
          fit="contain"
          radius="sm"
        />
      )}
    </Group>
  );
}
