import { and, eq, inArray } from 'drizzle-orm';
import { authTokenHintOf, authTokenTail, slotStartOf } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import {
  accounts,
  devices,
  monitoringPoints,
  parameters,
  regulatorBoards,
  regulatorDevices,
  regulatorKeyFiles,
  regulatorParameters,
  regulatorStations,
  regulatorTenants,
  regulatorUnits,
} from '../db/schema/index.js';
import type { Secrets } from '../lib/secrets.js';
import { checkKeyFile } from '../modules/regulators/key-files.js';
import { DEMO_BOARD, DEMO_BOARD_URL, DEMO_PRIVATE_KEY_PEM, DEMO_PUBLIC_KEY_PEM } from './demo-board.js';

/** How far back the demo's push starts: a couple of hours, so the stand-in has slots at once. */
const DEMO_PUSH_FROM_MS = 2 * 60 * 60 * 1000;

/**
 * The demo's board (demo-board.ts): MPCB tied to the demo board account, its
 * parameter and unit ids, Deccan Cement Works mapped with its key pair, its
 * kiln stack as a station and the stack's analysers' parameters. Runs after
 * the demo devices.
 */
export async function seedDemoRegulator(
  tx: Executor,
  secrets: Secrets,
  statutoryAccountId: number,
  now = new Date(),
) {
  const [board] = await tx
    .insert(regulatorBoards)
    .values({
      name: DEMO_BOARD.name,
      statutoryAccountId,
      stateCode: DEMO_BOARD.stateCode,
      config: { protocol: 'cpcb-v1', baseUrl: DEMO_BOARD_URL, timeoutMs: 30_000, pushEnabled: true },
    })
    .returning({ id: regulatorBoards.id });
  const boardId = board!.id;

  const labels = DEMO_BOARD.parameters.map((parameter) => parameter.label);
  const catalogue = await tx
    .select({ id: parameters.id, label: parameters.label })
    .from(parameters)
    .where(inArray(parameters.label, labels));
  const parameterIds = new Map(catalogue.map((row) => [row.label, row.id]));
  const boardParameters = new Map<string, number>();
  for (const parameter of DEMO_BOARD.parameters) {
    const id = parameterIds.get(parameter.label);
    if (id === undefined) continue;
    const [row] = await tx
      .insert(regulatorParameters)
      .values({ boardId, parameterId: id, spcbParameterId: parameter.spcbParameterId })
      .returning({ id: regulatorParameters.id });
    boardParameters.set(parameter.label, row!.id);
  }
  const boardUnits = new Map<string, number>();
  for (const unit of DEMO_BOARD.units) {
    const [row] = await tx
      .insert(regulatorUnits)
      .values({ boardId, unit: unit.unit, spcbUnit: unit.spcbUnit })
      .returning({ id: regulatorUnits.id });
    boardUnits.set(unit.unit, row!.id);
  }

  const { industry } = DEMO_BOARD;
  const [tenant] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.name, industry.name), eq(accounts.type, 'tenant')))
    .limit(1);
  if (!tenant) return;
  const [mapping] = await tx
    .insert(regulatorTenants)
    .values({
      boardId,
      tenantId: tenant.id,
      spcbTenantId: industry.spcbTenantId,
      authorizationKeyEncrypted: await secrets.encrypt(industry.authorizationKey),
      authorizationKeyHint: authTokenHintOf(authTokenTail(industry.authorizationKey)),
      nocNumber: industry.nocNumber,
      nextSlot: slotStartOf(now.getTime() - DEMO_PUSH_FROM_MS),
    })
    .returning({ id: regulatorTenants.id });
  const regulatorTenantId = mapping!.id;

  for (const [kind, pem, fileName] of [
    ['public', DEMO_PUBLIC_KEY_PEM, 'deccan-cement-mpcb-public.pem'],
    ['private', DEMO_PRIVATE_KEY_PEM, 'deccan-cement-mpcb-private.pem'],
  ] as const) {
    const checked = checkKeyFile(kind, fileName, Buffer.from(pem));
    if (!checked.ok) throw new Error(`The demo ${kind} key is not a key: ${checked.message}`);
    await tx.insert(regulatorKeyFiles).values({
      regulatorTenantId,
      kind,
      fileName,
      fingerprint: checked.file.fingerprint,
      content: kind === 'private' ? null : pem,
      contentEncrypted: kind === 'private' ? await secrets.encrypt(pem) : null,
    });
  }

  for (const station of industry.stations) {
    const [point] = await tx
      .select({ id: monitoringPoints.id })
      .from(monitoringPoints)
      .where(and(eq(monitoringPoints.tenantId, tenant.id), eq(monitoringPoints.name, station.point)))
      .limit(1);
    if (!point) continue;
    const [stationRow] = await tx
      .insert(regulatorStations)
      .values({
        regulatorTenantId,
        tenantId: tenant.id,
        monitoringPointId: point.id,
        spcbEntityId: station.spcbEntityId,
      })
      .returning({ id: regulatorStations.id });
    for (const device of station.devices) {
      const [deviceRow] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.tenantId, tenant.id), eq(devices.name, device.device)))
        .limit(1);
      if (!deviceRow) continue;
      for (const parameter of device.parameters) {
        const parameterId = parameterIds.get(parameter.label);
        const regulatorParameterId = boardParameters.get(parameter.label);
        const regulatorUnitId = boardUnits.get(parameter.unit);
        if (
          parameterId === undefined ||
          regulatorParameterId === undefined ||
          regulatorUnitId === undefined
        ) {
          continue;
        }
        await tx.insert(regulatorDevices).values({
          regulatorTenantId,
          tenantId: tenant.id,
          stationId: stationRow!.id,
          deviceId: deviceRow.id,
          parameterId,
          unit: parameter.unit,
          regulatorParameterId,
          regulatorUnitId,
          spcbDeviceId: device.spcbDeviceId,
        });
      }
    }
  }
}
