import type { Database } from '../../db/client.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import { evaluateAlerts } from './evaluate.js';

const MINUTE_MS = 60_000;
const keyOf = (minute: number) => `alerts.evaluate:${minute}`;

/** Queues this minute's judging of the alerts (once, however many processes start). */
export async function scheduleAlerts(db: Database, now = Date.now()) {
  const minute = Math.floor(now / MINUTE_MS);
  await jobQueue.enqueue(db, 'alerts.evaluate', { minute }, { singletonKey: keyOf(minute) });
}

/** The job: judges the alerts at the job's time, then queues the next minute's run. */
export function alertsEvaluateJob(db: Database) {
  return async (payload: { minute: number }) => {
    const result = await evaluateAlerts(db, new Date());
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
