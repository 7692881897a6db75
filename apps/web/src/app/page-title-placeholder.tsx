import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageTitleKey } from './page-titles';

/**
 * The heading of the main screen at `pathname`, where the screen draws its
 * own: shown while the screen's code and first data load, so that the title
 * is there at once and stays where it is when the screen appears.
 */
export function PageTitlePlaceholder({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const key = pageTitleKey(pathname);
  if (!key) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t(key)}</Title>
      </Group>
    </Stack>
  );
}
