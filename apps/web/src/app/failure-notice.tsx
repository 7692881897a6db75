import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Something could not be drawn: the console's code could not be loaded at
 * start (offline, or a new version was deployed), or a page failed. Offers a
 * reload.
 */
export function FailureNotice() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start" role="alert">
        <Title order={1}>{t('errorPage.title')}</Title>
        <Text>{t('errorPage.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
      </Stack>
    </Container>
  );
}
