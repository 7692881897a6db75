// What the alerts feature shares with other features (the screen and the header's button are loaded by the app).
export { AlertNotificationSettings } from './alert-notification-settings';
