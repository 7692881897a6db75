import { screen, waitFor, within } from '@testing-library/react';
import {
  ALERT_TYPES,
  NOTIFICATION_CHANNELS,
  type AlertPreferences,
  type AlertPreferencesBody,
} from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AlertNotificationSettings } from './alert-notification-settings';

function preferences(notified = true): AlertPreferences {
  return {
    notified,
    preferences: ALERT_TYPES.flatMap((alertType) =>
      NOTIFICATION_CHANNELS.map((channel) => ({
        alertType,
        channel,
        enabled: true,
        available: channel === 'EMAIL',
      })),
    ),
  };
}

function renderSettings(handlers: Parameters<typeof createApiMock>[0]) {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return { ...renderWithProviders(<AlertNotificationSettings />), api };
}

describe('AlertNotificationSettings', () => {
  it('saves a switch as it is flipped, and shows it off from then on', async () => {
    let stored = preferences();
    const { user, api } = renderSettings({
      'GET /api/alerts/preferences': () => jsonResponse(stored),
      'PUT /api/alerts/preferences': ({ init }) => {
        const body = JSON.parse(String(init.body)) as AlertPreferencesBody;
        stored = {
          ...stored,
          preferences: stored.preferences.map((item) => {
            const change = body.preferences.find(
              (p) => p.alertType === item.alertType && p.channel === item.channel,
            );
            return change ? { ...item, enabled: change.enabled } : item;
          }),
        };
        return jsonResponse(stored);
      },
    });
    const section = await screen.findByRole('region', { name: 'Alert notifications' });
    const offline = await within(section).findByRole('group', { name: 'Offline alerts' });
    const mail = within(offline).getByRole('switch', { name: 'E-mail' });
    expect(mail).toBeChecked();
    await user.click(mail);
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(mail).not.toBeChecked());
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      preferences: [{ alertType: 'OFFLINE', channel: 'EMAIL', enabled: false }],
    });
    // The other type's mail stays on.
    const exceedance = within(section).getByRole('group', { name: 'Exceedance alerts' });
    expect(within(exceedance).getByRole('switch', { name: 'E-mail' })).toBeChecked();
  });

  it('shows SMS and WhatsApp as channels with no provider, which cannot be switched', async () => {
    renderSettings({ 'GET /api/alerts/preferences': () => jsonResponse(preferences()) });
    const group = await screen.findByRole('group', { name: 'Exceedance alerts' });
    for (const name of ['SMS', 'WhatsApp']) {
      const channel = within(group).getByRole('switch', { name });
      expect(channel).toBeDisabled();
      expect(channel).toHaveAccessibleDescription('No provider is configured for this channel yet.');
    }
    expect(within(group).getByRole('switch', { name: 'E-mail' })).toBeEnabled();
  });

  it('tells users who are not notified at all why, and lets nothing be switched', async () => {
    renderSettings({ 'GET /api/alerts/preferences': () => jsonResponse(preferences(false)) });
    expect(
      await screen.findByText(
        'You receive no alert notifications: alerts go to the users of the industry they belong to.',
      ),
    ).toBeInTheDocument();
    for (const channel of screen.getAllByRole('switch')) expect(channel).toBeDisabled();
  });

  it('puts the switch back and says so when the save fails', async () => {
    const { user } = renderSettings({
      'GET /api/alerts/preferences': () => jsonResponse(preferences()),
      'PUT /api/alerts/preferences': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const group = await screen.findByRole('group', { name: 'Exceedance alerts' });
    const mail = within(group).getByRole('switch', { name: 'E-mail' });
    await user.click(mail);
    expect(await screen.findByText('The notification settings could not be saved.')).toBeInTheDocument();
    await waitFor(() => expect(mail).toBeChecked());
  });
});
