import {
  DEVICE_MESSAGES,
  MAX_DEVICES_PER_TENANT,
  UNITS,
  deviceRuleIssues,
  ndirTypesFor,
  serialNeedsNoSensorIds,
  type Device,
  type DeviceBody,
  type DeviceListQuery,
  type DeviceSummary,
  type DeviceVendor,
  type FieldError,
  type NoxConversion,
  type Page,
  type SerialCheck,
  type Usage,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { watchLimit } from '../billing/limits.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, notFound, staleVersion } from '../../lib/errors.js';
import { forgetIngestDevice } from '../telemetry/ingest-devices.js';
import { recordAudit } from '../audit/audit.service.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { findModelTypes } from '../makes/makes.repository.js';
import { lockIndustry } from '../monitoring-points/monitoring-points.repository.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  countDevices,
  countUsage,
  findDevice,
  findDeviceOwner,
  findDeviceSummary,
  findDevicesPage,
  findModelOfMake,
  findParametersByIds,
  findSerialSharers,
  findVendors,
  hasMonitoringPoint,
  hasVendor,
  insertDevice,
  insertVendor,
  lockSerialNumber,
  replaceDeviceParams,
  updateDeviceAtVersion,
  type DeviceValues,
} from './devices.repository.js';

const UNIT_CODES = new Set<string>(UNITS.map((u) => u.code));

/** The device as the audit trail keeps it: settings and parameter rows by catalogue id. */
const auditValue = (device: Device) => ({
  name: device.name,
  serialNumber: device.serialNumber,
  monitoringPointId: device.monitoringPoint.id,
  modelId: device.model.id,
  calibratorModelId: device.calibratorModel?.id ?? null,
  dataUploadMethod: device.dataUploadMethod,
  dataFrequency: device.dataFrequency,
  certified: device.certified,
  certification: device.certification,
  isNdirEnabled: device.isNdirEnabled,
  noxConversion: device.noxConversion,
  ndirType: device.ndirType,
  noRatio: device.noRatio,
  no2Ratio: device.no2Ratio,
  vendorId: device.vendor?.id ?? null,
  status: device.status,
  params: device.params.map((p) => ({
    parameterId: p.parameter.id,
    enabled: p.enabled,
    unit: p.unit,
    isCounter: p.isCounter,
    max: p.max,
    sensorId: p.sensorId,
    offlineAlert: p.offlineAlert,
  })),
});

const nameTaken = () =>
  new AppError('DEVICE_EXISTS', 'This industry already has a device with this name.', [
    { path: 'name', message: 'This industry already has a device with this name.', code: 'FIELD_TAKEN' },
  ]);

async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const rulesBroken = (details: FieldError[]) =>
  new AppError('DEVICE_RULES', details[0]?.message ?? 'Please correct the marked fields.', details);

const REFUSAL = 'You are not allowed to change the devices of this industry.';

/** Runs `forget` once `write` has succeeded (its transaction committed). */
async function afterCommit<T>(forget: () => void, write: Promise<T>): Promise<T> {
  const result = await write;
  forget();
  return result;
}

export function createDevicesService({ db }: { db: Database }) {
  async function existingDevice(exec: Executor, ctx: RequestContext, id: number) {
    const device = await findDevice(exec, scopeOf(ctx.principal), id);
    if (!device) throw notFound('Device');
    return device;
  }

  /**
   * Every rule a device must meet before it is stored: the references (point,
   * models, vendor, parameters, units, type) and the rules of spec §5 with
   * the other devices sharing its serial number. All problems at once, as
   * field details.
   */
  async function checkDevice(exec: Executor, tenantId: number, body: DeviceBody, deviceId: number | null) {
    const details: FieldError[] = [];
    if (!(await hasMonitoringPoint(exec, tenantId, body.monitoringPointId))) {
      details.push({
        path: 'monitoringPointId',
        message: 'Choose a monitoring point of this industry',
        code: 'FIELD_INVALID',
      });
    }
    const analyser = await findModelOfMake(exec, body.modelId);
    if (!analyser || analyser.makeType !== 'Analyser') {
      details.push({ path: 'modelId', message: 'Choose a model of an analyser make', code: 'FIELD_INVALID' });
    }
    if (body.calibratorModelId !== null) {
      const calibrator = await findModelOfMake(exec, body.calibratorModelId);
      if (!calibrator || calibrator.makeType !== 'Calibrator') {
        details.push({
          path: 'calibratorModelId',
          message: 'Choose a model of a calibrator make',
          code: 'FIELD_INVALID',
        });
      }
    }
    if (body.vendorId !== null && !(await hasVendor(exec, body.vendorId))) {
      details.push({ path: 'vendorId', message: 'Choose a vendor of the list', code: 'FIELD_INVALID' });
    }
    if (body.type !== null) {
      const types = await findModelTypes(exec);
      if (!types.some((t) => t.type.toLowerCase() === body.type!.toLowerCase())) {
        details.push({ path: 'type', message: 'Choose a device type of the list', code: 'FIELD_INVALID' });
      }
    }
    const catalogue = new Map(
      (await findParametersByIds(exec, [...new Set(body.params.map((p) => p.parameterId))])).map((p) => [
        p.id,
        p,
      ]),
    );
    body.params.forEach((row, index) => {
      const parameter = catalogue.get(row.parameterId);
      if (!parameter || parameter.status === 'DELETED') {
        details.push({
          path: `params.${index}.parameterId`,
          message: 'This parameter is not in the catalogue',
          code: 'FIELD_INVALID',
        });
      }
      for (const key of ['unit', 'cpcbUnit', 'spcbUnit', 'userUnit'] as const) {
        const unit = row[key];
        if (unit !== null && !UNIT_CODES.has(unit)) {
          details.push({
            path: `params.${index}.${key}`,
            message: 'Choose a unit of the list',
            code: 'FIELD_INVALID',
          });
        }
      }
    });
    await lockSerialNumber(exec, body.serialNumber);
    const { sharers, sensorIds } = await findSerialSharers(exec, body.serialNumber, deviceId);
    const issues = deviceRuleIssues(body, {
      parameterOf: (id) => catalogue.get(id),
      serialShared: sharers.some((s) => s.tenantId === tenantId),
      serialForbidden: sharers.some((s) => s.tenantId !== tenantId),
      takenSensorIds: serialNeedsNoSensorIds(body.serialNumber) ? new Set() : sensorIds,
    });
    for (const issue of issues) {
      details.push({ path: issue.path.join('.'), message: issue.message, code: issue.code });
    }
    if (details.length > 0) throw rulesBroken(details);
  }

  const valuesOf = ({ version: _v, params: _p, tenantId: _t, ...values }: DeviceBody): DeviceValues => values;

  return {
    /**
     * A page of the devices the caller sees. Asked for one industry, the
     * page is read first (its rows are within the caller's scope): only an
     * empty one needs the industry looked up, to answer 404 for one the
     * caller cannot see rather than an empty list.
     */
    async list(ctx: RequestContext, query: DeviceListQuery): Promise<Page<DeviceSummary>> {
      const { page, pageSize, ...filter } = query;
      const found = await findDevicesPage(
        db,
        { ...filter, scope: scopeOf(ctx.principal) },
        { page, pageSize },
      );
      if (filter.tenantId !== undefined && found.items.length === 0)
        await visibleIndustry(db, ctx, filter.tenantId);
      return found;
    },

    get: (ctx: RequestContext, id: number) => existingDevice(db, ctx, id),

    async create(ctx: RequestContext, body: DeviceBody): Promise<Device> {
      return withNameCheck(() =>
        db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, body.tenantId, REFUSAL);
          await lockIndustry(tx, industry.id);
          if ((await countDevices(tx, industry.id)) >= MAX_DEVICES_PER_TENANT) {
            throw new AppError(
              'DEVICE_LIMIT',
              `An industry may have at most ${MAX_DEVICES_PER_TENANT} devices.`,
              undefined,
              { limit: MAX_DEVICES_PER_TENANT },
            );
          }
          await checkDevice(tx, industry.id, body, null);
          const parameterLimit = await watchLimit(tx, scopeOf(ctx.principal), industry.id, 'Parameter');
          const id = await insertDevice(tx, industry.id, valuesOf(body));
          await replaceDeviceParams(tx, id, industry.id, body.params);
          await parameterLimit.check();
          const created = await existingDevice(tx, ctx, id);
          await recordAudit(tx, ctx, {
            entity: 'device',
            entityId: id,
            action: 'CREATE',
            tenantId: industry.id,
            oldValue: null,
            newValue: auditValue(created),
          });
          return created;
        }),
      );
    },

    async update(ctx: RequestContext, id: number, body: DeviceBody): Promise<Device> {
      // What ingestion remembers of the device (its parameters, units) is dropped once the change is in.
      return afterCommit(
        () => forgetIngestDevice(db, id),
        withNameCheck(() =>
          db.transaction(async (tx) => {
            const before = await existingDevice(tx, ctx, id);
            const industry = await changeableIndustry(tx, ctx, before.tenant.id, REFUSAL);
            if (body.tenantId !== industry.id) {
              throw rulesBroken([
                {
                  path: 'tenantId',
                  message: 'A device stays with its industry: add it to the other industry instead',
                  code: 'FIELD_INVALID',
                },
              ]);
            }
            await checkDevice(tx, industry.id, body, id);
            const parameterLimit = await watchLimit(tx, scopeOf(ctx.principal), industry.id, 'Parameter');
            if (
              body.version === undefined ||
              !(await updateDeviceAtVersion(tx, id, body.version, valuesOf(body)))
            ) {
              throw staleVersion();
            }
            await replaceDeviceParams(tx, id, industry.id, body.params);
            await parameterLimit.check();
            const saved = await existingDevice(tx, ctx, id);
            await recordAudit(tx, ctx, {
              entity: 'device',
              entityId: id,
              action: 'UPDATE',
              tenantId: industry.id,
              oldValue: auditValue(before),
              newValue: auditValue(saved),
            });
            return saved;
          }),
        ),
      );
    },

    /** Marks the device deleted; its parameter rows and readings stay for the record. */
    async remove(ctx: RequestContext, id: number, version: number | undefined): Promise<DeviceSummary> {
      return afterCommit(
        () => forgetIngestDevice(db, id),
        db.transaction(async (tx) => {
          const before = await existingDevice(tx, ctx, id);
          const industry = await changeableIndustry(tx, ctx, before.tenant.id, REFUSAL);
          if (!(await updateDeviceAtVersion(tx, id, version ?? before.version, { status: 'DELETED' }))) {
            throw staleVersion();
          }
          await recordAudit(tx, ctx, {
            entity: 'device',
            entityId: id,
            action: 'DELETE',
            tenantId: industry.id,
            oldValue: auditValue(before),
            newValue: null,
          });
          const deleted = await findDeviceSummary(tx, id);
          return deleted!;
        }),
      );
    },

    async sensorIdRequired(ctx: RequestContext, id: number) {
      const device = await findDeviceOwner(db, scopeOf(ctx.principal), id);
      if (!device) throw notFound('Device');
      if (serialNeedsNoSensorIds(device.serialNumber)) return { sensorIdRequired: false };
      const { sharers } = await findSerialSharers(db, device.serialNumber, device.id);
      return { sensorIdRequired: sharers.some((s) => s.tenantId === device.tenantId) };
    },

    /**
     * Whether the serial number is free for a device of the industry. Taken is
     * a 409 (spec §7: a normal answer) saying whether it is forbidden (another
     * industry's device has it) and whether sensor ids are then required.
     */
    async checkSerialNumber(
      ctx: RequestContext,
      body: { newSNo: string; deviceId?: number | null | undefined; tenantId: number },
    ): Promise<SerialCheck> {
      await visibleIndustry(db, ctx, body.tenantId);
      const { sharers } = await findSerialSharers(db, body.newSNo, body.deviceId ?? null);
      if (sharers.length === 0) return { available: true, forbidden: false, sensorIdRequired: false };
      const forbiddenSerial = sharers.some((s) => s.tenantId !== body.tenantId);
      const sensorIdRequired = !forbiddenSerial && !serialNeedsNoSensorIds(body.newSNo);
      const message = forbiddenSerial
        ? DEVICE_MESSAGES.serialForbidden
        : 'Another device has this serial number.';
      throw new AppError(
        'SERIAL_NUMBER_TAKEN',
        message,
        [{ path: 'newSNo', message, code: forbiddenSerial ? 'FIELD_TAKEN' : 'FIELD_INVALID' }],
        { forbidden: forbiddenSerial, sensorIdRequired },
      );
    },

    async checkSensorId(
      ctx: RequestContext,
      body: { serialNo: string; sensorId: string; deviceId?: number | null | undefined; tenantId: number },
    ) {
      await visibleIndustry(db, ctx, body.tenantId);
      if (serialNeedsNoSensorIds(body.serialNo)) return { available: true };
      const { sensorIds } = await findSerialSharers(db, body.serialNo, body.deviceId ?? null);
      return { available: !sensorIds.has(body.sensorId.trim().toLowerCase()) };
    },

    async deviceTypes() {
      return (await findModelTypes(db)).map((t) => ({ value: t.type, label: t.type }));
    },

    ndirTypes: (conversion: NoxConversion | undefined) => ndirTypesFor(conversion),

    vendors: (): Promise<DeviceVendor[]> => findVendors(db),

    async createVendor(ctx: RequestContext, name: string): Promise<DeviceVendor> {
      try {
        return await db.transaction(async (tx) => {
          const vendor = await insertVendor(tx, name);
          await recordAudit(tx, ctx, {
            entity: 'device_vendor',
            entityId: vendor.id,
            action: 'CREATE',
            tenantId: null,
            oldValue: null,
            newValue: { name: vendor.name },
          });
          return vendor;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('VENDOR_EXISTS', 'A vendor with this name already exists.', [
            { path: 'name', message: 'A vendor with this name already exists.', code: 'FIELD_TAKEN' },
          ]);
        }
        throw error;
      }
    },

    async usage(ctx: RequestContext, tenantId: number): Promise<Usage> {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return countUsage(db, industry.id);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
