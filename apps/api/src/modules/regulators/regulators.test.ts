import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ACCOUNT_ID,
  REGULATOR_EXCLUDED_PARAMETER_ID,
  REGULATOR_MESSAGES,
  type Board,
  type RegulatorKeyFile,
  type RegulatorTenant,
} from '@vayu/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  boardTenants,
  deviceParams,
  monitoringPoints,
  regulatorKeyFiles,
  regulatorTenants,
} from '../../db/schema/index.js';
import { createAccount } from '../../seed/builders.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { createBoard, KEY_PAIR, keyUpload, mappedIndustry } from './regulators.test-support.js';

const SECRETS_KEY = randomBytes(32).toString('hex');

let t: TestContext;
let board: Board;
/** Every answer any caller of this file got: none may ever hold the private key. */
const answers: string[] = [];
let site: { call: (options: InjectOptions) => Promise<LightMyRequestResponse> };

const recording =
  (call: (options: InjectOptions) => Promise<LightMyRequestResponse>) => async (options: InjectOptions) => {
    const response = await call(options);
    answers.push(response.body);
    return response;
  };

beforeAll(async () => {
  t = await startTestApp({ secretsKey: SECRETS_KEY, jobConcurrency: 0 });
  const admin = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  site = { call: recording(admin.call) };
  ({ board } = await createBoard(t, site.call, 'https://cems.gpcb.example.in'));
});

/** The field details of an error answer. */
const detailsOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { details: { path: string; message: string }[] } }).error.details;

const PRIVATE_KEY_BODY = KEY_PAIR.privatePem.split('\n')[1]!;

describe('boards', () => {
  it('adds a board for a state once, tied to a board account of that state, and audits it', async () => {
    expect(board).toMatchObject({
      stateCode: 'GJ',
      stateName: 'Gujarat',
      config: {
        protocol: 'cpcb-v1',
        baseUrl: 'https://cems.gpcb.example.in',
        timeoutMs: 2000,
        pushEnabled: true,
      },
      accountCounts: { total: 0, live: 0, delayed: 0, offline: 0 },
      version: 1,
    });
    expect(await auditRowsFor(t.db, 'regulator_board', board.statId)).toHaveLength(1);

    const again = await site.call({
      method: 'POST',
      url: '/api/pcbConfiguration',
      payload: { name: 'Another GPCB', statutoryId: board.statutoryId, stateCode: 'GJ' },
    });
    expectError(again, 409, 'BOARD_EXISTS');
    expect(detailsOf(again)).toMatchObject([{ path: 'stateCode', message: REGULATOR_MESSAGES.boardExists }]);

    const otherState = await site.call({
      method: 'POST',
      url: '/api/pcbConfiguration',
      payload: { name: 'KSPCB', statutoryId: board.statutoryId, stateCode: 'KA' },
    });
    expectError(otherState, 422, 'BUSINESS_RULE');
    expect(detailsOf(otherState)).toMatchObject([{ path: 'statutoryId' }]);

    const states = await site.call({ method: 'GET', url: '/api/regulator/states' });
    const items = (states.json() as { items: { code: string; statId: number | null }[] }).items;
    expect(items.find((state) => state.code === 'GJ')?.statId).toBe(board.statId);
    expect(items.find((state) => state.code === 'KA')?.statId).toBeNull();
  });

  it('refuses a bad body with field details, and writes nothing', async () => {
    const response = await site.call({
      method: 'POST',
      url: '/api/pcbConfiguration',
      payload: {
        name: '',
        statutoryId: 'x',
        stateCode: 'ZZ',
        config: { baseUrl: 'ftp://board', timeoutMs: 5 },
      },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = detailsOf(response).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'statutoryId', 'stateCode', 'config.baseUrl', 'config.timeoutMs']),
    );
  });

  it('changes a board from the version the edit started from', async () => {
    const body = {
      name: board.name,
      statutoryId: board.statutoryId,
      stateCode: 'GJ',
      config: { ...board.config, timeoutMs: 2000 },
    };
    const saved = await site.call({
      method: 'PUT',
      url: `/api/pcbConfiguration/${board.statId}`,
      payload: { ...body, version: board.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: board.version + 1 });
    const stale = await site.call({
      method: 'PUT',
      url: `/api/pcbConfiguration/${board.statId}`,
      payload: { ...body, version: board.version },
    });
    expectError(stale, 409, 'STALE_VERSION');
    board = saved.json() as Board;
  });

  it('shows a board user their own board only; others may not keep boards', async () => {
    const officer = await clientFor(t, board.statutoryId, 'admin');
    const list = await officer.call({ method: 'GET', url: '/api/pcbConfiguration' });
    expect((list.json() as { items: Board[] }).items.map((b) => b.statId)).toEqual([board.statId]);

    const otherBoardAccount = await createAccount(t.db, {
      type: 'statutory',
      name: 'Other board',
      stateCode: 'KA',
    });
    const stranger = await clientFor(t, otherBoardAccount.id, 'admin');
    expect((await stranger.call({ method: 'GET', url: '/api/pcbConfiguration' })).json()).toEqual({
      items: [],
    });
    expectError(
      await stranger.call({ method: 'GET', url: `/api/pcbConfiguration/${board.statId}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await officer.call({ method: 'POST', url: '/api/pcbConfiguration', payload: { name: 'x' } }),
      403,
      'FORBIDDEN',
    );
    const partner = await factories(t.db).partner();
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    expectError(await partnerAdmin.call({ method: 'GET', url: '/api/pcbConfiguration' }), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/pcbConfiguration' }), 401, 'UNAUTHENTICATED');
  });

  it("gives catalogue parameters the board's ids, never the excluded parameter, and each once", async () => {
    const parameter = await deviceFactories(t.db).parameter();
    const url = `/api/pcbConfiguration/${board.statId}/parameters`;
    const created = await site.call({
      method: 'POST',
      url,
      payload: { parameterId: parameter.id, spcbParameterId: 'so2' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expectError(
      await site.call({
        method: 'POST',
        url,
        payload: { parameterId: parameter.id, spcbParameterId: 'so2-b' },
      }),
      409,
      'REGULATOR_MAPPING_EXISTS',
    );
    const excluded = await site.call({
      method: 'POST',
      url,
      payload: { parameterId: REGULATOR_EXCLUDED_PARAMETER_ID, spcbParameterId: 'x' },
    });
    expectError(excluded, 400, 'VALIDATION_FAILED');
    expect(detailsOf(excluded)).toMatchObject([
      { path: 'parameterId', message: REGULATOR_MESSAGES.parameterExcluded },
    ]);
    const listed = await site.call({ method: 'GET', url: `/api/getParametersByPcbConfigId/${board.statId}` });
    expect(listed.json()).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ spcbParameterId: 'so2' })]),
    });
    const id = (created.json() as { id: number }).id;
    expect((await site.call({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(200);
    expectError(await site.call({ method: 'DELETE', url: `${url}/${id}` }), 404, 'NOT_FOUND');
  });
});

describe('an industry at a board', () => {
  it('is mapped with its key kept encrypted (only its last characters shown) and can then be seen by the board user', async () => {
    const tenant = await factories(t.db).tenant();
    const response = await site.call({
      method: 'POST',
      url: `/api/pcbConfiguration/${board.statId}/tenants`,
      payload: {
        tenantId: tenant.id,
        spcbTenantId: 'GPCB-IND-77',
        authorizationKey: 'Secret-Board-Key-9f3c',
        nocNumber: 'GPCB/CTO/77',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain('Secret-Board-Key');
    const mapping = response.json() as RegulatorTenant;
    expect(mapping).toMatchObject({
      tenantId: tenant.id,
      spcbTenantId: 'GPCB-IND-77',
      authorizationKeyHint: '••••9f3c',
      keyStatus: 'not Yet',
      keyFiles: [],
    });
    const [row] = await t.db.select().from(regulatorTenants).where(eq(regulatorTenants.id, mapping.id));
    expect(row!.authorizationKeyEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(await auditRowsFor(t.db, 'regulator_tenant', mapping.id))).not.toContain(
      'Secret-Board-Key',
    );
    const visible = await t.db.select().from(boardTenants).where(eq(boardTenants.tenantId, tenant.id));
    expect(visible).toEqual([expect.objectContaining({ statutoryAccountId: board.statutoryId })]);

    expectError(
      await site.call({
        method: 'POST',
        url: `/api/pcbConfiguration/${board.statId}/tenants`,
        payload: { tenantId: tenant.id, spcbTenantId: 'again', authorizationKey: 'Another-Key-123' },
      }),
      409,
      'REGULATOR_TENANT_EXISTS',
    );
    const elsewhere = await createAccount(t.db, { type: 'tenant', name: 'Karnataka plant', stateCode: 'KA' });
    expectError(
      await site.call({
        method: 'POST',
        url: `/api/pcbConfiguration/${board.statId}/tenants`,
        payload: { tenantId: elsewhere.id, spcbTenantId: 'KA-1', authorizationKey: 'Another-Key-123' },
      }),
      422,
      'BUSINESS_RULE',
    );

    // An empty key on an edit keeps the stored one.
    const edited = await site.call({
      method: 'PUT',
      url: `/api/regulator/tenants/${mapping.id}`,
      payload: { spcbTenantId: 'GPCB-IND-78', authorizationKey: '', version: mapping.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      spcbTenantId: 'GPCB-IND-78',
      authorizationKeyHint: '••••9f3c',
      version: 2,
    });

    const removed = await site.call({
      method: 'DELETE',
      url: `/api/regulator/tenants/${mapping.id}?version=2`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.db.select().from(boardTenants).where(eq(boardTenants.tenantId, tenant.id))).toEqual([]);
  });

  it('takes key files only as .pem or .ppk holding a key of the kind chosen, and never answers the private key', async () => {
    const { mapping } = await mappedIndustry(t, site.call, board);
    const url = (kind: string) => `/api/regulator/tenants/${mapping.id}/keys/${kind}`;
    const refused = async (kind: string, name: string, text: string, message: string) => {
      const response = await site.call({ method: 'POST', url: url(kind), ...keyUpload(name, text) });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(detailsOf(response)).toMatchObject([{ path: 'file', message }]);
    };
    await refused('public', 'key.txt', KEY_PAIR.publicPem, REGULATOR_MESSAGES.keyExtension);
    await refused('public', 'key.pem', 'not a key at all', REGULATOR_MESSAGES.keyContent);
    await refused('public', 'key.pem', KEY_PAIR.privatePem, REGULATOR_MESSAGES.keyContent);
    await refused('private', 'key.pem', KEY_PAIR.publicPem, REGULATOR_MESSAGES.keyContent);
    await refused('server', 'key.ppk', '-----BEGIN PUBLIC KEY-----', REGULATOR_MESSAGES.keyContent);
    const ppk = await site.call({
      method: 'POST',
      url: url('user'),
      ...keyUpload('user.ppk', 'PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: gpcb\n'),
    });
    expect(ppk.statusCode, ppk.body).toBe(201);

    const stored = await site.call({ method: 'GET', url: `/api/pcbConfiguration/${board.statId}/tenants` });
    const listed = (stored.json() as { items: RegulatorTenant[] }).items.find((m) => m.id === mapping.id)!;
    const byKind = new Map(listed.keyFiles.map((file: RegulatorKeyFile) => [file.kind, file]));
    expect([...byKind.keys()]).toEqual(['public', 'private', 'user']);
    // The pair's halves show the same fingerprint.
    expect(byKind.get('private')!.fingerprint).toBe(byKind.get('public')!.fingerprint);

    expectError(await site.call({ method: 'GET', url: url('private') }), 404, 'NOT_FOUND');
    const publicKey = await site.call({ method: 'GET', url: url('public') });
    expect(publicKey.statusCode).toBe(200);
    expect(publicKey.body).toBe(KEY_PAIR.publicPem);
    const [row] = await t.db
      .select()
      .from(regulatorKeyFiles)
      .where(eq(regulatorKeyFiles.regulatorTenantId, mapping.id));
    expect(JSON.stringify(row)).not.toContain(PRIVATE_KEY_BODY);
    expect(JSON.stringify(await auditRowsFor(t.db, 'regulator_key', mapping.id))).not.toContain(
      PRIVATE_KEY_BODY,
    );
  });

  it('maps stations and device parameters once each, refuses a delete while in use, and removes a mapping once', async () => {
    const setup = await mappedIndustry(t, site.call, board);
    const stations = `/api/regulator/tenants/${setup.mapping.id}/stations`;
    expectError(
      await site.call({
        method: 'POST',
        url: stations,
        payload: { monitoringPointId: setup.point.id, spcbEntityId: 'STN-OTHER' },
      }),
      409,
      'STATION_EXISTS',
    );
    const otherPoint = await deviceFactories(t.db).monitoringPoint(setup.tenant.id, 'ETP Outlet');
    const taken = await site.call({
      method: 'POST',
      url: stations,
      payload: { monitoringPointId: otherPoint.id, spcbEntityId: setup.station.spcbEntityId },
    });
    expectError(taken, 409, 'STATION_EXISTS');
    expect(detailsOf(taken)).toMatchObject([{ path: 'spcbEntityId' }]);
    const strangerPoint = await deviceFactories(t.db).monitoringPoint((await factories(t.db).tenant()).id);
    expectError(
      await site.call({
        method: 'POST',
        url: stations,
        payload: { monitoringPointId: strangerPoint.id, spcbEntityId: 'X-1' },
      }),
      400,
      'VALIDATION_FAILED',
    );

    const renamed = await site.call({
      method: 'PUT',
      url: `/api/regulator/stations/${setup.station.id}`,
      payload: {
        monitoringPointId: setup.point.id,
        spcbEntityId: 'STN-RENAMED',
        version: setup.station.version,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ spcbEntityId: 'STN-RENAMED', version: 2 });

    const mapAgain = await site.call({
      method: 'POST',
      url: '/api/createPcbDevice',
      payload: {
        regulatorTenantId: setup.mapping.id,
        stationId: setup.station.id,
        deviceId: setup.device.id,
        parameterId: setup.parameter.id,
        unit: 'mg/Nm3',
        regulatorParameterId: setup.boardParameter.id,
        regulatorUnitId: setup.boardUnit.id,
        spcbDeviceId: 'DEV-AGAIN',
      },
    });
    expectError(mapAgain, 409, 'REGULATOR_MAPPING_EXISTS');
    expect(detailsOf(mapAgain)).toMatchObject([
      { path: 'parameterId', message: REGULATOR_MESSAGES.parameterMapped },
    ]);

    expectError(
      await site.call({ method: 'DELETE', url: `/api/regulator/stations/${setup.station.id}` }),
      409,
      'REGULATOR_MAPPING_IN_USE',
    );
    expectError(
      await site.call({ method: 'DELETE', url: `/api/regulator/tenants/${setup.mapping.id}` }),
      409,
      'REGULATOR_MAPPING_IN_USE',
    );
    const devices = await site.call({
      method: 'GET',
      url: `/api/regulator/tenants/${setup.mapping.id}/devices`,
    });
    expect(devices.json()).toMatchObject({
      items: [{ deviceId: setup.device.id, spcbEntityId: 'STN-RENAMED', spcbUnit: 'mg/Nm3' }],
    });

    expect(
      (await site.call({ method: 'DELETE', url: `/api/regulator/devices/${setup.mapped.id}` })).statusCode,
    ).toBe(200);
    expectError(
      await site.call({ method: 'DELETE', url: `/api/regulator/devices/${setup.mapped.id}` }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await auditRowsFor(t.db, 'regulator_device', setup.mapped.id)).map((row) => row.action).sort(),
    ).toEqual(['CREATE', 'DELETE']);
    expect(
      (await site.call({ method: 'DELETE', url: `/api/regulator/stations/${setup.station.id}` })).statusCode,
    ).toBe(200);
  });

  it("lists a state's industries with their freshness and counts, and a board's industries for its own users", async () => {
    const setup = await mappedIndustry(t, site.call, board);
    const state = await site.call({ method: 'GET', url: '/api/regulator/states/GJ/accounts?size=100' });
    expect(state.statusCode, state.body).toBe(200);
    const page = state.json() as {
      items: {
        tenantId: number;
        regulatorTenantId: number | null;
        freshness: string;
        keyStatus: string | null;
      }[];
      counts: { total: number; live: number; delayed: number; offline: number };
    };
    const row = page.items.find((item) => item.tenantId === setup.tenant.id);
    expect(row).toMatchObject({
      regulatorTenantId: setup.mapping.id,
      freshness: 'OFFLINE',
      keyStatus: 'not Yet',
    });
    expect(page.counts.total).toBeGreaterThanOrEqual(page.items.length);
    expect(page.counts.live + page.counts.delayed + page.counts.offline).toBe(page.counts.total);
    expectError(
      await site.call({ method: 'GET', url: '/api/regulator/states/ZZ/accounts' }),
      400,
      'VALIDATION_FAILED',
    );
    const unmapped = await site.call({
      method: 'GET',
      url: '/api/regulator/states/GJ/accounts?mapped=no&size=100',
    });
    const unmappedIds = (
      unmapped.json() as { items: { tenantId: number; regulatorTenantId: number | null }[] }
    ).items;
    expect(unmappedIds.map((item) => item.tenantId)).not.toContain(setup.tenant.id);
    expect(unmappedIds.every((item) => item.regulatorTenantId === null)).toBe(true);
    const byName = await site.call({
      method: 'GET',
      url: `/api/regulator/states/GJ/accounts?search=${encodeURIComponent(setup.tenant.name.slice(-6))}`,
    });
    expect((byName.json() as { items: { tenantId: number }[] }).items.map((item) => item.tenantId)).toEqual([
      setup.tenant.id,
    ]);

    const officer = await clientFor(t, board.statutoryId, 'user');
    const view = await officer.call({ method: 'GET', url: '/api/regulatoryView' });
    expect(view.statusCode, view.body).toBe(200);
    const industries = (view.json() as { items: { tenantId: number; deliveredShare24h: number | null }[] })
      .items;
    expect(industries.map((item) => item.tenantId)).toContain(setup.tenant.id);
    const offline = await officer.call({ method: 'GET', url: '/api/regulatoryView?freshness=LIVE' });
    expect(
      (offline.json() as { items: { tenantId: number }[] }).items.map((item) => item.tenantId),
    ).not.toContain(setup.tenant.id);
    expectError(await site.call({ method: 'GET', url: '/api/regulatoryView' }), 400, 'VALIDATION_FAILED');
    expect(
      (await site.call({ method: 'GET', url: `/api/regulatoryView?statId=${board.statId}` })).statusCode,
    ).toBe(200);
  });

  it('maps a device at one station with one board id for all its parameters', async () => {
    const setup = await mappedIndustry(t, site.call, board);
    const second = await deviceFactories(t.db).parameter();
    await t.db.insert(deviceParams).values({
      deviceId: setup.device.id,
      tenantId: setup.tenant.id,
      parameterId: second.id,
      unit: 'mg/Nm3',
    });
    const boardParameter = await site.call({
      method: 'POST',
      url: `/api/pcbConfiguration/${board.statId}/parameters`,
      payload: { parameterId: second.id, spcbParameterId: `nox-${randomBytes(3).toString('hex')}` },
    });
    const body = {
      regulatorTenantId: setup.mapping.id,
      stationId: setup.station.id,
      deviceId: setup.device.id,
      parameterId: second.id,
      unit: 'mg/Nm3',
      regulatorParameterId: (boardParameter.json() as { id: number }).id,
      regulatorUnitId: setup.boardUnit.id,
      spcbDeviceId: 'ANOTHER-ID',
    };
    const otherId = await site.call({ method: 'POST', url: '/api/createPcbDevice', payload: body });
    expectError(otherId, 400, 'VALIDATION_FAILED');
    expect(detailsOf(otherId)).toMatchObject([{ path: 'spcbDeviceId' }]);
    const same = await site.call({
      method: 'POST',
      url: '/api/createPcbDevice',
      payload: { ...body, spcbDeviceId: setup.mapped.spcbDeviceId },
    });
    expect(same.statusCode, same.body).toBe(201);
  });

  it('shows ground water points with their CGWA NOC: every one to the platform, those under the board to its users', async () => {
    const setup = await mappedIndustry(t, site.call, board);
    const stranger = await factories(t.db).tenant();
    const point = async (tenantId: number, name: string, noc: string) =>
      (
        await t.db
          .insert(monitoringPoints)
          .values({
            tenantId,
            name,
            entityType: 'ground water',
            properties: { borewellDepth: 120, abstractionLimit: 450, cgwaNocNumber: noc },
          })
          .returning()
      )[0]!;
    const mine = await point(setup.tenant.id, 'Piezometer P-1', 'CGWA/NOC/IND/2024/1187');
    const theirs = await point(stranger.id, 'Piezometer P-2', 'CGWA/NOC/IND/2023/0042');

    const all = await site.call({ method: 'GET', url: '/api/regulatoryView/groundWater?size=100' });
    expect(all.statusCode, all.body).toBe(200);
    const ids = (all.json() as { items: { monitoringPointId: number }[] }).items.map(
      (item) => item.monitoringPointId,
    );
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const officer = await clientFor(t, board.statutoryId, 'user');
    const own = await officer.call({ method: 'GET', url: '/api/regulatoryView/groundWater' });
    const items = (own.json() as { items: { monitoringPointId: number }[] }).items;
    expect(items.map((item) => item.monitoringPointId)).toEqual([mine.id]);
    expect(items[0]).toMatchObject({
      cgwaNocNumber: 'CGWA/NOC/IND/2024/1187',
      abstractionLimit: 450,
      borewellDepth: 120,
      freshness: 'OFFLINE',
      lastDataAt: null,
    });
  });

  it('answers no endpoint with the private key', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) expect(body).not.toContain(PRIVATE_KEY_BODY);
  });
});
