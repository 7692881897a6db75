import type { Database } from '../../db/client.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import type { Mailer } from '../../lib/mailer.js';
import type { NotificationChannels } from './channels.js';
import { evaluateAlerts } from './evaluate.js';
import { notifyAlerts } from './notify.js';

const MINUTE_MS = 60_000;
const keyOf = (minute: number) => `alerts.evaluate:${minute}`;

/** Queues this minute's judging of the alerts (once, however many processes start). */
export async function scheduleAlerts(db: Database, now = Date.now()) {
  const minute = Math.floor(now / MINUTE_MS);
  await jobQueue.enqueue(db, 'alerts.evaluate', { minute }, { singletonKey: keyOf(minute) });
}

export interface AlertsRoundDeps {
  mailer: Mailer;
  channels: NotificationChannels;
}

/** One round at `now`: judges the alerts, then tells the industries' users about new ones (batched). */
export async function runAlertsRound(db: Database, deps: AlertsRoundDeps, now: Date) {
  const judged = await evaluateAlerts(db, now);
  const notified = await notifyAlerts(db, deps, now);
  return { ...judged, notified };
}

/** The job: a round at the job's time, then the next minute's run queued. */
export function alertsEvaluateJob(db: Database, deps: AlertsRoundDeps) {
  return async (payload: { minute: number }) => {
    const result = await runAlertsRound(db, deps, new Date());
    const next = Math.max(payload.minute + 1, Math.floor(Date.now() / MINUTE_MS) + 1);
    await jobQueue.enqueue(
      db,
      'alerts.evaluate',
      { minute: next },
      { singletonKey: keyOf(next), runAt: new Date(next * MINUTE_MS) },
    );
    return result;
  };
}
