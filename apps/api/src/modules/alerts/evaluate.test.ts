import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIM_MS, OFFLINE_ALERT_AFTER_MS, slotStart } from '@vayu/domain';
import { alertLimits, alerts, deviceParams, parameters } from '../../db/schema/index.js';
import { deviceFactories } from '../../test/device-factories.js';
import { factories } from '../../test/factories.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { insertReadings } from '../telemetry/ingest.service.js';
import { evaluateAlerts } from './evaluate.js';

let t: TestContext;
const SLOT = DATA_DIM_MS.minute_15;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
});

/** A device at a stack with one parameter whose standard is 100 mg/Nm3, alerts on. */
async function watchedDevice(options: { offlineAlert?: boolean } = {}) {
  const tenant = await factories(t.db).tenant();
  const build = deviceFactories(t.db);
  const made = await build.device(tenant.id);
  await t.db
    .update(parameters)
    .set({ standardLimit: 100, isAlertEnabled: true })
    .where(eq(parameters.id, made.parameter.id));
  if (options.offlineAlert) {
    await t.db
      .update(deviceParams)
      .set({ offlineAlert: true })
      .where(eq(deviceParams.deviceId, made.device.id));
  }
  return { tenant, ...made };
}

async function send(
  setup: Awaited<ReturnType<typeof watchedDevice>>,
  at: number,
  value: number,
  provenance = 'measured',
) {
  await insertReadings(
    t.database,
    [
      {
        index: 0,
        tenantId: setup.tenant.id,
        deviceId: setup.device.id,
        parameterId: setup.parameter.id,
        ms: at,
        value,
        unit: 'mg/Nm3',
        valueStd: value,
        provenance,
      },
    ],
    { source: 'edge', tokenId: null },
  );
}

const alertsOf = (deviceId: number) => t.db.select().from(alerts).where(eq(alerts.deviceId, deviceId));

describe('exceedance alerts', () => {
  it('opens one alert within a minute of a 15-minute value past the limit, follows its peak, and closes on recovery', async () => {
    const setup = await watchedDevice();
    // A slot an hour ago, in India's 15-minute grid.
    const slot = slotStart(Date.now() - 60 * MINUTE, 'minute_15');
    await send(setup, slot + 1 * MINUTE, 130);
    // Judged a minute after the reading: the slot's value so far (130) is past 100.
    await evaluateAlerts(t.db, new Date(slot + 2 * MINUTE));
    let [alert] = await alertsOf(setup.device.id);
    expect(alert).toMatchObject({
      type: 'EXCEEDANCE',
      tenantId: setup.tenant.id,
      parameterId: setup.parameter.id,
      limit: 100,
      firstValue: 130,
      peakValue: 130,
      endedAt: null,
      provenance: ['measured'],
    });
    expect(alert!.startedAt.getTime()).toBe(slot);

    // More judging of the same episode makes no second alert; the peak follows the slot's mean.
    await send(setup, slot + 5 * MINUTE, 170, 'substituted');
    await evaluateAlerts(t.db, new Date(slot + 6 * MINUTE));
    await evaluateAlerts(t.db, new Date(slot + 7 * MINUTE));
    const all = await alertsOf(setup.device.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ peakValue: 150, lastValue: 150, provenance: ['measured', 'substituted'] });

    // The next slot is within the limit: once it has ended, the episode closes from its start.
    await send(setup, slot + SLOT + MINUTE, 80);
    await evaluateAlerts(t.db, new Date(slot + SLOT + 2 * MINUTE));
    expect((await alertsOf(setup.device.id))[0]!.endedAt).toBeNull();
    await evaluateAlerts(t.db, new Date(slot + 2 * SLOT + MINUTE));
    [alert] = await alertsOf(setup.device.id);
    expect(alert!.endedAt?.getTime()).toBe(slot + SLOT);

    // A new excursion is a new episode.
    await send(setup, slot + 2 * SLOT + 2 * MINUTE, 120);
    await evaluateAlerts(t.db, new Date(slot + 2 * SLOT + 3 * MINUTE));
    expect(await alertsOf(setup.device.id)).toHaveLength(2);
  });

  it('judges against the industry’s own limit at the point, and not at all when its alert is off', async () => {
    const setup = await watchedDevice();
    const slot = slotStart(Date.now() - 30 * MINUTE, 'minute_15');
    await t.db.insert(alertLimits).values({
      tenantId: setup.tenant.id,
      monitoringPointId: setup.monitoringPointId,
      parameterId: setup.parameter.id,
      customLimit: 50,
      enabled: true,
    });
    await send(setup, slot + MINUTE, 60);
    await evaluateAlerts(t.db, new Date(slot + 2 * MINUTE));
    expect(await alertsOf(setup.device.id)).toMatchObject([{ limit: 50, firstValue: 60 }]);

    const quiet = await watchedDevice();
    await t.db.insert(alertLimits).values({
      tenantId: quiet.tenant.id,
      monitoringPointId: quiet.monitoringPointId,
      parameterId: quiet.parameter.id,
      customLimit: null,
      enabled: false,
    });
    await send(quiet, slot + MINUTE, 500);
    await evaluateAlerts(t.db, new Date(slot + 2 * MINUTE));
    expect(await alertsOf(quiet.device.id)).toHaveLength(0);
  });
});

describe('offline alerts', () => {
  it('opens one when a watched device has sent nothing for its window, and closes when it sends again', async () => {
    const setup = await watchedDevice({ offlineAlert: true });
    const last = Date.now() - 6 * 60 * MINUTE;
    await send(setup, last, 40);
    // Within the window: nothing.
    await evaluateAlerts(t.db, new Date(last + OFFLINE_ALERT_AFTER_MS - MINUTE));
    expect(await alertsOf(setup.device.id)).toHaveLength(0);
    await evaluateAlerts(t.db, new Date(last + OFFLINE_ALERT_AFTER_MS + MINUTE));
    await evaluateAlerts(t.db, new Date(last + OFFLINE_ALERT_AFTER_MS + 2 * MINUTE));
    const open = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.deviceId, setup.device.id), eq(alerts.type, 'OFFLINE')));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ parameterId: null, endedAt: null });
    expect(open[0]!.startedAt.getTime()).toBe(last);

    const back = Date.now() - MINUTE;
    await send(setup, back, 41);
    await evaluateAlerts(t.db, new Date(back + MINUTE));
    const [closed] = await alertsOf(setup.device.id);
    expect(closed!.endedAt?.getTime()).toBe(back);
  });

  it('does not watch a device whose parameters do not ask for it', async () => {
    const setup = await watchedDevice();
    const last = Date.now() - 6 * 60 * MINUTE;
    await send(setup, last, 40);
    await evaluateAlerts(t.db, new Date(last + OFFLINE_ALERT_AFTER_MS + MINUTE));
    expect(await alertsOf(setup.device.id)).toHaveLength(0);
  });
});
