import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../app/route-access';

/** `/unauthorised`: where a signed-in user lands after opening a route they may not open. */
export function UnauthorisedPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('unauthorised.title')} · ${t('common.appName')}`);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('unauthorised.title')}</Title>
        <Text size="lg">{t('unauthorised.message')}</Text>
        <Button component={Link} to={HOME_PATH}>
          {t('unauthorised.home')}
        </Button>
      </Stack>
    </Container>
  );
}
