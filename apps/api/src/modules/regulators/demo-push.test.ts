import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ACCOUNT_ID,
  PUSH_SLOT_MS,
  slotStartOf,
  type BoardParameter,
  type BoardUnit,
  type RegulatorDevice,
  type RegulatorTenant,
  type Station,
} from '@vayu/domain';
import { startBoardStandIn } from '../../board-stand-in/stand-in.js';
import { readings15m, regulatorPushes, regulatorTenants } from '../../db/schema/index.js';
import { createSecrets } from '../../lib/secrets.js';
import { seedDemoReadings } from '../../seed/readings.js';
import { demoPlants } from '../../test/demo-plant.js';
import { closeAfterFile, startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { pushDue } from './push.js';
import { createBoard, KEY_PAIR, keyUpload } from './regulators.test-support.js';

const SECRETS_KEY = randomBytes(32).toString('hex');
const HOUR = 60 * 60 * 1000;

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp({ secretsKey: SECRETS_KEY, jobConcurrency: 0 });
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

async function ok<T>(request: Parameters<typeof site.call>[0], status = 200): Promise<T> {
  const response = await site.call(request);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

describe('the simulator’s readings reach the board', () => {
  it('each 15-minute slot the demo analyser sent arrives at the board once, signed, in the board’s ids and units', async () => {
    const now = new Date();
    const clock = () => now;
    const standIn = await startBoardStandIn({ registry: { industries: [] }, now: clock });
    closeAfterFile(() => standIn.close());
    const { board } = await createBoard(t, site.call, standIn.url);

    // A demo plant (gas analyser at a stack, SO2 sent in ppm, O2 in %) with the simulator's week of readings.
    const plant = await demoPlants(t.db).plant();
    await seedDemoReadings(t.db, now.getTime());

    const authorizationKey = `gpcb-${randomBytes(8).toString('hex')}`;
    const mapping = await ok<RegulatorTenant>(
      {
        method: 'POST',
        url: `/api/pcbConfiguration/${board.statId}/tenants`,
        payload: { tenantId: plant.tenant.id, spcbTenantId: 'GPCB-DEMO-1', authorizationKey },
      },
      201,
    );
    await ok(
      {
        method: 'POST',
        url: `/api/regulator/tenants/${mapping.id}/keys/private`,
        ...keyUpload('p.pem', KEY_PAIR.privatePem),
      },
      201,
    );
    const station = await ok<Station>(
      {
        method: 'POST',
        url: `/api/regulator/tenants/${mapping.id}/stations`,
        payload: { monitoringPointId: plant.point.id, spcbEntityId: 'GPCB-STN-1' },
      },
      201,
    );
    const mapParameter = async (
      parameterId: number,
      spcbParameterId: string,
      unit: string,
      spcbUnit: string,
    ) => {
      const boardParameter = await ok<BoardParameter>(
        {
          method: 'POST',
          url: `/api/pcbConfiguration/${board.statId}/parameters`,
          payload: { parameterId, spcbParameterId },
        },
        201,
      );
      const boardUnit = await ok<BoardUnit>(
        { method: 'POST', url: `/api/pcbConfiguration/${board.statId}/units`, payload: { unit, spcbUnit } },
        201,
      );
      return ok<RegulatorDevice>(
        {
          method: 'POST',
          url: '/api/createPcbDevice',
          payload: {
            regulatorTenantId: mapping.id,
            stationId: station.id,
            deviceId: plant.device.id,
            parameterId,
            unit,
            regulatorParameterId: boardParameter.id,
            regulatorUnitId: boardUnit.id,
            spcbDeviceId: 'GPCB-DEV-1',
          },
        },
        201,
      );
    };
    await mapParameter(plant.so2.id, 'so2', 'mg/Nm3', 'mg/m3 (NTP)');
    await mapParameter(plant.o2.id, 'o2', '%', 'percent');
    // The industry scheduled the analyser's zero checks with the board (the simulation marks their
    // slots as calibration): the board takes those slots, flagged, inside their windows.
    const zeroChecks = await t.db
      .selectDistinct({ slot: readings15m.slot })
      .from(readings15m)
      .where(and(eq(readings15m.deviceId, plant.device.id), eq(readings15m.otherProvenance, 'calibration')));
    standIn.register({
      industryId: 'GPCB-DEMO-1',
      authorizationKey,
      publicKeyPem: KEY_PAIR.publicPem,
      devices: [
        {
          deviceId: 'GPCB-DEV-1',
          stationId: 'GPCB-STN-1',
          parameters: [
            { parameter: 'so2', unit: 'mg/m3 (NTP)' },
            { parameter: 'o2', unit: 'percent' },
          ],
          calibrations: zeroChecks.map(({ slot }) => ({
            from: slot.toISOString(),
            to: new Date(slot.getTime() + PUSH_SLOT_MS).toISOString(),
          })),
        },
      ],
    });

    // The last six hours are pushed.
    const from = slotStartOf(now.getTime() - 6 * HOUR);
    await t.db.update(regulatorTenants).set({ nextSlot: from }).where(eq(regulatorTenants.id, mapping.id));
    const deps = {
      db: t.db,
      secrets: createSecrets({ secretsKey: SECRETS_KEY, dataDir: undefined as never }),
    };
    let result = await pushDue(deps, mapping.id, now, 100);
    while (result.status === 'more') result = await pushDue(deps, mapping.id, now, 100);
    expect(result.status).toBe('done');

    // What the rollup holds of the analyser's slots in that window: what the board must have, no more.
    const lastReady = result.status === 'done' ? result.nextSlot.getTime() - PUSH_SLOT_MS : 0;
    const rolled = await t.db
      .select()
      .from(readings15m)
      .where(
        and(
          eq(readings15m.deviceId, plant.device.id),
          gte(readings15m.slot, from),
          lte(readings15m.slot, new Date(lastReady)),
        ),
      );
    const so2BySlot = new Map(
      rolled
        .filter((row) => row.parameterId === plant.so2.id)
        .map((row) => [row.slot.getTime(), row.sum / row.count]),
    );
    expect(so2BySlot.size).toBeGreaterThan(10);

    const received = standIn.received;
    expect(received.map((push) => push.timestamp)).toEqual([...so2BySlot.keys()].sort((a, b) => a - b));
    expect(new Set(received.map((push) => push.timestamp)).size).toBe(received.length);
    for (const push of received) {
      expect(push).toMatchObject({ stationId: 'GPCB-STN-1', deviceId: 'GPCB-DEV-1' });
      const so2 = push.params.find((param) => param.parameter === 'so2')!;
      expect(so2.unit).toBe('mg/m3 (NTP)');
      expect(so2.value).toBeCloseTo(so2BySlot.get(push.timestamp)!, 9);
      expect(push.params.find((param) => param.parameter === 'o2')?.unit).toBe('percent');
    }
    // Every request was signed with the industry's key: the stand-in verified each one.
    expect(standIn.attempts.every((attempt) => attempt.status === 1)).toBe(true);

    // The slots the analyser was silent in (the simulation's gaps) are recorded as no data, not sent.
    const ledger = await t.db
      .select()
      .from(regulatorPushes)
      .where(eq(regulatorPushes.regulatorTenantId, mapping.id));
    const slotsInWindow = (lastReady - from.getTime()) / PUSH_SLOT_MS + 1;
    expect(ledger).toHaveLength(slotsInWindow);
    expect(ledger.filter((row) => row.state === 'delivered')).toHaveLength(received.length);
    expect(ledger.filter((row) => row.state === 'no_data')).toHaveLength(slotsInWindow - received.length);
  });
});
