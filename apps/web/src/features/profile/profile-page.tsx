import { Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { formatPhoneNumber } from '../../components/phone/phone-number';
import { AlertNotificationSettings } from '../alerts';
import { ProfileChangePasswordDialog } from './profile-change-password-dialog';

/** The change-password modal has its own URL (`?dialog=change-password`), so reload keeps it open. */
const CHANGE_PASSWORD_DIALOG = 'change-password';

/** `/profile`: the signed-in user's details, their alert notifications and the change-password modal. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('pages.profile')} · ${t('common.appName')}`);

  if (!user) return null;
  const notSet = t('common.notSet');
  const rows: [string, string][] = [
    [t('profile.userName'), user.name || notSet],
    [t('profile.email'), user.userName],
    [t('profile.phone'), formatPhoneNumber(user.phone) ?? notSet],
    [t('profile.userType'), t(`userTypes.${user.userType}`)],
    [t('profile.role'), t(`roles.${user.role}`)],
    [t('profile.accountName'), user.account.name],
    [t('profile.accountType'), t(`userTypes.${user.account.type}`)],
  ];

  const setDialog = (dialog: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (dialog) next.set('dialog', dialog);
        else next.delete('dialog');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="center">
        <Title order={1}>{t('pages.profile')}</Title>
        <Button onClick={() => setDialog(CHANGE_PASSWORD_DIALOG)}>{t('profile.changePassword')}</Button>
      </Group>
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="35%">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <AlertNotificationSettings />
      <ProfileChangePasswordDialog
        userId={user.id}
        opened={searchParams.get('dialog') === CHANGE_PASSWORD_DIALOG}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
