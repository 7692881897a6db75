import { Alert, Fieldset, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  ALERT_TYPES,
  NOTIFICATION_CHANNELS,
  type AlertPreference,
  type AlertType,
  type NotificationChannel,
} from '@vayu/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useAlertPreferences, useSaveAlertPreferences } from './api/alert-preferences';

/** The user's choice for one alert type on one channel; on unless the user opted out (or not yet known). */
export function preferenceOf(
  preferences: readonly AlertPreference[],
  alertType: AlertType,
  channel: NotificationChannel,
): AlertPreference {
  return (
    preferences.find((item) => item.alertType === alertType && item.channel === channel) ?? {
      alertType,
      channel,
      enabled: true,
      available: false,
    }
  );
}

/**
 * "Alert notifications" of the profile page: a switch per alert type and
 * channel, saved as it is flipped. Channels with no provider configured (SMS,
 * WhatsApp) are shown switched as stored but cannot be changed; a user who is
 * not notified at all (only an industry's own users are) is told so.
 */
export function AlertNotificationSettings() {
  const { t } = useTranslation();
  const headingId = useId();
  const preferences = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const { data } = preferences;

  const change = (alertType: AlertType, channel: NotificationChannel, enabled: boolean) =>
    save.mutate(
      { preferences: [{ alertType, channel, enabled }] },
      {
        onSuccess: () => notifySuccess(t('alerts.notifications.saved')),
        onError: (error) =>
          notifyFailure(
            isApiError(error) && error.status < 500
              ? getErrorMessage(t, error)
              : t('alerts.notifications.saveError'),
          ),
      },
    );

  /** What the switch shows: the value being saved while it saves, the stored one otherwise. */
  const shownValue = (preference: AlertPreference) => {
    const pending = save.isPending ? save.variables?.preferences[0] : undefined;
    return pending && pending.alertType === preference.alertType && pending.channel === preference.channel
      ? pending.enabled
      : preference.enabled;
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      aria-busy={preferences.isPending}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {t('alerts.notifications.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alerts.notifications.intro')}
          </Text>
        </Stack>
        {preferences.isError && !data ? (
          <LoadErrorAlert
            title={t('alerts.notifications.loadError')}
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
            retrying={preferences.isFetching}
          />
        ) : !data ? (
          <Skeleton height={120} />
        ) : (
          <>
            {!data.notified && (
              <Alert color="blue" variant="light">
                {t('alerts.notifications.notNotified')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {ALERT_TYPES.map((alertType) => (
                <Fieldset
                  key={alertType}
                  legend={t(`alerts.notifications.groups.${alertType}`)}
                  variant="filled"
                >
                  <Stack gap="sm">
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const preference = preferenceOf(data.preferences, alertType, channel);
                      const isSaving =
                        save.isPending &&
                        save.variables?.preferences[0]?.alertType === alertType &&
                        save.variables.preferences[0].channel === channel;
                      return (
                        <Stack key={channel} gap={2}>
                          <Switch
                            label={t(`alerts.notifications.channels.${channel}`)}
                            aria-describedby={
                              preference.available ? undefined : `${headingId}-${alertType}-${channel}`
                            }
                            checked={shownValue(preference)}
                            disabled={!preference.available || !data.notified || isSaving}
                            onChange={(event) => change(alertType, channel, event.currentTarget.checked)}
                          />
                          {!preference.available && (
                            <Text id={`${headingId}-${alertType}-${channel}`} size="xs" c="dimmed" pl={46}>
                              {t('alerts.notifications.unavailable')}
                            </Text>
                          )}
                        </Stack>
                      );
                    })}
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
