import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_MIGRATION_CSV_TEMPLATE,
  DATA_MIGRATION_MAX_BYTES,
  DATA_MIGRATION_MESSAGES,
  MIGRATE_PARTNER_SUCCESS,
  PLATFORM_ACCOUNT_ID,
  type DataMigration,
  type DataMigrationDetail,
  type Page,
} from '@vayu/domain';
import { accounts, dataMigrations, deviceParams, readings } from '../../db/schema/index.js';
import { claimJobs, completeJob, failJob, PermanentJobError } from '../../jobs/job-queue.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import { createDiskFileStore } from '../../lib/file-store.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { closeAfterFile, startTestApp, type TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { ok } from '../billing/billing.test-support.js';
import { insertReadings } from '../telemetry/ingest.service.js';
import { dataMigrationCheckJob, dataMigrationImportJob } from './data-migration-jobs.js';

/*
 * Data migrations on the API: a CSV (or another industry's readings) checked
 * by a job that writes no reading, then imported all or nothing by another;
 * the jobs are driven here, not waited for. And who may do what.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

let t: TestContext;
let filesDir: string;
type Caller = Awaited<ReturnType<typeof clientFor>>['call'];
let site: Caller;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'vayu-migrations-'));
  closeAfterFile(() => rmSync(filesDir, { recursive: true, force: true }));
  // No worker of its own: the tests run the queue's jobs themselves.
  t = await startTestApp({ jobConcurrency: 0, filesDir });
  site = (await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin')).call;
});

async function runQueue<P>(queue: string, handler: JobHandler<P>): Promise<number> {
  const claimed = await claimJobs(t.db, { queues: [queue], limit: 50, workerId: 'test', leaseMs: 60_000 });
  for (const job of claimed) {
    try {
      const result = await handler(job.payload as P, { job, signal: new AbortController().signal });
      await completeJob(t.db, job.id, 'test', result);
    } catch (error) {
      const isLast = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      await failJob(t.db, job.id, 'test', { error: String(error), retryInMs: isLast ? null : 0 });
    }
  }
  return claimed.length;
}
const deps = () => ({ database: t.database, files: createDiskFileStore(filesDir) });
const runChecks = () => runQueue('dataMigrations.check', dataMigrationCheckJob(deps()));
const runImports = () => runQueue('dataMigrations.import', dataMigrationImportJob(deps()));

/** Minutes of a day a month ago (history well past ingestion's 7 days). */
const base = Math.floor((Date.now() - 30 * DAY_MS) / DAY_MS) * DAY_MS + 4 * 60 * MINUTE_MS;
const at = (minute: number) => new Date(base + minute * MINUTE_MS).toISOString();

/** A partner's industry with one analyser (serial known) measuring one parameter in mg/Nm3, and its admins. */
async function industry(partnerId?: number) {
  const make = factories(t.db);
  const partner = partnerId ?? (await make.partner()).id;
  const tenant = await make.tenant({ partnerId: partner });
  const made = await deviceFactories(t.db).device(tenant.id);
  return {
    partnerId: partner,
    tenant,
    device: made.device,
    parameter: made.parameter,
    admin: (await clientFor(t, tenant.id, 'admin')).call,
    viewer: (await clientFor(t, tenant.id, 'user')).call,
  };
}
type Industry = Awaited<ReturnType<typeof industry>>;

const csv = (lines: string[]) =>
  Buffer.from(['deviceSerial,parameter,time,value,unit,provenance', ...lines].join('\n'));
const line = (
  setup: Industry,
  minute: number,
  value: string | number,
  extra: Partial<Record<string, string>> = {},
) =>
  [
    extra.serial ?? setup.device.serialNumber,
    extra.parameter ?? setup.parameter.paramKey,
    extra.time ?? at(minute),
    value,
    extra.unit ?? 'mg/Nm3',
    extra.provenance ?? '',
  ].join(',');

function upload(
  caller: Caller,
  tenantId: number | string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const form = multipart({ tenantId: String(tenantId), ...fields }, [
    { field: 'file', filename: 'history.csv', contentType: 'text/csv', data },
  ]);
  return caller({ method: 'POST', url: '/api/dataMigration', payload: form.payload, headers: form.headers });
}

const detail = (caller: Caller, id: number) =>
  ok<DataMigrationDetail>(caller({ method: 'GET', url: `/api/dataMigration/${id}` }));

const migrationReadings = (tenantId: number) =>
  t.db
    .select()
    .from(readings)
    .where(and(eq(readings.tenantId, tenantId), eq(readings.source, 'migration')));

describe('the dry run', () => {
  it('reports each row in error with its line, field and code, rejects the migration and writes no reading', async () => {
    const setup = await industry();
    // A reading stored already at minute 50.
    await insertReadings(
      t.database,
      [
        {
          index: 0,
          tenantId: setup.tenant.id,
          deviceId: setup.device.id,
          parameterId: setup.parameter.id,
          ms: Date.parse(at(50)),
          value: 1,
          unit: 'mg/Nm3',
          valueStd: 1,
          provenance: 'measured',
        },
      ],
      { source: 'edge', tokenId: null },
    );
    const file = csv([
      line(setup, 0, 10), // line 2: fine
      line(setup, 1, 11, { unit: 'furlongs' }), // 3
      line(setup, 2, 12, { serial: 'NO-SUCH-SERIAL' }), // 4
      line(setup, 3, 13, { time: new Date(Date.now() + DAY_MS).toISOString() }), // 5
      line(setup, 4, 'abc'), // 6
      line(setup, 0, 14), // 7: same as line 2
      line(setup, 50, 15), // 8: stored already
      line(setup, 5, 16, { provenance: 'guessed' }), // 9
      line(setup, 6, 17, { time: '2010-01-01T00:00:00+05:30' }), // 10: beyond the history kept
    ]);
    const created = await ok<DataMigrationDetail>(upload(setup.admin, setup.tenant.id, file), 201);
    expect(created).toMatchObject({
      status: 'CHECKING',
      source: 'CSV',
      fileName: 'history.csv',
      progress: 0,
    });

    expect(await runChecks()).toBe(1);
    const checked = await detail(setup.viewer, created.id);
    expect(checked).toMatchObject({
      status: 'REJECTED',
      progress: 100,
      totalRows: 9,
      validRows: 1,
      errorCount: 8,
    });
    expect(checked.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 3, field: 'unit', code: 'UNIT_NOT_ALLOWED' },
      { row: 4, field: 'deviceSerial', code: 'UNKNOWN_DEVICE' },
      { row: 5, field: 'time', code: 'TIME_IN_FUTURE' },
      { row: 6, field: 'value', code: 'VALUE_NOT_NUMBER' },
      { row: 7, field: null, code: 'DUPLICATE_IN_FILE' },
      { row: 8, field: null, code: 'DUPLICATE_STORED' },
      { row: 9, field: 'provenance', code: 'PROVENANCE_NOT_ALLOWED' },
      { row: 10, field: 'time', code: 'TIME_TOO_OLD' },
    ]);
    expect(checked.errors.every((error) => error.message.length > 0)).toBe(true);
    expect(await migrationReadings(setup.tenant.id)).toEqual([]);

    // A rejected migration cannot be imported.
    expectError(
      await setup.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }),
      409,
      'MIGRATION_STATE',
    );
  });

  it('says when a line stops being CSV', async () => {
    const setup = await industry();
    const file = Buffer.concat([csv([line(setup, 0, 1)]), Buffer.from('\n"unclosed,quote\n')]);
    const created = await ok<DataMigrationDetail>(upload(setup.admin, setup.tenant.id, file), 201);
    await runChecks();
    const checked = await detail(setup.admin, created.id);
    expect(checked.status).toBe('REJECTED');
    expect(checked.errors.map((error) => error.code)).toContain('FILE_INVALID');
  });
});

describe('a clean file', () => {
  it('is checked, then imported whole: every row, its provenance kept, source migration, the importer as user', async () => {
    const setup = await industry();
    const file = csv([
      line(setup, 0, 10),
      line(setup, 15, 11.5, { provenance: 'manual' }),
      line(setup, 30, '-2e1', { provenance: 'substituted' }),
    ]);
    const created = await ok<DataMigrationDetail>(upload(setup.admin, setup.tenant.id, file), 201);
    await runChecks();
    expect(await detail(setup.admin, created.id)).toMatchObject({
      status: 'CHECKED',
      totalRows: 3,
      validRows: 3,
      errorCount: 0,
      errors: [],
    });
    expect(await migrationReadings(setup.tenant.id)).toEqual([]);

    const importing = await ok<DataMigrationDetail>(
      setup.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }),
    );
    expect(importing.status).toBe('IMPORTING');
    // Asked again while it imports: 409, once queued.
    expectError(
      await setup.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }),
      409,
      'MIGRATION_STATE',
    );
    expect(await runImports()).toBe(1);
    expect(await detail(setup.admin, created.id)).toMatchObject({
      status: 'IMPORTED',
      progress: 100,
      importedRows: 3,
      failure: null,
    });

    const stored = (await migrationReadings(setup.tenant.id)).sort((a, b) => a.ts.getTime() - b.ts.getTime());
    const [importer] = await auditRowsFor(t.db, 'data_migration', created.id);
    expect(stored.map((r) => [r.ts.toISOString(), r.value, r.provenance, r.deviceId, r.userId])).toEqual([
      [at(0), 10, 'measured', setup.device.id, importer!.actorUserId],
      [at(15), 11.5, 'manual', setup.device.id, importer!.actorUserId],
      [at(30), -20, 'substituted', setup.device.id, importer!.actorUserId],
    ]);
    expect(stored.every((r) => r.userId !== null && r.source === 'migration')).toBe(true);

    const audit = await auditRowsFor(t.db, 'data_migration', created.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['CREATE', 'IMPORT']);
    // An imported migration can be neither imported again nor cancelled.
    expectError(
      await setup.admin({ method: 'DELETE', url: `/api/dataMigration/${created.id}` }),
      409,
      'MIGRATION_STATE',
    );
  });

  it('writes nothing when a reading for one of its keys arrives after the check: FAILED with the reason', async () => {
    const setup = await industry();
    const file = csv([line(setup, 0, 1), line(setup, 1, 2), line(setup, 2, 3)]);
    const created = await ok<DataMigrationDetail>(upload(setup.admin, setup.tenant.id, file), 201);
    await runChecks();
    expect((await detail(setup.admin, created.id)).status).toBe('CHECKED');
    await insertReadings(
      t.database,
      [
        {
          index: 0,
          tenantId: setup.tenant.id,
          deviceId: setup.device.id,
          parameterId: setup.parameter.id,
          ms: Date.parse(at(2)),
          value: 99,
          unit: 'mg/Nm3',
          valueStd: 99,
          provenance: 'measured',
        },
      ],
      { source: 'edge', tokenId: null },
    );
    await ok(setup.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }));
    await runImports();
    expect(await detail(setup.admin, created.id)).toMatchObject({
      status: 'FAILED',
      importedRows: null,
      failure: DATA_MIGRATION_MESSAGES.conflict,
    });
    expect(await migrationReadings(setup.tenant.id)).toEqual([]);
    const all = await t.db.select().from(readings).where(eq(readings.tenantId, setup.tenant.id));
    expect(all.map((r) => r.value)).toEqual([99]);
  });

  it('writes nothing when a row became invalid between check and import (its device disabled)', async () => {
    const setup = await industry();
    const other = await deviceFactories(t.db).device(setup.tenant.id);
    const file = csv([
      line(setup, 0, 1),
      line(setup, 1, 2, { serial: other.device.serialNumber, parameter: other.parameter.paramKey }),
    ]);
    const created = await ok<DataMigrationDetail>(upload(setup.admin, setup.tenant.id, file), 201);
    await runChecks();
    expect((await detail(setup.admin, created.id)).status).toBe('CHECKED');
    await t.db.update(deviceParams).set({ enabled: false }).where(eq(deviceParams.deviceId, other.device.id));
    const { forgetIngestDevices } = await import('../telemetry/ingest-devices.js');
    forgetIngestDevices(t.db);
    await ok(setup.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }));
    await runImports();
    expect(await detail(setup.admin, created.id)).toMatchObject({
      status: 'FAILED',
      failure: DATA_MIGRATION_MESSAGES.rowChanged,
    });
    expect(await migrationReadings(setup.tenant.id)).toEqual([]);
  });
});

describe('from another industry', () => {
  it('maps devices by serial number and parameters by catalogue id, keeping the source rows’ provenance', async () => {
    const target = await industry();
    const source = await industry(target.partnerId);
    const partnerAdmin = (await clientFor(t, target.partnerId, 'admin')).call;
    // The target has an analyser with the source's serial, measuring the source's parameter.
    const twin = await deviceFactories(t.db).device(target.tenant.id, {
      serialNumber: source.device.serialNumber.toLowerCase(),
    });
    await t.db.insert(deviceParams).values({
      deviceId: twin.device.id,
      tenantId: target.tenant.id,
      parameterId: source.parameter.id,
      unit: 'mg/Nm3',
    });
    const reading = (
      deviceId: number,
      parameterId: number,
      minute: number,
      value: number,
      provenance: string,
    ) => ({
      index: minute,
      tenantId: source.tenant.id,
      deviceId,
      parameterId,
      ms: Date.parse(at(minute)),
      value,
      unit: 'mg/Nm3',
      valueStd: value,
      provenance,
    });
    const sourceReading = (minute: number, value: number, provenance: string) =>
      reading(source.device.id, source.parameter.id, minute, value, provenance);
    await insertReadings(
      t.database,
      [
        sourceReading(0, 5, 'measured'),
        sourceReading(15, 6, 'calibration'),
        sourceReading(90, 7, 'measured'),
      ],
      { source: 'edge', tokenId: null },
    );

    // The industry's own admin may not see the other industry: 404.
    expectError(
      await target.admin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: { tenantId: target.tenant.id, sourceTenantId: source.tenant.id },
      }),
      404,
      'NOT_FOUND',
    );
    const created = await ok<DataMigrationDetail>(
      partnerAdmin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: { tenantId: target.tenant.id, sourceTenantId: source.tenant.id, from: at(0), to: at(60) },
      }),
      201,
    );
    expect(created).toMatchObject({ source: 'TENANT', sourceTenantName: source.tenant.name, from: at(0) });
    await runChecks();
    expect(await detail(target.admin, created.id)).toMatchObject({
      status: 'CHECKED',
      totalRows: 2,
      validRows: 2,
    });
    await ok(partnerAdmin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }));
    await runImports();
    expect((await detail(target.admin, created.id)).status).toBe('IMPORTED');
    const stored = (await migrationReadings(target.tenant.id)).sort(
      (a, b) => a.ts.getTime() - b.ts.getTime(),
    );
    expect(stored.map((r) => [r.deviceId, r.parameterId, r.ts.toISOString(), r.value, r.provenance])).toEqual(
      [
        [twin.device.id, source.parameter.id, at(0), 5, 'measured'],
        [twin.device.id, source.parameter.id, at(15), 6, 'calibration'],
      ],
    );

    // A source device with no twin at the target: its rows are in error.
    const lonely = await deviceFactories(t.db).device(source.tenant.id);
    await insertReadings(t.database, [reading(lonely.device.id, lonely.parameter.id, 200, 1, 'measured')], {
      source: 'edge',
      tokenId: null,
    });
    const second = await ok<DataMigrationDetail>(
      partnerAdmin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: { tenantId: target.tenant.id, sourceTenantId: source.tenant.id, from: at(100) },
      }),
      201,
    );
    await runChecks();
    const rejected = await detail(partnerAdmin, second.id);
    expect(rejected).toMatchObject({ status: 'REJECTED', totalRows: 1, errorCount: 1 });
    expect(rejected.errors[0]).toMatchObject({ row: 1, field: 'deviceSerial', code: 'UNKNOWN_DEVICE' });
  });
});

describe('who may do what', () => {
  it('keeps each industry’s migrations to those who see it, and writes to its administrators', async () => {
    const setup = await industry();
    const stranger = await industry();
    const partnerAdmin = (await clientFor(t, setup.partnerId, 'admin')).call;
    const created = await ok<DataMigrationDetail>(
      upload(partnerAdmin, setup.tenant.id, csv([line(setup, 0, 1)])),
      201,
    );
    await runChecks();

    for (const path of [`/api/dataMigration/${created.id}`]) {
      expectError(await stranger.admin({ method: 'GET', url: path }), 404, 'NOT_FOUND');
      expectError(await stranger.admin({ method: 'DELETE', url: path }), 404, 'NOT_FOUND');
    }
    expectError(
      await stranger.admin({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }),
      404,
      'NOT_FOUND',
    );
    expectError(await upload(stranger.admin, setup.tenant.id, csv([line(setup, 1, 1)])), 404, 'NOT_FOUND');
    // A user (not an admin) of the industry reads but does not write.
    expectError(await upload(setup.viewer, setup.tenant.id, csv([line(setup, 1, 1)])), 403, 'FORBIDDEN');
    expectError(
      await setup.viewer({ method: 'POST', url: `/api/dataMigration/${created.id}/import` }),
      403,
      'FORBIDDEN',
    );

    const own = await ok<Page<DataMigration>>(setup.viewer({ method: 'GET', url: '/api/dataMigration' }));
    expect(own.items.map((item) => item.id)).toEqual([created.id]);
    const theirs = await ok<Page<DataMigration>>(
      stranger.admin({ method: 'GET', url: '/api/dataMigration' }),
    );
    expect(theirs.items).toEqual([]);
    expectError(
      await stranger.admin({ method: 'GET', url: `/api/dataMigration?tenantId=${setup.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    const checked = await ok<Page<DataMigration>>(
      site({ method: 'GET', url: `/api/dataMigration?tenantId=${setup.tenant.id}&status=CHECKED` }),
    );
    expect(checked.items.map((item) => item.id)).toEqual([created.id]);

    // The industry's admin cancels it; its file is removed; cancelling again is refused.
    const [row] = await t.db.select().from(dataMigrations).where(eq(dataMigrations.id, created.id));
    expect(existsSync(join(filesDir, row!.storageKey!))).toBe(true);
    const cancelled = await ok<DataMigrationDetail>(
      setup.admin({ method: 'DELETE', url: `/api/dataMigration/${created.id}` }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(existsSync(join(filesDir, row!.storageKey!))).toBe(false);
    expectError(
      await setup.admin({ method: 'DELETE', url: `/api/dataMigration/${created.id}` }),
      409,
      'MIGRATION_STATE',
    );
    const audit = await auditRowsFor(t.db, 'data_migration', created.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CANCEL', 'CREATE']);
  });
});

describe('refused uploads and hostile input', () => {
  it('refuses files over the size limit (413), not text (415), without the columns (400), and a file with a source (400)', async () => {
    const setup = await industry();
    const big = Buffer.alloc(DATA_MIGRATION_MAX_BYTES + 1, 'a');
    expectError(await upload(setup.admin, setup.tenant.id, big), 413, 'PAYLOAD_TOO_LARGE');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const binary = await upload(setup.admin, setup.tenant.id, png);
    expectError(binary, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(binary.json().error.details[0].path).toBe('file');
    const noHeader = await upload(setup.admin, setup.tenant.id, Buffer.from('a,b,c\n1,2,3\n'));
    expectError(noHeader, 400, 'VALIDATION_FAILED');
    expect(noHeader.json().error.details[0].path).toBe('file');
    expectError(
      await upload(setup.admin, setup.tenant.id, csv([line(setup, 0, 1)]), { sourceTenantId: '5' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await setup.admin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: { tenantId: setup.tenant.id },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const migrations = await t.db
      .select()
      .from(dataMigrations)
      .where(eq(dataMigrations.tenantId, setup.tenant.id));
    expect(migrations).toEqual([]);
  });

  it('answers hostile ids, dates, NUL bytes and broken forms with a 4xx', async () => {
    const setup = await industry();
    const statuses: number[] = [];
    const record = async (call: Promise<{ statusCode: number }>) => statuses.push((await call).statusCode);
    await record(setup.admin({ method: 'GET', url: '/api/dataMigration/99999999999999999999' }));
    await record(setup.admin({ method: 'GET', url: '/api/dataMigration/abc' }));
    await record(setup.admin({ method: 'POST', url: '/api/dataMigration/2147483648/import' }));
    await record(setup.admin({ method: 'DELETE', url: '/api/dataMigration/-1' }));
    await record(setup.admin({ method: 'GET', url: '/api/dataMigration?status=NOPE&page=0' }));
    await record(upload(setup.admin, '1\u0000', csv([line(setup, 0, 1)])));
    await record(upload(setup.admin, '99999999999', csv([line(setup, 0, 1)])));
    await record(
      setup.admin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: {
          tenantId: setup.tenant.id,
          sourceTenantId: setup.tenant.id + 1,
          from: '9999-01-01T00:00:00Z',
        },
      }),
    );
    await record(
      setup.admin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="tenantId"\r\n\r\n1'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
    );
    await record(
      setup.admin({
        method: 'POST',
        url: '/api/dataMigration',
        payload: { tenantId: setup.tenant.id, sourceTenantId: setup.tenant.id },
      }),
    );
    expect(
      statuses.every((status) => status >= 400 && status < 500),
      String(statuses),
    ).toBe(true);
    expect(statuses.length).toBe(10);
  });

  it('offers the CSV template', async () => {
    const setup = await industry();
    const response = await setup.viewer({ method: 'GET', url: '/api/dataMigration/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body).toBe(DATA_MIGRATION_CSV_TEMPLATE);
  });
});

describe('POST /api/migratePartner', () => {
  it('moves an industry to another partner as the partner change does, and refuses what that refuses', async () => {
    const setup = await industry();
    const next = await factories(t.db).partner();
    const moved = await ok<{ message: string }>(
      site({
        method: 'POST',
        url: '/api/migratePartner',
        payload: { tenantId: setup.tenant.id, partnerId: next.id },
      }),
    );
    expect(moved.message).toBe(MIGRATE_PARTNER_SUCCESS);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, setup.tenant.id));
    expect(account!.partnerId).toBe(next.id);
    const audit = await auditRowsFor(t.db, 'account', setup.tenant.id);
    expect(audit[0]).toMatchObject({ action: 'PARTNER_CHANGE', newValue: { partnerId: next.id } });

    expectError(
      await site({
        method: 'POST',
        url: '/api/migratePartner',
        payload: { tenantId: setup.tenant.id, partnerId: next.id },
      }),
      422,
      'PARTNER_CHANGE_REFUSED',
    );
    expectError(
      await setup.admin({
        method: 'POST',
        url: '/api/migratePartner',
        payload: { tenantId: setup.tenant.id, partnerId: -1 },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await site({ method: 'POST', url: '/api/migratePartner', payload: { tenantId: 'x', partnerId: -5 } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
