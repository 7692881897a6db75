import type { NotificationChannel } from '@vayu/domain';
import type { Executor } from '../../db/client.js';

/** One alert as a notification tells it. */
export interface AlertNotice {
  type: 'EXCEEDANCE' | 'OFFLINE';
  monitoringPointName: string | null;
  deviceName: string;
  parameterLabel: string | null;
  unit: string | null;
  limit: number | null;
  peakValue: number | null;
  startedAt: Date;
  endedAt: Date | null;
}

/** A batch of an industry's alerts for one person. */
export interface AlertMessage {
  tenantId: number;
  tenantName: string;
  userId: number;
  name: string;
  email: string;
  /** As stored (digits with the country code), or null. */
  phone: string | null;
  subject: string;
  text: string;
  alerts: readonly AlertNotice[];
}

/**
 * A way of telling people about alerts. E-mail is built in (the mail outbox);
 * SMS and WhatsApp are this interface with no provider configured: a provider
 * (an SMS gateway, the WhatsApp Business API) is a `NotificationSender` given
 * to `createNotificationChannels`, called in the transaction that marks the
 * alerts told, so it should only queue (an outbox row and a job), never call
 * the network there.
 */
export interface NotificationSender {
  channel: NotificationChannel;
  queue(tx: Executor, message: AlertMessage): Promise<void>;
}

export interface NotificationChannels {
  /** Whether a channel can send at all. */
  isAvailable(channel: NotificationChannel): boolean;
  /** The channels with a provider besides e-mail (none unless one is configured). */
  senders(): readonly NotificationSender[];
}

/** E-mail is always there (the mail outbox); other channels only with a sender given here. */
export function createNotificationChannels(
  senders: readonly NotificationSender[] = [],
): NotificationChannels {
  const byChannel = new Map(
    senders.filter((sender) => sender.channel !== 'EMAIL').map((sender) => [sender.channel, sender]),
  );
  return {
    isAvailable: (channel) => channel === 'EMAIL' || byChannel.has(channel),
    senders: () => [...byChannel.values()],
  };
}
