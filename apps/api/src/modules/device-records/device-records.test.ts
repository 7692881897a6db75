import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  MAX_DOCUMENTS_PER_DEVICE,
  NO_DOCUMENTS_MESSAGE,
  PLATFORM_ACCOUNT_ID,
  type Calibration,
  type DeviceAction,
  type DeviceDocuments,
  type Page,
} from '@vayu/domain';
import {
  deviceActions,
  deviceCalibrations,
  deviceDocumentFields,
  deviceDocumentFiles,
  devices,
} from '../../db/schema/index.js';
import { multipart, type FilePart } from '../../test/multipart.js';
import { closeAfterFile, CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';

let t: TestContext;
let filesDir: string;
let make: ReturnType<typeof factories>;
let deviceMake: ReturnType<typeof deviceFactories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'vayu-device-records-'));
  closeAfterFile(() => rmSync(filesDir, { recursive: true, force: true }));
  t = await startTestApp({ filesDir });
  make = factories(t.db);
  deviceMake = deviceFactories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
const anonymous = (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...CONSOLE_HEADERS, ...(options.headers ?? {}) } });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a Windows program. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0)]);
const CSV = Buffer.from('gas,reference,measured\nSO2 zero,0,0.4\nSO2 span,400,398.7\n');

const pdfPart = (filename = 'SO2 analyser manual.pdf'): FilePart => ({
  filename,
  contentType: 'application/pdf',
  data: PDF,
});

/** An industry with one device, and signed-in clients of its admin and of a plain user. */
async function industryWithDevice(partnerId?: number) {
  const tenant = await make.tenant(partnerId === undefined ? {} : { partnerId });
  const { device } = await deviceMake.device(tenant.id);
  return { tenant, device };
}

/** The id the next row of a table will get (its audit row can then be made to fail). */
async function nextId(sequence: 'device_actions_id_seq' | 'device_calibrations_id_seq') {
  const [row] = await t.db
    .select({
      id: sql<number>`(last_value + case when is_called then 1 else 0 end)::int`,
    })
    .from(sql.raw(sequence));
  return Number(row!.id);
}

const storedFilesOf = (deviceId: number) => {
  const folder = join(filesDir, 'device-documents', String(deviceId));
  return existsSync(folder) ? readdirSync(folder) : [];
};
const fileRows = (deviceId: number) =>
  t.db.select().from(deviceDocumentFiles).where(eq(deviceDocumentFiles.deviceId, deviceId));

async function upload(
  client: typeof site,
  deviceId: number,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  return client.call({
    method: 'POST',
    url: `/api/device/documents/${deviceId}`,
    ...multipart(fields, files),
  });
}

const download = (client: typeof site, pathName: string) =>
  client.call({ method: 'POST', url: '/api/documentById', payload: { pathName } });

describe('supporting documents', () => {
  it('has none at first: every detail empty and no files (the console shows the spec text)', async () => {
    const { device } = await industryWithDevice();
    const response = await site.call({ method: 'GET', url: `/api/getDocuments/${device.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      deviceId: device.id,
      fields: {
        instrumentAccuracy: null,
        instrumentMeasurementRange: null,
        instrumentWorkingTemperatureRange: null,
        measurementCycle: null,
        otherDiagnosticParametersMonitored: null,
        referenceGasUsed: null,
        zeroGasUsed: null,
      },
      files: [],
    });
    expect(NO_DOCUMENTS_MESSAGE).toBe('No Device Supporting Documents Available please Update Documents');
  });

  it('uploads details and files, lists them newest first and sends back the same bytes', async () => {
    const { tenant, device } = await industryWithDevice();
    const response = await upload(
      site,
      device.id,
      { instrumentAccuracy: ' ±2% of span ', referenceGasUsed: 'SO2 400 ppm in N2' },
      [pdfPart(), { filename: 'C:\\fakepath\\Stack photo.png', contentType: 'image/png', data: PNG }],
    );
    expect(response.statusCode, response.body).toBe(200);
    const documents = response.json() as DeviceDocuments;
    expect(documents.fields).toMatchObject({
      instrumentAccuracy: '±2% of span',
      referenceGasUsed: 'SO2 400 ppm in N2',
      zeroGasUsed: null,
    });
    expect(documents.files.map((file) => [file.fileName, file.contentType, file.size])).toEqual([
      ['Stack photo.png', 'image/png', PNG.length],
      ['SO2 analyser manual.pdf', 'application/pdf', PDF.length],
    ]);
    expect(documents.files[0]!.uploadedBy).toBe(site.user.name);
    expect(documents.files[1]!.pathName).toBe(`device-documents/${device.id}/${documents.files[1]!.id}`);

    const listed = await site.call({ method: 'GET', url: `/api/getDocuments/${device.id}` });
    expect(listed.json()).toEqual(documents);

    const pdf = await download(site, documents.files[1]!.pathName);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="SO2 analyser manual.pdf"; filename*=UTF-8''SO2%20analyser%20manual.pdf`,
    );
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const png = await download(site, documents.files[0]!.pathName);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);

    const [audit] = await auditRowsFor(t.db, 'device_document', device.id);
    expect(audit).toMatchObject({ action: 'UPDATE', tenantId: tenant.id });
    expect(audit!.newValue).toMatchObject({
      fields: { instrumentAccuracy: '±2% of span', referenceGasUsed: 'SO2 400 ppm in N2' },
      filesAdded: [{ fileName: 'SO2 analyser manual.pdf' }, { fileName: 'Stack photo.png' }],
    });
    expect(storedFilesOf(device.id)).toHaveLength(2);
  });

  it('replaces only the details sent (an empty one clears it); JSON works too', async () => {
    const { device } = await industryWithDevice();
    await upload(site, device.id, { measurementCycle: '15 minutes', zeroGasUsed: 'N2 99.999%' });
    const response = await site.call({
      method: 'POST',
      url: `/api/device/documents/${device.id}`,
      payload: { measurementCycle: '', instrumentAccuracy: '±1%' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as DeviceDocuments).fields).toMatchObject({
      measurementCycle: null,
      instrumentAccuracy: '±1%',
      zeroGasUsed: 'N2 99.999%',
    });
  });

  it('refuses a PDF or an image cut off before its end (a real first line is not enough)', async () => {
    const { device } = await industryWithDevice();
    const cutOff: FilePart[] = [
      { filename: 'manual.pdf', contentType: 'application/pdf', data: PDF.subarray(0, PDF.indexOf('%%EOF')) },
      { filename: 'photo.png', contentType: 'image/png', data: PNG.subarray(0, PNG.length - 12) },
      {
        filename: 'photo.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 0x41)]),
      },
    ];
    for (const part of cutOff) {
      expectError(await upload(site, device.id, {}, [part]), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    // The whole files are taken.
    const whole = await upload(site, device.id, {}, [
      pdfPart(),
      { filename: 'photo.png', contentType: 'image/png', data: PNG },
    ]);
    expect(whole.statusCode, whole.body).toBe(200);
  });

  it('refuses a file by its content, whatever its name and declared type, and stores nothing', async () => {
    const { device } = await industryWithDevice();
    const response = await upload(site, device.id, { instrumentAccuracy: 'Never stored' }, [
      pdfPart(),
      { filename: 'manual.pdf', contentType: 'application/pdf', data: EXE },
    ]);
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(response.json().error.details).toEqual([
      expect.objectContaining({
        path: 'files',
        code: 'FIELD_INVALID',
        message: expect.stringContaining('manual.pdf'),
      }),
    ]);
    expect(response.json().error.params).toEqual({ fileNames: 'manual.pdf' });
    expect(await fileRows(device.id)).toEqual([]);
    expect(storedFilesOf(device.id)).toEqual([]);
    const fields = await t.db
      .select()
      .from(deviceDocumentFields)
      .where(eq(deviceDocumentFields.deviceId, device.id));
    expect(fields).toEqual([]);
  });

  it('refuses a file over 10 MB (413) and more than 5 files at once', async () => {
    const { device } = await industryWithDevice();
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - PDF.length, 0x20)]);
    const tooBig = await upload(site, device.id, {}, [
      { filename: 'scan.pdf', contentType: 'application/pdf', data: big },
    ]);
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooBig.json().error.details[0]).toMatchObject({ path: 'files', code: 'FIELD_TOO_LARGE' });
    expect(tooBig.json().error.params).toMatchObject({ fileNames: 'scan.pdf', maxMb: 10 });

    const six = Array.from({ length: 6 }, (_, index) => pdfPart(`page ${index + 1}.pdf`));
    expectError(await upload(site, device.id, {}, six), 413, 'PAYLOAD_TOO_LARGE');
    expect(await fileRows(device.id)).toEqual([]);
    expect(storedFilesOf(device.id)).toEqual([]);
  });

  it(`refuses files beyond ${MAX_DOCUMENTS_PER_DEVICE} per device (422) and stores none of them`, async () => {
    const { device } = await industryWithDevice();
    await t.db.insert(deviceDocumentFiles).values(
      Array.from({ length: MAX_DOCUMENTS_PER_DEVICE - 1 }, (_, index) => ({
        deviceId: device.id,
        tenantId: device.tenantId,
        fileName: `old ${index}.pdf`,
        contentType: 'application/pdf',
        size: 10,
        storageKey: `device-documents/${device.id}/old-${index}-${unique()}.pdf`,
      })),
    );
    const response = await upload(site, device.id, {}, [pdfPart('a.pdf'), pdfPart('b.pdf')]);
    expectError(response, 422, 'BUSINESS_RULE');
    expect(response.json().error.params).toEqual({ limit: MAX_DOCUMENTS_PER_DEVICE });
    expect(await fileRows(device.id)).toHaveLength(MAX_DOCUMENTS_PER_DEVICE - 1);
    expect(storedFilesOf(device.id)).toEqual([]);
    expect((await upload(site, device.id, {}, [pdfPart('last.pdf')])).statusCode).toBe(200);
  });

  it('answers bad input with a 4xx and a code: broken forms, NUL bytes, unknown parts, huge ids', async () => {
    const { device } = await industryWithDevice();
    const documentsUrl = `/api/device/documents/${device.id}`;
    const broken = multipart({ instrumentAccuracy: '±2%' }, [pdfPart()]);
    expectError(
      await site.call({
        method: 'POST',
        url: documentsUrl,
        headers: broken.headers,
        payload: broken.payload.subarray(0, broken.payload.length - 40),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await site.call({
        method: 'POST',
        url: documentsUrl,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'no boundary',
      }),
      400,
      'VALIDATION_FAILED',
    );
    const nul = await upload(site, device.id, { instrumentAccuracy: 'a\u0000b' });
    expectError(nul, 400, 'VALIDATION_FAILED');
    expect(nul.json().error.details[0]).toMatchObject({ path: 'instrumentAccuracy' });
    const nulJson = await site.call({
      method: 'POST',
      url: documentsUrl,
      payload: { zeroGasUsed: 'x\u0000' },
    });
    expectError(nulJson, 400, 'VALIDATION_FAILED');
    const unknownField = await upload(site, device.id, { colour: 'blue' });
    expectError(unknownField, 400, 'VALIDATION_FAILED');
    expect(unknownField.json().error.details[0]).toMatchObject({ path: 'colour', code: 'FIELD_UNKNOWN' });
    const unknownPart = await upload(site, device.id, {}, [{ ...pdfPart(), field: 'attachment' }]);
    expectError(unknownPart, 400, 'VALIDATION_FAILED');
    expect(unknownPart.json().error.details[0]).toMatchObject({ path: 'attachment', code: 'FIELD_UNKNOWN' });
    const long = await upload(site, device.id, { instrumentAccuracy: 'x'.repeat(201) });
    expectError(long, 400, 'VALIDATION_FAILED');
    expectError(await upload(site, device.id, {}), 400, 'VALIDATION_FAILED');
    expectError(
      await site.call({ method: 'POST', url: documentsUrl, payload: ['not', 'an', 'object'] }),
      400,
      'VALIDATION_FAILED',
    );
    for (const id of ['99999999999999999999', '2147483648', '0']) {
      expectError(await site.call({ method: 'GET', url: `/api/getDocuments/${id}` }), 404, 'NOT_FOUND');
      expectError(await upload(site, Number(id), { instrumentAccuracy: '±2%' }), 404, 'NOT_FOUND');
    }
    expectError(await site.call({ method: 'GET', url: '/api/getDocuments/abc' }), 400, 'VALIDATION_FAILED');
    expect(await fileRows(device.id)).toEqual([]);
  });

  it('writes nothing, and keeps no stored file, when the audit row cannot be written', async () => {
    const { device } = await industryWithDevice();
    const undo = await failAuditWrites(t.db, 'UPDATE', device.id);
    try {
      const response = await upload(site, device.id, { instrumentAccuracy: 'Never stored' }, [pdfPart()]);
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await fileRows(device.id)).toEqual([]);
    expect(storedFilesOf(device.id)).toEqual([]);
    const documents = (await site.call({ method: 'GET', url: `/api/getDocuments/${device.id}` })).json();
    expect(documents.fields.instrumentAccuracy).toBeNull();
  });

  it('deletes a file (row, bytes and audit); a file of another device is not found', async () => {
    const { tenant, device } = await industryWithDevice();
    const other = await industryWithDevice();
    const documents = (
      await upload(site, device.id, {}, [pdfPart('old calibration.pdf')])
    ).json() as DeviceDocuments;
    const file = documents.files[0]!;
    expectError(
      await site.call({ method: 'DELETE', url: `/api/device/documents/${other.device.id}/files/${file.id}` }),
      404,
      'NOT_FOUND',
    );
    const response = await site.call({
      method: 'DELETE',
      url: `/api/device/documents/${device.id}/files/${file.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as DeviceDocuments).files).toEqual([]);
    expect(storedFilesOf(device.id)).toEqual([]);
    expectError(await download(site, file.pathName), 404, 'NOT_FOUND');
    const [audit] = await auditRowsFor(t.db, 'device_document', device.id);
    expect(audit).toMatchObject({ action: 'DELETE', tenantId: tenant.id, newValue: null });
    expect(audit!.oldValue).toMatchObject({ file: { id: file.id, fileName: 'old calibration.pdf' } });
    expectError(
      await site.call({ method: 'DELETE', url: `/api/device/documents/${device.id}/files/${file.id}` }),
      404,
      'NOT_FOUND',
    );
  });

  it('sends a file only for a path name it gave out, to someone who can see the device', async () => {
    const { device } = await industryWithDevice();
    const documents = (await upload(site, device.id, {}, [pdfPart()])).json() as DeviceDocuments;
    const stranger = await clientFor(t, (await make.tenant()).id, 'admin');
    expectError(await download(stranger, documents.files[0]!.pathName), 404, 'NOT_FOUND');
    for (const pathName of [
      '../../etc/passwd',
      `device-documents/${device.id}/${documents.files[0]!.id}/../x`,
      `device-documents/${device.id}/99999999999`,
      `device-documents/${device.id + 100000}/${documents.files[0]!.id}`,
      `calibrations/${device.id}/${documents.files[0]!.id}`,
      'logos/anything.png',
    ]) {
      expectError(await download(site, pathName), 404, 'NOT_FOUND');
    }
    expectError(await download(site, 'device-documents/1/\u00001'), 400, 'VALIDATION_FAILED');
    expectError(
      await site.call({ method: 'POST', url: '/api/documentById', payload: {} }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await anonymous({
        method: 'POST',
        url: '/api/documentById',
        payload: { pathName: documents.files[0]!.pathName },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('who sees and changes a device’s records', () => {
  it('partner and industry users see their own industries’ devices only; the platform sees all', async () => {
    const partner = await make.partner();
    const { tenant, device } = await industryWithDevice(partner.id);
    const foreign = await industryWithDevice((await make.partner()).id);
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    const industryAdmin = await clientFor(t, tenant.id, 'admin');
    const industryUser = await clientFor(t, tenant.id, 'user');

    for (const client of [partnerAdmin, industryAdmin, industryUser]) {
      expect((await client.call({ method: 'GET', url: `/api/getDocuments/${device.id}` })).statusCode).toBe(
        200,
      );
      for (const url of [
        `/api/getDocuments/${foreign.device.id}`,
        `/api/calibrations?deviceId=${foreign.device.id}`,
        `/api/Previouscalibrations?deviceId=${foreign.device.id}`,
        `/api/devices/${foreign.device.id}/actions`,
      ]) {
        expectError(await client.call({ method: 'GET', url }), 404, 'NOT_FOUND');
      }
    }
    expect(
      (await site.call({ method: 'GET', url: `/api/getDocuments/${foreign.device.id}` })).statusCode,
    ).toBe(200);

    for (const client of [partnerAdmin, industryAdmin]) {
      expect((await upload(client, device.id, { measurementCycle: '15 minutes' })).statusCode).toBe(200);
      expectError(
        await upload(client, foreign.device.id, { measurementCycle: 'x' }, [pdfPart()]),
        404,
        'NOT_FOUND',
      );
      expectError(
        await client.call({
          method: 'POST',
          url: '/api/calibrations',
          payload: { deviceId: foreign.device.id, date: new Date().toISOString() },
        }),
        404,
        'NOT_FOUND',
      );
    }
    // Plain users look; only admins change.
    expectError(await upload(industryUser, device.id, { measurementCycle: 'x' }), 403, 'FORBIDDEN');
    expectError(
      await industryUser.call({
        method: 'POST',
        url: `/api/devices/${device.id}/actions`,
        payload: { action: 'CALIBRATE' },
      }),
      403,
      'FORBIDDEN',
    );
    expect(await fileRows(foreign.device.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const { device } = await industryWithDevice();
    for (const options of [
      { method: 'GET', url: `/api/getDocuments/${device.id}` },
      { method: 'POST', url: `/api/device/documents/${device.id}`, ...multipart({ zeroGasUsed: 'N2' }) },
      { method: 'GET', url: `/api/calibrations?deviceId=${device.id}` },
      { method: 'GET', url: `/api/devices/${device.id}/actions` },
      { method: 'POST', url: `/api/devices/${device.id}/actions`, payload: { action: 'AUTO_CLEAN' } },
    ] as InjectOptions[]) {
      expectError(await anonymous(options), 401, 'UNAUTHENTICATED');
    }
  });

  it('treats a deleted device as gone', async () => {
    const { device } = await industryWithDevice();
    await t.db.update(devices).set({ status: 'DELETED' }).where(eq(devices.id, device.id));
    expectError(await site.call({ method: 'GET', url: `/api/getDocuments/${device.id}` }), 404, 'NOT_FOUND');
    expectError(await upload(site, device.id, { zeroGasUsed: 'N2' }), 404, 'NOT_FOUND');
  });
});

describe('calibrations', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  async function calibratorModel() {
    return (await deviceMake.model('Calibrator')).model;
  }

  it('records a calibration with a CSV file, answers it as the latest and keeps the earlier ones as history', async () => {
    const { tenant, device } = await industryWithDevice();
    const model = await calibratorModel();
    expect(
      (await site.call({ method: 'GET', url: `/api/calibrations?deviceId=${device.id}` })).json(),
    ).toBeNull();

    const first = await site.call({
      method: 'POST',
      url: '/api/calibrations',
      payload: { deviceId: device.id, date: hoursAgo(24 * 14), offset: 0.4, span: 398.7 },
    });
    expect(first.statusCode, first.body).toBe(201);

    const second = await site.call({
      method: 'POST',
      url: '/api/calibrations',
      ...multipart(
        {
          deviceId: device.id,
          modelId: model.id,
          offset: '-0.2',
          span: '401.3',
          coefficients: 'a0=0.01; a1=1.002',
          wavelength: '4260',
          lastCalibration: hoursAgo(24 * 14),
          lastClean: hoursAgo(48),
          comment: ' Two-point check with SO2 400 ppm span gas ',
          date: hoursAgo(1),
          signalStrength: '87.5',
        },
        [
          {
            field: 'calibrationFile',
            filename: 'so2-check.csv',
            contentType: 'application/vnd.ms-excel',
            data: CSV,
          },
        ],
      ),
    });
    expect(second.statusCode, second.body).toBe(201);
    const recorded = second.json() as Calibration;
    expect(recorded).toMatchObject({
      deviceId: device.id,
      make: { name: expect.stringMatching(/^Make /) },
      model: { id: model.id, name: model.name },
      offset: -0.2,
      span: 401.3,
      coefficients: 'a0=0.01; a1=1.002',
      wavelength: 4260,
      comment: 'Two-point check with SO2 400 ppm span gas',
      signalStrength: 87.5,
      recordedBy: site.user.name,
      calibrationFile: { fileName: 'so2-check.csv', pathName: `calibrations/${device.id}/${recorded.id}` },
    });

    const latest = await site.call({ method: 'GET', url: `/api/calibrations?deviceId=${device.id}` });
    expect(latest.json()).toEqual(recorded);
    const history = (
      await site.call({ method: 'GET', url: `/api/Previouscalibrations?deviceId=${device.id}&page=1` })
    ).json() as Page<Calibration>;
    expect(history).toMatchObject({ page: 1, total: 1, totalKind: 'exact', pageCount: 1 });
    expect(history.items.map((item) => item.id)).toEqual([first.json().id]);

    const file = await download(site, recorded.calibrationFile!.pathName);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.rawPayload.equals(CSV)).toBe(true);

    const [audit] = await auditRowsFor(t.db, 'calibration', recorded.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, oldValue: null });
    expect(audit!.newValue).toMatchObject({
      deviceId: device.id,
      span: 401.3,
      calibrationFile: 'so2-check.csv',
    });
  });

  it('pages the history newest first, in the database', async () => {
    const { device } = await industryWithDevice();
    await t.db.insert(deviceCalibrations).values(
      Array.from({ length: 13 }, (_, index) => ({
        deviceId: device.id,
        tenantId: device.tenantId,
        span: index,
        calibratedAt: new Date(Date.now() - (index + 1) * 86_400_000),
      })),
    );
    const page = (n: number) =>
      site
        .call({ method: 'GET', url: `/api/Previouscalibrations?deviceId=${device.id}&page=${n}&pageSize=5` })
        .then((response) => response.json() as Page<Calibration>);
    const first = await page(1);
    // The latest (span 0) is shown on its own, not in the history.
    expect(first.items.map((item) => item.span)).toEqual([1, 2, 3, 4, 5]);
    expect(first).toMatchObject({ total: 12, pageCount: 3 });
    expect((await page(3)).items.map((item) => item.span)).toEqual([11, 12]);
  });

  it('refuses what a calibration cannot be, naming the field, and stores nothing', async () => {
    const { device } = await industryWithDevice();
    const analyser = (await deviceMake.model('Analyser')).model;
    const post = (body: Record<string, unknown>) =>
      site.call({
        method: 'POST',
        url: '/api/calibrations',
        payload: { deviceId: device.id, date: hoursAgo(1), ...body },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ date: new Date(Date.now() + 86_400_000).toISOString() }, 'date'],
      [{ date: '' }, 'date'],
      [{ date: '10/03/2026' }, 'date'],
      [{ date: '1970-01-01T00:00:00Z' }, 'date'],
      [{ lastClean: new Date(Date.now() + 86_400_000).toISOString() }, 'lastClean'],
      [{ signalStrength: 101 }, 'signalStrength'],
      [{ signalStrength: 'strong' }, 'signalStrength'],
      [{ wavelength: 0 }, 'wavelength'],
      [{ offset: 'Infinity' }, 'offset'],
      [{ modelId: analyser.id }, 'modelId'],
      [{ modelId: 2147483647 }, 'modelId'],
      [{ comment: 'x'.repeat(1001) }, 'comment'],
      [{ colour: 'blue' }, 'colour'],
      [{ deviceId: 'seven' }, 'deviceId'],
    ];
    for (const [body, path] of cases) {
      const response = await post(body);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        response.json().error.details.map((detail: { path: string }) => detail.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expectError(await post({ deviceId: 2147483647 }), 404, 'NOT_FOUND');

    const exe = await site.call({
      method: 'POST',
      url: '/api/calibrations',
      ...multipart({ deviceId: device.id, date: hoursAgo(1) }, [
        { field: 'calibrationFile', filename: 'report.csv', contentType: 'text/csv', data: EXE },
      ]),
    });
    expectError(exe, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(exe.json().error.details[0]).toMatchObject({ path: 'calibrationFile' });
    const twoFiles = await site.call({
      method: 'POST',
      url: '/api/calibrations',
      ...multipart({ deviceId: device.id, date: hoursAgo(1) }, [
        { field: 'calibrationFile', filename: 'a.csv', contentType: 'text/csv', data: CSV },
        { field: 'calibrationFile', filename: 'b.csv', contentType: 'text/csv', data: CSV },
      ]),
    });
    expectError(twoFiles, 413, 'PAYLOAD_TOO_LARGE');
    const rows = await t.db
      .select()
      .from(deviceCalibrations)
      .where(eq(deviceCalibrations.deviceId, device.id));
    expect(rows).toEqual([]);
    const folder = join(filesDir, 'calibrations', String(device.id));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('writes nothing when the audit row cannot be written', async () => {
    const { device } = await industryWithDevice();
    const undo = await failAuditWrites(t.db, 'CREATE', await nextId('device_calibrations_id_seq'));
    try {
      const response = await site.call({
        method: 'POST',
        url: '/api/calibrations',
        ...multipart({ deviceId: device.id, date: hoursAgo(1) }, [
          { field: 'calibrationFile', filename: 'report.pdf', contentType: 'application/pdf', data: PDF },
        ]),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(
      await t.db.select().from(deviceCalibrations).where(eq(deviceCalibrations.deviceId, device.id)),
    ).toEqual([]);
    const folder = join(filesDir, 'calibrations', String(device.id));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});

describe('auto clean and calibrate requests', () => {
  it('records a request as REQUESTED by the caller, audited, and lists the latest first', async () => {
    const { tenant, device } = await industryWithDevice();
    const admin = await clientFor(t, tenant.id, 'admin');
    const clean = await admin.call({
      method: 'POST',
      url: `/api/devices/${device.id}/actions`,
      payload: { action: 'AUTO_CLEAN' },
    });
    expect(clean.statusCode, clean.body).toBe(201);
    expect(clean.json()).toMatchObject({
      deviceId: device.id,
      action: 'AUTO_CLEAN',
      result: 'REQUESTED',
      requestedBy: admin.user.name,
      completedAt: null,
    });
    const calibrate = await site.call({
      method: 'POST',
      url: `/api/devices/${device.id}/actions`,
      payload: { action: 'CALIBRATE' },
    });
    expect(calibrate.statusCode).toBe(201);
    const listed = (
      await admin.call({ method: 'GET', url: `/api/devices/${device.id}/actions` })
    ).json() as DeviceAction[];
    expect(listed.map((item) => [item.action, item.requestedBy])).toEqual([
      ['CALIBRATE', site.user.name],
      ['AUTO_CLEAN', admin.user.name],
    ]);
    const [audit] = await auditRowsFor(t.db, 'device_action', clean.json().id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, actorUserId: admin.user.id });
    expect(audit!.newValue).toEqual({ deviceId: device.id, action: 'AUTO_CLEAN', result: 'REQUESTED' });
  });

  it('refuses an unknown action, a disabled device, and writes nothing when the audit fails', async () => {
    const { device } = await industryWithDevice();
    const url = `/api/devices/${device.id}/actions`;
    expectError(
      await site.call({ method: 'POST', url, payload: { action: 'EXPLODE' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await site.call({ method: 'POST', url, payload: {} }), 400, 'VALIDATION_FAILED');
    expectError(
      await site.call({
        method: 'POST',
        url: '/api/devices/99999999999/actions',
        payload: { action: 'CALIBRATE' },
      }),
      404,
      'NOT_FOUND',
    );
    await t.db.update(devices).set({ status: 'DISABLED' }).where(eq(devices.id, device.id));
    const disabled = await site.call({ method: 'POST', url, payload: { action: 'CALIBRATE' } });
    expectError(disabled, 422, 'BUSINESS_RULE');
    expect(await t.db.select().from(deviceActions).where(eq(deviceActions.deviceId, device.id))).toEqual([]);
  });

  it('writes no request when its audit row cannot be written', async () => {
    const { device } = await industryWithDevice();
    const undo = await failAuditWrites(t.db, 'CREATE', await nextId('device_actions_id_seq'));
    try {
      const response = await site.call({
        method: 'POST',
        url: `/api/devices/${device.id}/actions`,
        payload: { action: 'AUTO_CLEAN' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await t.db.select().from(deviceActions).where(eq(deviceActions.deviceId, device.id))).toEqual([]);
  });
});
