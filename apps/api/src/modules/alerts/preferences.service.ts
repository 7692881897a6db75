import { and, eq, inArray } from 'drizzle-orm';
import {
  ALERT_TYPES,
  NOTIFICATION_CHANNELS,
  type AlertPreferences,
  type AlertPreferencesBody,
} from '@vayu/domain';
import type { Principal, RequestContext } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { alertOptOuts } from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.service.js';
import type { NotificationChannels } from './channels.js';

const keyOf = (type: string, channel: string) => `${type}:${channel}`;

/** A user's alert notifications: on for every type and channel unless switched off (`alert_opt_outs`). */
export function createAlertPreferencesService({
  db,
  channels,
}: {
  db: Database;
  channels: NotificationChannels;
}) {
  async function read(exec: Executor, principal: Principal): Promise<AlertPreferences> {
    const rows = await exec
      .select({ alertType: alertOptOuts.alertType, channel: alertOptOuts.channel })
      .from(alertOptOuts)
      .where(eq(alertOptOuts.userId, principal.userId));
    const off = new Set(rows.map((row) => keyOf(row.alertType, row.channel)));
    return {
      // Alerts go to the users of the industry they are raised at.
      notified: principal.userType === 'tenant',
      preferences: ALERT_TYPES.flatMap((alertType) =>
        NOTIFICATION_CHANNELS.map((channel) => ({
          alertType,
          channel,
          enabled: !off.has(keyOf(alertType, channel)),
          available: channels.isAvailable(channel),
        })),
      ),
    };
  }

  const offList = (prefs: AlertPreferences) =>
    prefs.preferences.filter((p) => !p.enabled).map((p) => keyOf(p.alertType, p.channel));

  return {
    get: (ctx: RequestContext) => read(db, ctx.principal),

    save(ctx: RequestContext, body: AlertPreferencesBody): Promise<AlertPreferences> {
      const userId = ctx.principal.userId;
      return db.transaction(async (tx) => {
        const before = await read(tx, ctx.principal);
        for (const channel of NOTIFICATION_CHANNELS) {
          const on = body.preferences
            .filter((p) => p.channel === channel && p.enabled)
            .map((p) => p.alertType);
          const off = body.preferences
            .filter((p) => p.channel === channel && !p.enabled)
            .map((p) => p.alertType);
          if (on.length > 0) {
            await tx
              .delete(alertOptOuts)
              .where(
                and(
                  eq(alertOptOuts.userId, userId),
                  eq(alertOptOuts.channel, channel),
                  inArray(alertOptOuts.alertType, on),
                ),
              );
          }
          if (off.length > 0) {
            await tx
              .insert(alertOptOuts)
              .values(off.map((alertType) => ({ userId, alertType, channel })))
              .onConflictDoNothing();
          }
        }
        const after = await read(tx, ctx.principal);
        const [was, is] = [offList(before), offList(after)];
        if (was.join() !== is.join()) {
          await recordAudit(tx, ctx, {
            entity: 'user',
            entityId: userId,
            action: 'UPDATE',
            tenantId: ctx.principal.accountId,
            oldValue: { alertNotificationsOff: was },
            newValue: { alertNotificationsOff: is },
          });
        }
        return after;
      });
    },
  };
}

export type AlertPreferencesService = ReturnType<typeof createAlertPreferencesService>;
