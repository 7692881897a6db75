import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

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
