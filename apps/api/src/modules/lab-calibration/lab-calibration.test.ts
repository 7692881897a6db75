import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CALIBRATION_MARKERS,
  LAB_REPORT_MAX_BYTES,
  PLATFORM_ACCOUNT_ID,
  type Calibration,
  type CalibrationScheduleItem,
  type DeviceAction,
  type LabReport,
  type Page,
} from '@vayu/domain';
import { deviceCalibrations, deviceParams, labReports } from '../../db/schema/index.js';
import { closeAfterFile, CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { multipart, type FilePart } from '../../test/multipart.js';
import { telemetryFactories } from '../../test/telemetry-factories.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';

let t: TestContext;
let filesDir: string;
let make: ReturnType<typeof factories>;
let deviceMake: ReturnType<typeof deviceFactories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'vayu-lab-calibration-'));
  closeAfterFile(() => rmSync(filesDir, { recursive: true, force: true }));
  t = await startTestApp({ filesDir });
  make = factories(t.db);
  deviceMake = deviceFactories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A whole ZIP archive of one stored entry: local header, data, central directory, end record. */
function zipOf(name: string, content: string): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const crc = crc32(data);
  // The local and the central header carry the same entry fields (CRC, sizes, name length), at their own offsets.
  const header = (size: number, signature: number, versionsAt: number[], entryAt: number) => {
    const bytes = Buffer.alloc(size);
    bytes.writeUInt32LE(signature, 0);
    for (const at of versionsAt) bytes.writeUInt16LE(20, at);
    bytes.writeUInt32LE(crc, entryAt);
    bytes.writeUInt32LE(data.length, entryAt + 4);
    bytes.writeUInt32LE(data.length, entryAt + 8);
    bytes.writeUInt16LE(fileName.length, entryAt + 12);
    return bytes;
  };
  const local = header(30, 0x04034b50, [4], 14);
  const central = header(46, 0x02014b50, [4, 6], 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A workbook as a ZIP archive holding its workbook part (stored, not compressed). */
const XLSX = zipOf('xl/workbook.xml', '<workbook/>');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0)]);
const CSV = Buffer.from('parameter,result,unit\nBOD,18,mg/L\nCOD,142,mg/L\n');

/** An industry with one device measuring a gas, pH, PM and stack flow, and its admin. */
async function plant() {
  const tenant = await make.tenant();
  const { device, parameter: gas, monitoringPointId } = await deviceMake.device(tenant.id);
  const ph = await deviceMake.parameter(`pH ${unique()}`);
  const pm = await deviceMake.parameter(`PM ${unique()}`);
  const flow = await deviceMake.parameter(`Stack Flow ${unique()}`);
  await t.db.insert(deviceParams).values(
    [ph, pm, flow].map((parameter, index) => ({
      deviceId: device.id,
      tenantId: tenant.id,
      parameterId: parameter.id,
      unit: 'mg/Nm3',
      position: index + 1,
    })),
  );
  const admin = await clientFor(t, tenant.id, 'admin');
  return { tenant, device, gas, ph, pm, flow, monitoringPointId, admin };
}

async function calibrated(
  where: { deviceId: number; tenantId: number },
  at: Date,
  checkKind: 'TWO_POINT' | 'MULTIPOINT',
  parameterIds: number[] | null,
  recordedBy: number | null = null,
) {
  await t.db
    .insert(deviceCalibrations)
    .values({ ...where, calibratedAt: at, checkKind, parameterIds, recordedBy });
}

async function schedule(client: typeof site, query: string) {
  const response = await client.call({ method: 'GET', url: `/api/calibrations/schedule?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<CalibrationScheduleItem>;
}

const brief = (item: CalibrationScheduleItem) =>
  `${item.parameter.label.split(' ')[0]} ${item.check} ${item.marker}`;

describe('calibration schedule', () => {
  it('lists each scheduled parameter × check with its marker, overdue first', async () => {
    const { tenant, device, gas, ph, pm, admin } = await plant();
    const where = { deviceId: device.id, tenantId: tenant.id };
    await calibrated(where, daysAgo(15), 'TWO_POINT', [ph.id], admin.user.id);
    await calibrated(where, daysAgo(13), 'TWO_POINT', [gas.id]);
    await calibrated(where, daysAgo(10), 'MULTIPOINT', [pm.id]);

    const page = await schedule(admin, `deviceId=${device.id}`);
    expect(page.items.map(brief)).toEqual([
      'pH TWO_POINT OVERDUE',
      'SO2 MULTIPOINT NEVER',
      'SO2 TWO_POINT DUE',
      'PM MULTIPOINT OK',
    ]);
    expect(page.total).toBe(4);
    const overdue = page.items[0]!;
    expect(overdue).toMatchObject({
      tenant: { id: tenant.id, name: tenant.name },
      device: { id: device.id, name: device.name },
      parameterClass: 'PH',
      interval: 'FORTNIGHTLY',
      lastDone: { by: admin.user.name, check: 'TWO_POINT' },
    });
    expect(Date.parse(overdue.dueAt!)).toBe(Date.parse(overdue.lastDone!.at) + 14 * DAY);
    expect(page.items[1]).toMatchObject({ lastDone: null, dueAt: null, interval: 'QUARTERLY' });

    const filtered = await schedule(admin, `deviceId=${device.id}&status=OVERDUE`);
    expect(filtered.items.map(brief)).toEqual(['pH TWO_POINT OVERDUE']);
  });

  it('takes checkKind and parameterIds on a calibration record; a multipoint record covers two-point', async () => {
    const { device, gas, ph, flow, admin } = await plant();
    const response = await admin.call({
      method: 'POST',
      url: '/api/calibrations',
      ...multipart({
        deviceId: device.id,
        date: new Date().toISOString(),
        checkKind: 'MULTIPOINT',
        parameterIds: `${gas.id}, ${ph.id}`,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json() as Calibration;
    expect(record.checkKind).toBe('MULTIPOINT');
    expect(record.parameters).toEqual([
      { id: gas.id, label: gas.label },
      { id: ph.id, label: ph.label },
    ]);
    const page = await schedule(admin, `deviceId=${device.id}`);
    expect(page.items.map(brief)).toEqual([
      'PM MULTIPOINT NEVER',
      'SO2 TWO_POINT OK',
      'pH TWO_POINT OK',
      'SO2 MULTIPOINT OK',
    ]);
    expect(page.items.map(brief).join()).not.toContain('Stack');
    expect(flow.label).toContain('Stack Flow');

    const defaults = await admin.call({
      method: 'POST',
      url: '/api/calibrations',
      payload: { deviceId: device.id, date: new Date().toISOString() },
    });
    expect(defaults.statusCode, defaults.body).toBe(201);
    expect(defaults.json()).toMatchObject({ checkKind: 'TWO_POINT', parameters: null });
  });

  it('refuses parameters that are not the device’s, and unknown check kinds, with field details', async () => {
    const { device, admin } = await plant();
    const other = await deviceMake.parameter();
    const foreign = await admin.call({
      method: 'POST',
      url: '/api/calibrations',
      payload: { deviceId: device.id, date: new Date().toISOString(), parameterIds: [other.id] },
    });
    expectError(foreign, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(foreign.json())).toContain('parameterIds');
    const kind = await admin.call({
      method: 'POST',
      url: '/api/calibrations',
      payload: { deviceId: device.id, date: new Date().toISOString(), checkKind: 'THREE_POINT' },
    });
    expectError(kind, 400, 'VALIDATION_FAILED');
    const twice = await admin.call({
      method: 'POST',
      url: '/api/calibrations',
      ...multipart({ deviceId: device.id, date: new Date().toISOString(), parameterIds: '5,5' }),
    });
    expectError(twice, 400, 'VALIDATION_FAILED');
  });

  it('agrees with itself: each marker filter returns only rows of that marker', async () => {
    const { tenant, device, gas, admin } = await plant();
    await calibrated({ deviceId: device.id, tenantId: tenant.id }, daysAgo(100), 'MULTIPOINT', [gas.id]);
    for (const marker of CALIBRATION_MARKERS) {
      const page = await schedule(admin, `tenantId=${tenant.id}&status=${marker}`);
      expect(page.items.every((item) => item.marker === marker)).toBe(true);
    }
    const overdue = await schedule(admin, `tenantId=${tenant.id}&status=OVERDUE`);
    expect(overdue.items.map(brief)).toEqual(['SO2 TWO_POINT OVERDUE', 'SO2 MULTIPOINT OVERDUE']);
  });

  it('pages the schedule', async () => {
    const { device, admin } = await plant();
    const first = await schedule(admin, `deviceId=${device.id}&pageSize=3`);
    expect(first.items).toHaveLength(3);
    expect(first).toMatchObject({ total: 4, pageCount: 2 });
    const second = await schedule(admin, `deviceId=${device.id}&pageSize=3&page=2`);
    expect(second.items).toHaveLength(1);
  });

  it('shows an industry only its own devices', async () => {
    const mine = await plant();
    const theirs = await plant();
    const page = await schedule(mine.admin, `deviceId=${theirs.device.id}`);
    expect(page.items).toEqual([]);
    const all = await schedule(mine.admin, 'pageSize=100');
    expect(new Set(all.items.map((item) => item.tenant.id))).toEqual(new Set([mine.tenant.id]));
    const other = await schedule(mine.admin, `tenantId=${theirs.tenant.id}`);
    expect(other.items).toEqual([]);
  });

  it('answers 4xx to hostile queries', async () => {
    for (const query of [
      'status=LATE',
      'deviceId=99999999999',
      'page=0',
      'pageSize=1000',
      'tenantId=abc',
      'deviceId=%00',
    ]) {
      const response = await site.call({ method: 'GET', url: `/api/calibrations/schedule?${query}` });
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/calibrations/schedule',
      headers: CONSOLE_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('device action results', () => {
  async function requested(client: typeof site, deviceId: number) {
    const response = await client.call({
      method: 'POST',
      url: `/api/devices/${deviceId}/actions`,
      payload: { action: 'CALIBRATE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as DeviceAction;
  }

  it('lets an admin record DONE once, with when it completed, audited', async () => {
    const { device, admin } = await plant();
    const action = await requested(admin, device.id);
    expect(action).toMatchObject({ result: 'REQUESTED', completedAt: null, requestedBy: admin.user.name });
    const url = `/api/devices/${device.id}/actions/${action.id}/result`;
    const done = await admin.call({ method: 'POST', url, payload: { result: 'DONE' } });
    expect(done.statusCode, done.body).toBe(200);
    const recorded = done.json() as DeviceAction;
    expect(recorded).toMatchObject({ id: action.id, result: 'DONE', requestedBy: admin.user.name });
    expect(Date.parse(recorded.completedAt!)).toBeGreaterThanOrEqual(Date.parse(action.requestedAt));
    const audit = await auditRowsFor(t.db, 'device_action', action.id);
    expect(audit[0]).toMatchObject({
      action: 'UPDATE',
      actorUserId: admin.user.id,
      oldValue: { result: 'REQUESTED' },
    });

    const again = await admin.call({ method: 'POST', url, payload: { result: 'FAILED' } });
    expectError(again, 422, 'BUSINESS_RULE');
    const listed = await admin.call({ method: 'GET', url: `/api/devices/${device.id}/actions` });
    expect((listed.json() as DeviceAction[])[0]).toMatchObject({ id: action.id, result: 'DONE' });
  });

  it('refuses another industry, a plain user and bad input', async () => {
    const mine = await plant();
    const theirs = await plant();
    const action = await requested(theirs.admin, theirs.device.id);
    const foreign = await mine.admin.call({
      method: 'POST',
      url: `/api/devices/${theirs.device.id}/actions/${action.id}/result`,
      payload: { result: 'DONE' },
    });
    expectError(foreign, 404, 'NOT_FOUND');
    // An action of another device, named under mine.
    const mismatched = await mine.admin.call({
      method: 'POST',
      url: `/api/devices/${mine.device.id}/actions/${action.id}/result`,
      payload: { result: 'DONE' },
    });
    expectError(mismatched, 404, 'NOT_FOUND');
    const viewer = await clientFor(t, theirs.tenant.id, 'user');
    const plain = await viewer.call({
      method: 'POST',
      url: `/api/devices/${theirs.device.id}/actions/${action.id}/result`,
      payload: { result: 'DONE' },
    });
    expectError(plain, 403, 'FORBIDDEN');
    for (const payload of [{ result: 'REQUESTED' }, { result: 'DONE', extra: 1 }, {}]) {
      const bad = await theirs.admin.call({
        method: 'POST',
        url: `/api/devices/${theirs.device.id}/actions/${action.id}/result`,
        payload,
      });
      expectError(bad, 400, 'VALIDATION_FAILED');
    }
    const huge = await theirs.admin.call({
      method: 'POST',
      url: `/api/devices/${theirs.device.id}/actions/99999999999/result`,
      payload: { result: 'DONE' },
    });
    expectError(huge, 404, 'NOT_FOUND');
  });

  it('takes the result from the industry’s edge gateway by its key, and from no other', async () => {
    const { tenant, device, admin } = await plant();
    const other = await plant();
    const action = await requested(admin, device.id);
    const { token } = await telemetryFactories(t.db).edgeKey(tenant.id);
    const { token: otherToken } = await telemetryFactories(t.db).edgeKey(other.tenant.id);
    const url = `/api/edge/deviceActions/${action.id}/result`;

    const noKey = await t.app.inject({ method: 'POST', url, payload: { result: 'FAILED' } });
    expect(noKey.statusCode).toBe(401);
    const wrongKey = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${otherToken}` },
      payload: { result: 'FAILED' },
    });
    expectError(wrongKey, 404, 'NOT_FOUND');

    const reported = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { result: 'FAILED' },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({ id: action.id, result: 'FAILED', requestedBy: admin.user.name });
    const audit = await auditRowsFor(t.db, 'device_action', action.id);
    expect(audit[0]).toMatchObject({ action: 'UPDATE', actorUserId: null, tenantId: tenant.id });
    expect(audit[0]!.actorUserName).toMatch(/^edge client \d+$/);
  });
});

describe('lab reports', () => {
  const form = (pointId: number, fields: Record<string, string> = {}, files: FilePart[] = []) =>
    multipart(
      { monitoringPointId: pointId, title: 'Stack sampling Q3', sampledOn: '2026-01-15', ...fields },
      files,
    );
  const pdf = (filename = 'Stack sampling Q3.pdf'): FilePart => ({
    field: 'file',
    filename,
    contentType: 'application/pdf',
    data: PDF,
  });

  async function upload(
    client: typeof site,
    pointId: number,
    fields: Record<string, string>,
    file: FilePart,
  ) {
    return client.call({ method: 'POST', url: '/api/labReports', ...form(pointId, fields, [file]) });
  }

  const storedFiles = (pointId: number) => {
    const folder = join(filesDir, 'lab-reports', String(pointId));
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it('uploads, lists newest sample first, downloads under the original name and deletes, audited', async () => {
    const { monitoringPointId, admin, tenant } = await plant();
    const older = await upload(
      admin,
      monitoringPointId,
      { sampledOn: '2025-12-01', labName: 'NABL Lab Pune' },
      pdf(),
    );
    expect(older.statusCode, older.body).toBe(201);
    const newer = await upload(
      admin,
      monitoringPointId,
      { title: 'ETP outlet BOD/COD', sampledOn: '2026-01-20' },
      { field: 'file', filename: 'C:\\fakepath\\ETP outlet.csv', contentType: 'text/csv', data: CSV },
    );
    expect(newer.statusCode, newer.body).toBe(201);
    const created = newer.json() as LabReport;
    expect(created).toMatchObject({
      tenantId: tenant.id,
      monitoringPoint: { id: monitoringPointId },
      title: 'ETP outlet BOD/COD',
      sampledOn: '2026-01-20',
      fileName: 'ETP outlet.csv',
      contentType: 'text/csv',
      size: CSV.length,
      uploadedBy: admin.user.name,
    });
    const sheet = await upload(
      admin,
      monitoringPointId,
      { sampledOn: '2025-11-01' },
      { field: 'file', filename: 'results.xlsx', contentType: 'application/octet-stream', data: XLSX },
    );
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect(sheet.json()).toMatchObject({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const photo = await upload(
      admin,
      monitoringPointId,
      {},
      { field: 'file', filename: 'a.png', contentType: 'image/png', data: PNG },
    );
    expect(photo.statusCode, photo.body).toBe(201);

    const list = await admin.call({
      method: 'GET',
      url: `/api/labReports?monitoringPointId=${monitoringPointId}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as Page<LabReport>;
    expect(page.items.map((report) => report.sampledOn)).toEqual([
      '2026-01-20',
      '2026-01-15',
      '2025-12-01',
      '2025-11-01',
    ]);
    expect(page.total).toBe(4);

    const file = await admin.call({ method: 'GET', url: `/api/labReports/${created.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CSV)).toBe(true);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(String(file.headers['content-disposition'])).toContain('ETP outlet.csv');

    expect(storedFiles(monitoringPointId)).toHaveLength(4);
    const removed = await admin.call({ method: 'DELETE', url: `/api/labReports/${created.id}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(storedFiles(monitoringPointId)).toHaveLength(3);
    const gone = await admin.call({ method: 'GET', url: `/api/labReports/${created.id}/file` });
    expectError(gone, 404, 'NOT_FOUND');
    const audit = await auditRowsFor(t.db, 'lab_report', created.id);
    expect(audit.map((row) => row.action)).toEqual(['DELETE', 'CREATE']);
  });

  it('refuses a wrong type (415), a file over 10 MB (413), a broken form (400) and keeps nothing', async () => {
    const { monitoringPointId, admin } = await plant();
    const exe = await upload(
      admin,
      monitoringPointId,
      {},
      { field: 'file', filename: 'report.pdf', contentType: 'application/pdf', data: EXE },
    );
    expectError(exe, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A real file's first bytes followed by something else: a renamed file or a cut-off upload.
    const cutOff = [
      { filename: 'photo.png', data: Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 0x41)]) },
      { filename: 'photo.png', data: PNG.subarray(0, PNG.length - 12) },
      { filename: 'results.xlsx', data: XLSX.subarray(0, XLSX.length - 22) },
      {
        filename: 'scan.jpg',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]),
      },
    ];
    for (const file of cutOff) {
      const refused = await upload(
        admin,
        monitoringPointId,
        {},
        { field: 'file', filename: file.filename, contentType: 'application/octet-stream', data: file.data },
      );
      expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    const big = await upload(
      admin,
      monitoringPointId,
      {},
      {
        field: 'file',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.alloc(LAB_REPORT_MAX_BYTES, 0x20)]),
      },
    );
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
    const broken = await admin.call({
      method: 'POST',
      url: '/api/labReports',
      headers: { 'content-type': 'multipart/form-data; boundary=----nothing' },
      payload: Buffer.from('------nothing\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf'),
    });
    expect(broken.statusCode).toBe(400);
    const noFile = await admin.call({ method: 'POST', url: '/api/labReports', ...form(monitoringPointId) });
    expectError(noFile, 400, 'VALIDATION_FAILED');
    const future = await upload(admin, monitoringPointId, { sampledOn: '2099-01-01' }, pdf());
    expectError(future, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(future.json())).toContain('sampledOn');
    const nul = await upload(admin, monitoringPointId, { title: 'a\u0000b' }, pdf());
    expectError(nul, 400, 'VALIDATION_FAILED');
    const otherPart = await admin.call({
      method: 'POST',
      url: '/api/labReports',
      ...form(monitoringPointId, {}, [{ ...pdf(), field: 'files' }]),
    });
    expectError(otherPart, 400, 'VALIDATION_FAILED');
    expect(storedFiles(monitoringPointId)).toEqual([]);
    const rows = await t.db
      .select()
      .from(labReports)
      .where(eq(labReports.monitoringPointId, monitoringPointId));
    expect(rows).toEqual([]);
  });

  it('keeps industries apart and plain users out of writes', async () => {
    const mine = await plant();
    const theirs = await plant();
    const theirReport = await upload(theirs.admin, theirs.monitoringPointId, {}, pdf());
    expect(theirReport.statusCode).toBe(201);
    const id = (theirReport.json() as LabReport).id;

    expectError(await upload(mine.admin, theirs.monitoringPointId, {}, pdf()), 404, 'NOT_FOUND');
    expectError(
      await mine.admin.call({
        method: 'GET',
        url: `/api/labReports?monitoringPointId=${theirs.monitoringPointId}`,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await mine.admin.call({ method: 'GET', url: `/api/labReports/${id}/file` }),
      404,
      'NOT_FOUND',
    );
    expectError(await mine.admin.call({ method: 'DELETE', url: `/api/labReports/${id}` }), 404, 'NOT_FOUND');

    const viewer = await clientFor(t, theirs.tenant.id, 'user');
    expectError(await upload(viewer, theirs.monitoringPointId, {}, pdf()), 403, 'FORBIDDEN');
    expectError(await viewer.call({ method: 'DELETE', url: `/api/labReports/${id}` }), 403, 'FORBIDDEN');
    const read = await viewer.call({ method: 'GET', url: `/api/labReports/${id}/file` });
    expect(read.statusCode).toBe(200);
    // The platform's admin may see and remove it.
    const bySite = await site.call({ method: 'DELETE', url: `/api/labReports/${id}` });
    expect(bySite.statusCode).toBe(204);
  });

  it('answers 4xx to hostile ids and queries', async () => {
    // An id no record can have, in a path, is a record not found (as everywhere in the API).
    expectError(
      await site.call({ method: 'GET', url: '/api/labReports/99999999999/file' }),
      404,
      'NOT_FOUND',
    );
    for (const url of ['/api/labReports/abc/file', '/api/labReports/-1/file', '/api/labReports/1e3/file']) {
      const response = await site.call({ method: 'GET', url });
      expect([400, 404], response.body).toContain(response.statusCode);
      expect(response.json()).toHaveProperty('error.code');
    }
    for (const url of [
      '/api/labReports?monitoringPointId=99999999999',
      '/api/labReports?monitoringPointId=%00',
      '/api/labReports',
      '/api/labReports?monitoringPointId=1&page=0',
    ]) {
      const response = await site.call({ method: 'GET', url });
      expectError(response, 400, 'VALIDATION_FAILED');
    }
    expectError(await site.call({ method: 'GET', url: '/api/labReports/2147483647/file' }), 404, 'NOT_FOUND');
    expectError(
      await site.call({ method: 'GET', url: '/api/labReports?monitoringPointId=2147483647' }),
      404,
      'NOT_FOUND',
    );
    expectError(await site.call({ method: 'DELETE', url: '/api/labReports/99999999999' }), 404, 'NOT_FOUND');
  });
});
