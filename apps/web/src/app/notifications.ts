import { NOTIFICATION_DURATION_MS } from '@vayu/domain';
import { notifications } from '@mantine/notifications';

/**
 * Spec §8: success is an "info" notification (blue), failure an "alert" one
 * (red); both close after 4 seconds. Pass texts already translated.
 */
export function notifySuccess(message: string, title?: string): string {
  return notifications.show({
    message,
    title,
    color: 'blue',
    autoClose: NOTIFICATION_DURATION_MS,
    withBorder: true,
    'data-type': 'info',
    role: 'status',
  });
}

export function notifyFailure(message: string, title?: string): string {
  return notifications.show({
    message,
    title,
    color: 'red',
    autoClose: NOTIFICATION_DURATION_MS,
    withBorder: true,
    'data-type': 'alert',
    role: 'alert',
  });
}

/** A warning (yellow): nothing went wrong, but there is nothing to show (spec: "Logs Not Found For Provided Interval"). */
export function notifyWarning(message: string, title?: string): string {
  return notifications.show({
    message,
    title,
    color: 'yellow',
    autoClose: NOTIFICATION_DURATION_MS,
    withBorder: true,
    'data-type': 'warning',
    role: 'status',
  });
}
