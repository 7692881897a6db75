import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type {
  Board,
  BoardParameter,
  BoardUnit,
  RegulatorDevice,
  RegulatorTenant,
  Station,
} from '@vayu/domain';
import { createAccount } from '../../seed/builders.js';
import { deviceFactories } from '../../test/device-factories.js';
import { factories } from '../../test/factories.js';
import type { TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import type { RegistryIndustry } from '../../board-stand-in/registry.js';

type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const unique = () => randomBytes(4).toString('hex');

/** One RSA key pair per test file (making one takes a moment). */
export const KEY_PAIR = (() => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
})();

export const keyUpload = (filename: string, text: string | Buffer) =>
  multipart({}, [
    {
      field: 'file',
      filename,
      contentType: 'application/x-pem-file',
      data: Buffer.isBuffer(text) ? text : Buffer.from(text),
    },
  ]);

async function ok<T>(call: ReturnType<Caller>, status = 200): Promise<T> {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** A board of Gujarat (where the factories' industries are) tied to a new board account of the state. */
export async function createBoard(t: TestContext, call: Caller, baseUrl: string | null = null) {
  const statutory = await createAccount(t.db, {
    type: 'statutory',
    name: `Gujarat Pollution Control Board ${unique()}`,
    stateCode: 'GJ',
  });
  // One board a state: a board made by an earlier test of the file gives way.
  const board = await ok<Board>(
    call({
      method: 'POST',
      url: '/api/pcbConfiguration',
      payload: {
        name: `GPCB OCEMS ${unique()}`,
        statutoryId: statutory.id,
        stateCode: 'GJ',
        config: { protocol: 'cpcb-v1', baseUrl, timeoutMs: 2000, pushEnabled: true },
      },
    }),
    201,
  );
  return { board, statutory };
}

/**
 * An industry mapped to `board` with its keys, one station, one device whose
 * parameter is mapped to the board's ids: everything a push needs.
 */
export async function mappedIndustry(t: TestContext, call: Caller, board: Board) {
  const make = factories(t.db);
  const tenant = await make.tenant();
  const point = await deviceFactories(t.db).monitoringPoint(tenant.id, 'Kiln Stack 1');
  const { device, parameter } = await deviceFactories(t.db).device(tenant.id, {
    monitoringPointId: point.id,
  });
  const authorizationKey = `auth-${unique()}-${unique()}`;
  const mapping = await ok<RegulatorTenant>(
    call({
      method: 'POST',
      url: `/api/pcbConfiguration/${board.statId}/tenants`,
      payload: { tenantId: tenant.id, spcbTenantId: `GPCB-IND-${unique()}`, authorizationKey },
    }),
    201,
  );
  for (const [kind, pem] of [
    ['private', KEY_PAIR.privatePem],
    ['public', KEY_PAIR.publicPem],
  ] as const) {
    await ok(
      call({
        method: 'POST',
        url: `/api/regulator/tenants/${mapping.id}/keys/${kind}`,
        ...keyUpload(`${kind}.pem`, pem),
      }),
      201,
    );
  }
  const station = await ok<Station>(
    call({
      method: 'POST',
      url: `/api/regulator/tenants/${mapping.id}/stations`,
      payload: { monitoringPointId: point.id, spcbEntityId: `STN-${unique()}` },
    }),
    201,
  );
  const boardParameter = await ok<BoardParameter>(
    call({
      method: 'POST',
      url: `/api/pcbConfiguration/${board.statId}/parameters`,
      payload: { parameterId: parameter.id, spcbParameterId: `so2-${unique()}` },
    }),
    201,
  );
  const units = await ok<{ items: BoardUnit[] }>(
    call({ method: 'GET', url: `/api/pcbConfiguration/${board.statId}/units` }),
  );
  const boardUnit =
    units.items.find((unit) => unit.unit === 'mg/Nm3') ??
    (await ok<BoardUnit>(
      call({
        method: 'POST',
        url: `/api/pcbConfiguration/${board.statId}/units`,
        payload: { unit: 'mg/Nm3', spcbUnit: 'mg/Nm3' },
      }),
      201,
    ));
  const mapped = await ok<RegulatorDevice>(
    call({
      method: 'POST',
      url: '/api/createPcbDevice',
      payload: {
        regulatorTenantId: mapping.id,
        stationId: station.id,
        deviceId: device.id,
        parameterId: parameter.id,
        unit: 'mg/Nm3',
        regulatorParameterId: boardParameter.id,
        regulatorUnitId: boardUnit.id,
        spcbDeviceId: `DEV-${unique()}`,
      },
    }),
    201,
  );
  const registry: RegistryIndustry = {
    industryId: mapping.spcbTenantId,
    authorizationKey,
    publicKeyPem: KEY_PAIR.publicPem,
    devices: [
      {
        deviceId: mapped.spcbDeviceId,
        stationId: station.spcbEntityId,
        parameters: [{ parameter: boardParameter.spcbParameterId, unit: boardUnit.spcbUnit }],
      },
    ],
  };
  return { tenant, point, device, parameter, mapping, station, boardParameter, boardUnit, mapped, registry };
}
