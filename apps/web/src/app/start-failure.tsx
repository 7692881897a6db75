import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when the console's code cannot be loaded at start (offline, or a new version was deployed). */
export function StartFailure() {
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
