import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type Device, type DeviceSummary, type Page, type Usage } from '@vayu/domain';
import { deviceParams, devices, parameters } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let build: ReturnType<typeof deviceFactories>;
let site: Awaited<ReturnType<typeof clientFor>>;
/** Catalogue parameters and models shared by the tests (names unique per run). */
let so2: { id: number; label: string };
let nox: { id: number; label: string };
let flow: { id: number; label: string };
let analyserModelId: number;
let calibratorModelId: number;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  build = deviceFactories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  so2 = await build.parameter(`SO2 ${unique()}`);
  // NOx is one catalogue parameter: the one there is, or a new one.
  const [existingNox] = await t.db
    .select({ id: parameters.id, label: parameters.label })
    .from(parameters)
    .where(and(eq(parameters.name, 'nox'), ne(parameters.status, 'DELETED')));
  nox = existingNox ?? (await build.parameter('NOx'));
  flow = await build.parameter(`Stack Flow ${unique()}`, { isCounter: true });
  analyserModelId = (await build.model('Analyser')).model.id;
  calibratorModelId = (await build.model('Calibrator')).model.id;
});

const unique = () => randomBytes(4).toString('hex');
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: CONSOLE_HEADERS });

/** An industry with a monitoring point and its admin. */
async function industry() {
  const tenant = await make.tenant();
  const point = await build.monitoringPoint(tenant.id, 'Kiln Stack 1');
  const admin = await clientFor(t, tenant.id, 'admin');
  return { tenant, point, admin };
}

function deviceBody(tenantId: number, monitoringPointId: number, overrides: Record<string, unknown> = {}) {
  return {
    tenantId,
    name: `  CEMS Analyser ${unique()}  `,
    serialNumber: `SN-${unique()}`,
    dataFrequency: 15,
    monitoringPointId,
    modelId: analyserModelId,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: so2.id, unit: 'mg/Nm3', cpcbUnit: 'mg/Nm3' }],
    ...overrides,
  };
}

async function createDevice(
  call: (o: InjectOptions) => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  body: Record<string, unknown>,
) {
  const response = await call({ method: 'POST', url: '/api/devices', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Device;
}

const detailsOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { details?: { path: string; message: string }[] } }).error.details ?? [];

describe('devices', () => {
  it('adds a device with its parameter rows, trimmed, audited, and lists it for its industry', async () => {
    const { tenant, point, admin } = await industry();
    const device = await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        name: '  Kiln CEMS  ',
        certified: true,
        certification: 'TUV',
        calibratorModelId,
        params: [
          { parameterId: so2.id, unit: 'mg/Nm3', cpcbUnit: 'mg/Nm3', spcbUnit: 'ppm', offlineAlert: true },
          { parameterId: flow.id, unit: 'm3/h', isCounter: true, max: 999999 },
        ],
      }),
    );
    expect(device).toMatchObject({
      name: 'Kiln CEMS',
      tenant: { id: tenant.id },
      monitoringPoint: { id: point.id, name: 'Kiln Stack 1', entityType: 'stack' },
      certified: true,
      certification: 'TUV',
      calibratorModel: { id: calibratorModelId },
      status: 'ENABLED',
      version: 1,
    });
    expect(device.params.map((p) => [p.parameter.id, p.unit, p.isCounter, p.max, p.offlineAlert])).toEqual([
      [so2.id, 'mg/Nm3', false, null, true],
      [flow.id, 'm3/h', true, 999999, false],
    ]);
    const [audit] = await auditRowsFor(t.db, 'device', device.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id });
    expect((audit!.newValue as { params: unknown[] }).params).toHaveLength(2);

    const list = await admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}` });
    expect(list.statusCode).toBe(200);
    const page = list.json() as Page<DeviceSummary>;
    expect(page.items.map((d) => [d.name, d.parameterCount, d.monitoringPoint.name])).toEqual([
      ['Kiln CEMS', 2, 'Kiln Stack 1'],
    ]);
    expect(page).toMatchObject({ total: 1, totalKind: 'exact', page: 1 });

    const got = await admin.call({ method: 'GET', url: `/api/devices/${device.id}` });
    expect(got.json()).toEqual(device);
  });

  it('pages and searches by name, serial number or tag in SQL', async () => {
    const { tenant, point, admin } = await industry();
    for (const [name, serialNumber, tag] of [
      ['Alpha', 'AX-100', 'boiler'],
      ['Bravo', 'BX-200', null],
      ['Charlie', 'CX-300', 'kiln'],
    ] as const) {
      await createDevice(admin.call, deviceBody(tenant.id, point.id, { name, serialNumber, tag }));
    }
    const names = async (query: string) =>
      (
        (
          await admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}&${query}` })
        ).json() as Page<DeviceSummary>
      ).items.map((d) => d.name);
    expect(await names('pageSize=2')).toEqual(['Alpha', 'Bravo']);
    expect(await names('pageSize=2&page=2')).toEqual(['Charlie']);
    expect(await names('search=bx-2')).toEqual(['Bravo']);
    expect(await names('search=x-&pageSize=2&page=2')).toEqual(['Charlie']);
    const searched = (
      await admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}&search=x-&pageSize=2` })
    ).json() as Page<DeviceSummary>;
    expect(searched).toMatchObject({ total: 3, totalKind: 'exact', pageCount: 2 });
    expect(await names('search=KILN')).toEqual(['Charlie']);
    expect(await names('search=50%25')).toEqual([]);
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const { tenant, point, admin } = await industry();
    const bad = await admin.call({
      method: 'POST',
      url: '/api/devices',
      payload: deviceBody(tenant.id, point.id, {
        name: '',
        dataFrequency: 7,
        dataUploadMethod: 'FTP',
        noRatio: 3,
      }),
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      detailsOf(bad)
        .map((d) => d.path)
        .sort(),
    ).toEqual(['dataFrequency', 'dataUploadMethod', 'name', 'noRatio']);
    const certified = await admin.call({
      method: 'POST',
      url: '/api/devices',
      payload: deviceBody(tenant.id, point.id, { certified: true, certification: 'None' }),
    });
    expectError(certified, 400, 'VALIDATION_FAILED');
    expect(detailsOf(certified)[0]?.path).toBe('certification');
    const stored = await t.db.select().from(devices).where(eq(devices.tenantId, tenant.id));
    expect(stored).toEqual([]);
  });

  it('checks each rule of spec §5 and the references, naming the field', async () => {
    const { tenant, point, admin } = await industry();
    const other = await industry();
    const refused = async (overrides: Record<string, unknown>) => {
      const response = await admin.call({
        method: 'POST',
        url: '/api/devices',
        payload: deviceBody(tenant.id, point.id, overrides),
      });
      expectError(response, 422, 'DEVICE_RULES');
      return detailsOf(response).map((d) => `${d.path}: ${d.message}`);
    };
    expect(await refused({ params: [{ parameterId: so2.id, unit: 'mg/Nm3', enabled: false }] })).toEqual([
      'params: Please enable at least one parameter for monitoring.',
    ]);
    expect(await refused({ params: [{ parameterId: so2.id }] })).toEqual([
      `params.0.unit: Please select a unit for '${so2.label}' Parameter`,
    ]);
    expect(await refused({ params: [{ parameterId: flow.id, unit: 'm3/h', isCounter: true }] })).toEqual([
      `params.0.max: Please enter a max value for '${flow.label}' Parameter`,
    ]);
    expect(
      await refused({
        params: [
          { parameterId: so2.id, unit: 'mg/Nm3', sensorId: 'S1' },
          { parameterId: flow.id, unit: 'm3/h', sensorId: 's1' },
        ],
      }),
    ).toEqual(['params.1.sensorId: This sensor id is used by another parameter of this device']);
    // NOx with NDIR: type and ratios required, and they must add up to 100.
    const noxRow = { parameterId: nox.id, unit: 'mg/Nm3' };
    expect(await refused({ params: [noxRow], isNdirEnabled: true })).toEqual([
      'ndirType: Choose the analyser type for NOx',
      'noRatio: This field is required',
      'no2Ratio: This field is required',
    ]);
    expect(
      await refused({
        params: [noxRow],
        isNdirEnabled: true,
        ndirType: 'NDIR',
        noRatio: 0.1,
        no2Ratio: 0.95,
      }),
    ).toEqual(['no2Ratio: The NO and NO2 ratios must add up to 100']);
    // References: the point of another industry, a calibrator model as the analyser, an unknown unit.
    expect(
      await refused({
        monitoringPointId: other.point.id,
        modelId: calibratorModelId,
        params: [{ parameterId: so2.id, unit: 'furlongs' }],
      }),
    ).toEqual([
      'monitoringPointId: Choose a monitoring point of this industry',
      'modelId: Choose a model of an analyser make',
      'params.0.unit: Choose a unit of the list',
    ]);
    // Valid NDIR settings are kept as the fractions sent.
    const saved = await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        params: [noxRow],
        isNdirEnabled: true,
        noxConversion: 'NO',
        ndirType: 'NDIR',
        noRatio: 0.05,
        no2Ratio: 0.95,
      }),
    );
    expect([saved.ndirType, saved.noRatio, saved.no2Ratio]).toEqual(['NDIR', 0.05, 0.95]);
    expect((await t.db.select().from(devices).where(eq(devices.tenantId, tenant.id))).length).toBe(1);
  });

  it('asks for sensor ids when another device of the industry has the serial number, unless it has #', async () => {
    const { tenant, point, admin } = await industry();
    const serialNumber = `MULTI-${unique()}`;
    const first = await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        serialNumber,
        params: [{ parameterId: so2.id, unit: 'mg/Nm3', sensorId: 'CH-1' }],
      }),
    );
    const check = await admin.call({
      method: 'POST',
      url: '/api/checkSNoAvailability',
      payload: { newSNo: serialNumber, tenantId: tenant.id },
    });
    expectError(check, 409, 'SERIAL_NUMBER_TAKEN');
    expect((check.json() as { error: { params: unknown } }).error.params).toEqual({
      forbidden: false,
      sensorIdRequired: true,
    });
    const own = await admin.call({
      method: 'POST',
      url: '/api/checkSNoAvailability',
      payload: { newSNo: serialNumber, tenantId: tenant.id, deviceId: first.id },
    });
    expect(own.json()).toEqual({ available: true, forbidden: false, sensorIdRequired: false });

    const second = (overrides: Record<string, unknown>) =>
      admin.call({
        method: 'POST',
        url: '/api/devices',
        payload: deviceBody(tenant.id, point.id, { serialNumber, ...overrides }),
      });
    const missing = await second({});
    expectError(missing, 422, 'DEVICE_RULES');
    expect(detailsOf(missing).map((d) => d.path)).toEqual(['params.0.sensorId']);
    const taken = await second({ params: [{ parameterId: so2.id, unit: 'mg/Nm3', sensorId: 'ch-1' }] });
    expect(detailsOf(taken).map((d) => d.message)).toEqual([
      'This sensor id is already used by another device with this serial number',
    ]);
    const sid = (sensorId: string) =>
      admin.call({
        method: 'POST',
        url: '/api/checkSIdAvailability',
        payload: { serialNo: serialNumber, sensorId, tenantId: tenant.id },
      });
    expect((await sid('CH-1')).json()).toEqual({ available: false });
    expect((await sid('CH-2')).json()).toEqual({ available: true });
    const secondDevice = await createDevice(admin.call, {
      ...deviceBody(tenant.id, point.id, { serialNumber }),
      params: [{ parameterId: so2.id, unit: 'mg/Nm3', sensorId: 'CH-2' }],
    });
    expect(
      (await admin.call({ method: 'GET', url: `/api/sidRequiredForDevice/${secondDevice.id}` })).json(),
    ).toEqual({ sensorIdRequired: true });

    // A # in the serial number: no sensor ids needed.
    const hashed = `HASH#${unique()}`;
    await createDevice(admin.call, deviceBody(tenant.id, point.id, { serialNumber: hashed }));
    const third = await createDevice(admin.call, deviceBody(tenant.id, point.id, { serialNumber: hashed }));
    expect(
      (await admin.call({ method: 'GET', url: `/api/sidRequiredForDevice/${third.id}` })).json(),
    ).toEqual({ sensorIdRequired: false });
  });

  it("forbids a serial number another industry's device has", async () => {
    const one = await industry();
    const two = await industry();
    const serialNumber = `ONE-PLANT-${unique()}`;
    await createDevice(one.admin.call, deviceBody(one.tenant.id, one.point.id, { serialNumber }));
    const check = await two.admin.call({
      method: 'POST',
      url: '/api/checkSNoAvailability',
      payload: { newSNo: serialNumber.toLowerCase(), tenantId: two.tenant.id },
    });
    expectError(check, 409, 'SERIAL_NUMBER_TAKEN');
    expect((check.json() as { error: { params: unknown } }).error.params).toEqual({
      forbidden: true,
      sensorIdRequired: false,
    });
    const refused = await two.admin.call({
      method: 'POST',
      url: '/api/devices',
      payload: deviceBody(two.tenant.id, two.point.id, { serialNumber }),
    });
    expectError(refused, 422, 'DEVICE_RULES');
    expect(detailsOf(refused)).toEqual([
      {
        path: 'serialNumber',
        message: "This serial number belongs to another industry's device",
        code: 'FIELD_TAKEN',
      },
    ]);
  });

  it('changes a device at its version, keeping the rows of parameters still listed, and deletes it', async () => {
    const { tenant, point, admin } = await industry();
    const device = await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        name: 'Stack CEMS',
        params: [
          { parameterId: so2.id, unit: 'mg/Nm3' },
          { parameterId: flow.id, unit: 'm3/h', isCounter: true, max: 10 },
        ],
      }),
    );
    const so2RowId = device.params[0]!.id;
    const update = (version: number) =>
      admin.call({
        method: 'PUT',
        url: `/api/devices/${device.id}`,
        payload: deviceBody(tenant.id, point.id, {
          name: 'Stack CEMS 2',
          serialNumber: device.serialNumber,
          status: 'DISABLED',
          params: [{ parameterId: so2.id, unit: 'ppm' }],
          version,
        }),
      });
    const saved = (await update(1)).json() as Device;
    expect(saved).toMatchObject({ name: 'Stack CEMS 2', status: 'DISABLED', version: 2 });
    expect(saved.params.map((p) => [p.id, p.unit])).toEqual([[so2RowId, 'ppm']]);
    expectError(await update(1), 409, 'STALE_VERSION');
    const [audit] = await auditRowsFor(t.db, 'device', device.id);
    expect(audit).toMatchObject({ action: 'UPDATE' });
    expect((audit!.oldValue as { name: string }).name).toBe('Stack CEMS');

    const moved = await admin.call({
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      payload: deviceBody((await make.tenant()).id, point.id, { version: 2 }),
    });
    expectError(moved, 422, 'DEVICE_RULES');

    expectError(
      await admin.call({ method: 'DELETE', url: `/api/devices/${device.id}?version=1` }),
      409,
      'STALE_VERSION',
    );
    const deleted = await admin.call({ method: 'DELETE', url: `/api/devices/${device.id}?version=2` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: device.id, status: 'DELETED' });
    expect((await admin.call({ method: 'GET', url: `/api/devices/${device.id}` })).statusCode).toBe(404);
    expect((await auditRowsFor(t.db, 'device', device.id))[0]).toMatchObject({ action: 'DELETE' });
  });

  it('keeps a name per industry, and frees it when the device is deleted', async () => {
    const { tenant, point, admin } = await industry();
    const first = await createDevice(admin.call, deviceBody(tenant.id, point.id, { name: 'Analyser A' }));
    const again = await admin.call({
      method: 'POST',
      url: '/api/devices',
      payload: deviceBody(tenant.id, point.id, { name: 'analyser a' }),
    });
    expectError(again, 409, 'DEVICE_EXISTS');
    expect(detailsOf(again)[0]?.path).toBe('name');
    await admin.call({ method: 'DELETE', url: `/api/devices/${first.id}` });
    await createDevice(admin.call, deviceBody(tenant.id, point.id, { name: 'Analyser A' }));
  });

  it('changes nothing when the audit row cannot be written', async () => {
    const { tenant, point, admin } = await industry();
    const device = await createDevice(admin.call, deviceBody(tenant.id, point.id, { name: 'Kept' }));
    const undo = await failAuditWrites(t.db, 'UPDATE', device.id);
    try {
      const response = await admin.call({
        method: 'PUT',
        url: `/api/devices/${device.id}`,
        payload: deviceBody(tenant.id, point.id, {
          name: 'Never Saved',
          serialNumber: device.serialNumber,
          params: [{ parameterId: flow.id, unit: 'm3/h' }],
          version: 1,
        }),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect([row!.name, row!.version]).toEqual(['Kept', 1]);
    const rows = await t.db.select().from(deviceParams).where(eq(deviceParams.deviceId, device.id));
    expect(rows.map((r) => r.parameterId)).toEqual([so2.id]);
  });

  it('keeps devices to the industries a caller can see and change', async () => {
    const { tenant, point, admin } = await industry();
    const device = await createDevice(admin.call, deviceBody(tenant.id, point.id));
    const stranger = await industry();
    expect((await stranger.admin.call({ method: 'GET', url: `/api/devices/${device.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await stranger.admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}` })).statusCode,
    ).toBe(404);
    const strangersList = (
      await stranger.admin.call({ method: 'GET', url: '/api/devices' })
    ).json() as Page<DeviceSummary>;
    expect(strangersList.items.map((d) => d.id)).not.toContain(device.id);
    expect(
      (
        await stranger.admin.call({
          method: 'POST',
          url: '/api/devices',
          payload: deviceBody(tenant.id, point.id),
        })
      ).statusCode,
    ).toBe(404);
    // A user (not admin) of the industry reads but does not write.
    const reader = await clientFor(t, tenant.id, 'user');
    expect((await reader.call({ method: 'GET', url: `/api/devices/${device.id}` })).statusCode).toBe(200);
    expectError(
      await reader.call({ method: 'POST', url: '/api/devices', payload: deviceBody(tenant.id, point.id) }),
      403,
      'FORBIDDEN',
    );
    // The platform sees every industry's devices.
    const all = (
      await site.call({
        method: 'GET',
        url: `/api/devices?search=${encodeURIComponent(device.serialNumber)}`,
      })
    ).json() as Page<DeviceSummary>;
    expect(all.items.map((d) => d.id)).toEqual([device.id]);
    // Signed out: 401.
    expectError(await anonymous({ method: 'GET', url: '/api/devices' }), 401, 'UNAUTHENTICATED');
    expectError(
      await anonymous({ method: 'POST', url: '/api/devices', payload: deviceBody(tenant.id, point.id) }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('counts what an industry uses: enabled parameters of enabled devices, cameras and devices', async () => {
    const { tenant, point, admin } = await industry();
    await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        params: [
          { parameterId: so2.id, unit: 'mg/Nm3' },
          { parameterId: flow.id, unit: 'm3/h', enabled: false },
        ],
      }),
    );
    await createDevice(
      admin.call,
      deviceBody(tenant.id, point.id, {
        status: 'DISABLED',
        params: [{ parameterId: so2.id, unit: 'mg/Nm3' }],
      }),
    );
    const listed = async (query: string) =>
      (
        (
          await admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}&${query}` })
        ).json() as Page<DeviceSummary>
      ).items.map((d) => d.status);
    expect(await listed('status=DISABLED')).toEqual(['DISABLED']);
    expect(await listed(`monitoringPointId=${point.id}&status=ENABLED`)).toEqual(['ENABLED']);
    expect(await listed(`monitoringPointId=${(await build.monitoringPoint(tenant.id)).id}`)).toEqual([]);
    const usage = await admin.call({ method: 'GET', url: `/api/tenants/${tenant.id}/usage` });
    expect(usage.json() as Usage).toEqual({ tenantId: tenant.id, parameters: 1, cameras: 0, devices: 2 });
  });

  it('refuses to delete a monitoring point while a device is at it', async () => {
    const { tenant, point, admin } = await industry();
    const device = await createDevice(admin.call, deviceBody(tenant.id, point.id));
    await createDevice(admin.call, deviceBody(tenant.id, point.id));
    const points = await admin.call({ method: 'GET', url: `/api/tenants/${tenant.id}/entities` });
    expect((points.json() as { items: { id: number; deviceCount: number }[] }).items).toEqual([
      expect.objectContaining({ id: point.id, deviceCount: 2 }),
    ]);
    const url = `/api/tenants/${tenant.id}/entities/${point.id}`;
    expectError(await admin.call({ method: 'DELETE', url }), 409, 'MONITORING_POINT_IN_USE');
    await admin.call({ method: 'DELETE', url: `/api/devices/${device.id}` });
    expectError(await admin.call({ method: 'DELETE', url }), 409, 'MONITORING_POINT_IN_USE');
    const rest = (
      await admin.call({ method: 'GET', url: `/api/devices?tenantId=${tenant.id}` })
    ).json() as Page<DeviceSummary>;
    await admin.call({ method: 'DELETE', url: `/api/devices/${rest.items[0]!.id}` });
    expect((await admin.call({ method: 'DELETE', url })).statusCode).toBe(200);
  });
});

describe('device lists of the form', () => {
  it('offers the model types as device types and filters NOx analyser types by conversion', async () => {
    const { admin } = await industry();
    const types = await admin.call({ method: 'GET', url: '/api/type' });
    expect(types.statusCode).toBe(200);
    const ndir = async (query: string) =>
      (
        (await admin.call({ method: 'GET', url: `/api/type/ndir${query}` })).json() as { value: string }[]
      ).map((type) => type.value);
    expect(await ndir('?conversion=NO2')).toEqual(['NDUV', 'EC-NO2']);
    expect(await ndir('?conversion=NO')).toEqual(['NDIR', 'CLD', 'EC-NO']);
    expect((await ndir('')).length).toBe(5);
    expectError(
      await admin.call({ method: 'GET', url: '/api/type/ndir?conversion=N2O' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('adds vendors once by name, audited, and lists them', async () => {
    const { admin } = await industry();
    const name = `Envirotech ${unique()}`;
    const created = await admin.call({ method: 'POST', url: '/api/createDeviceVendor', payload: { name } });
    expect(created.statusCode, created.body).toBe(201);
    const vendor = created.json() as { id: number; name: string };
    expect((await auditRowsFor(t.db, 'device_vendor', vendor.id))[0]).toMatchObject({ action: 'CREATE' });
    const again = await admin.call({
      method: 'POST',
      url: '/api/createDeviceVendor',
      payload: { name: name.toUpperCase() },
    });
    expectError(again, 409, 'VENDOR_EXISTS');
    const list = (await admin.call({ method: 'GET', url: '/api/allDeviceVendor' })).json() as {
      name: string;
    }[];
    expect(list.map((v) => v.name)).toContain(name);
    const { tenant, point } = await industry();
    const device = await createDevice(site.call, deviceBody(tenant.id, point.id, { vendorId: vendor.id }));
    expect(device.vendor).toEqual(vendor);
  });
});
