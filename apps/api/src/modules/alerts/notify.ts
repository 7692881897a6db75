import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  ALERT_MAIL_BATCH_MS,
  ALERT_MAIL_MAX_LISTED,
  type AlertType,
  type NotificationChannel,
} from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import {
  accounts,
  alertOptOuts,
  alerts,
  devices,
  monitoringPoints,
  parameters,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { istText } from '../../lib/ist.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AlertMessage, AlertNotice, NotificationChannels } from './channels.js';

const istMinute = (at: Date) => istText(at);

const amount = (value: number | null) =>
  value === null ? '–' : value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

function lineOf(alert: AlertNotice): string {
  const where = [alert.monitoringPointName, alert.deviceName].filter(Boolean).join(' · ');
  const state = alert.endedAt ? `, back within limits at ${istMinute(alert.endedAt)}` : ', still open';
  if (alert.type === 'OFFLINE') {
    return `- ${where}: no data since ${istMinute(alert.startedAt)}${alert.endedAt ? `, sending again since ${istMinute(alert.endedAt)}` : ', still silent'}`;
  }
  const unit = alert.unit ? ` ${alert.unit}` : '';
  return `- ${alert.parameterLabel ?? 'Parameter'} at ${where}: ${amount(alert.peakValue)}${unit} against a limit of ${amount(alert.limit)}${unit}, from ${istMinute(alert.startedAt)}${state}`;
}

/** The subject and text of one batch for one person. */
export function alertMessageText(
  tenantName: string,
  name: string,
  batch: readonly AlertNotice[],
): { subject: string; text: string } {
  const exceedances = batch.filter((a) => a.type === 'EXCEEDANCE').length;
  const offline = batch.length - exceedances;
  const parts = [
    exceedances > 0 ? `${exceedances} exceedance${exceedances === 1 ? '' : 's'}` : null,
    offline > 0 ? `${offline} device${offline === 1 ? '' : 's'} offline` : null,
  ].filter(Boolean);
  const subject = `Alerts at ${tenantName}: ${parts.join(', ')}`;
  const listed = batch.slice(0, ALERT_MAIL_MAX_LISTED);
  const text = [
    `Dear ${name},`,
    '',
    `These alerts were raised at ${tenantName}:`,
    '',
    ...listed.map(lineOf),
    ...(batch.length > listed.length ? [`- and ${batch.length - listed.length} more`] : []),
    '',
    'See them and acknowledge them on the Alerts page of the console (/alerts).',
    'Alerts of one industry are sent together, at most one mail an hour; you can switch alert mails off per alert type on your profile page.',
  ].join('\n');
  return { subject, text };
}

export interface NotifyResult {
  /** Industries whose users were told. */
  industries: number;
  /** Messages queued (one per person and channel). */
  messages: number;
  /** Industries with alerts waiting for their hour. */
  waiting: number;
}

/**
 * Tells the industries' users about the alerts not yet told, batched: an
 * industry whose users were told within the last `ALERT_MAIL_BATCH_MS` waits
 * until that hour is over, then gets every alert since in one message per
 * person and channel. Each person gets the alert types they did not opt out
 * of. The alerts are marked told in the transaction that queues the
 * messages, the industry's unsent alerts locked (`SKIP LOCKED`), so two
 * processes never tell the same alert twice.
 */
export async function notifyAlerts(
  db: Database,
  deps: { mailer: Mailer; channels: NotificationChannels },
  now: Date,
): Promise<NotifyResult> {
  const pending = await db
    .selectDistinct({ tenantId: alerts.tenantId })
    .from(alerts)
    .where(isNull(alerts.notifiedAt))
    .limit(1000);
  const result: NotifyResult = { industries: 0, messages: 0, waiting: 0 };
  for (const { tenantId } of pending) {
    const told = await db.transaction((tx) => notifyIndustry(tx, deps, tenantId, now));
    if (told === null) {
      result.waiting++;
    } else {
      result.industries++;
      result.messages += told;
    }
  }
  return result;
}

/** Answers the messages queued, or null when the industry waits for its hour (or another process has it). */
async function notifyIndustry(
  tx: Executor,
  deps: { mailer: Mailer; channels: NotificationChannels },
  tenantId: number,
  now: Date,
): Promise<number | null> {
  const [last] = await tx
    .select({ at: max(alerts.notifiedAt) })
    .from(alerts)
    .where(eq(alerts.tenantId, tenantId));
  if (last?.at && now.getTime() - last.at.getTime() < ALERT_MAIL_BATCH_MS) return null;

  const ids = rowsOf<{ id: number }>(
    await tx.execute(
      sql`SELECT id FROM alerts WHERE tenant_id = ${tenantId} AND notified_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED`,
    ),
  ).map((row) => Number(row.id));
  if (ids.length === 0) return null;

  const batch = await tx
    .select({
      type: alerts.type,
      monitoringPointName: monitoringPoints.name,
      deviceName: devices.name,
      parameterLabel: parameters.label,
      unit: parameters.stdUnit,
      limit: alerts.limit,
      peakValue: alerts.peakValue,
      startedAt: alerts.startedAt,
      endedAt: alerts.endedAt,
    })
    .from(alerts)
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .leftJoin(monitoringPoints, eq(monitoringPoints.id, alerts.monitoringPointId))
    .leftJoin(parameters, eq(parameters.id, alerts.parameterId))
    .where(inArray(alerts.id, ids))
    .orderBy(asc(alerts.startedAt), asc(alerts.id));

  const [industry] = await tx
    .select({ name: accounts.name, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, tenantId));
  // The industry's enabled users, and what each switched off.
  const people =
    industry && industry.status !== 'DELETED'
      ? await tx
          .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
          .from(users)
          .where(and(eq(users.accountId, tenantId), eq(users.status, 'ENABLED')))
          .orderBy(asc(users.id))
          .limit(200)
      : [];
  const optOuts =
    people.length > 0
      ? await tx
          .select({
            userId: alertOptOuts.userId,
            alertType: alertOptOuts.alertType,
            channel: alertOptOuts.channel,
          })
          .from(alertOptOuts)
          .where(
            inArray(
              alertOptOuts.userId,
              people.map((p) => p.id),
            ),
          )
      : [];
  const off = new Set(optOuts.map((o) => `${o.userId}:${o.alertType}:${o.channel}`));
  const wants = (userId: number, type: AlertType, channel: NotificationChannel) =>
    !off.has(`${userId}:${type}:${channel}`);

  let messages = 0;
  for (const person of people) {
    const channels: NotificationChannel[] = ['EMAIL', ...deps.channels.senders().map((s) => s.channel)];
    for (const channel of channels) {
      const theirs = batch.filter((alert) => wants(person.id, alert.type, channel));
      if (theirs.length === 0) continue;
      const { subject, text } = alertMessageText(industry!.name, person.name, theirs);
      if (channel === 'EMAIL') {
        if (!person.email) continue;
        await deps.mailer.queue(tx, { to: person.email, kind: 'ALERT', subject, text, userId: person.id });
      } else {
        const sender = deps.channels.senders().find((s) => s.channel === channel);
        const message: AlertMessage = {
          tenantId,
          tenantName: industry!.name,
          userId: person.id,
          name: person.name,
          email: person.email,
          phone: person.phone,
          subject,
          text,
          alerts: theirs,
        };
        await sender?.queue(tx, message);
      }
      messages++;
    }
  }
  await tx.update(alerts).set({ notifiedAt: now }).where(inArray(alerts.id, ids));
  return messages;
}
