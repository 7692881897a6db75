import { randomBytes } from 'node:crypto';
import { generateParameterIdentifiers } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { deviceParams, devices, makes, models, monitoringPoints, parameters } from '../db/schema/index.js';

const unique = () => randomBytes(4).toString('hex');

/**
 * Device registry test data, inserted directly (no API call): a catalogue
 * parameter, an analyser make and model, a monitoring point and a device with
 * parameter rows. Each call makes new, uniquely named records.
 */
export function deviceFactories(db: Executor) {
  async function parameter(
    label = `SO2 ${unique()}`,
    overrides: { isCounter?: boolean; mtype?: 'stack' } = {},
  ) {
    const [row] = await db
      .insert(parameters)
      .values({
        ...generateParameterIdentifiers(label),
        label,
        mtype: 'stack',
        stdUnit: 'mg/Nm3',
        ...overrides,
      })
      .returning();
    return row!;
  }

  async function model(type: 'Analyser' | 'Calibrator' | 'Camera' = 'Analyser') {
    const [make] = await db
      .insert(makes)
      .values({ name: `Make ${unique()}`, type })
      .returning();
    const [row] = await db
      .insert(models)
      .values({ name: `Model ${unique()}`, makeId: make!.id, modelType: 'CEMS' })
      .returning();
    return { make: make!, model: row! };
  }

  async function monitoringPoint(tenantId: number, name = `Stack ${unique()}`) {
    const [row] = await db
      .insert(monitoringPoints)
      .values({ tenantId, name, entityType: 'stack' })
      .returning();
    return row!;
  }

  /** A device of the industry with one enabled parameter row (unit mg/Nm3). */
  async function device(
    tenantId: number,
    overrides: { serialNumber?: string; monitoringPointId?: number; name?: string; sensorId?: string } = {},
  ) {
    const point = overrides.monitoringPointId ?? (await monitoringPoint(tenantId)).id;
    const { model: analyser } = await model();
    const param = await parameter();
    const [row] = await db
      .insert(devices)
      .values({
        tenantId,
        monitoringPointId: point,
        name: overrides.name ?? `Analyser ${unique()}`,
        serialNumber: overrides.serialNumber ?? `SN-${unique()}`,
        modelId: analyser.id,
        dataUploadMethod: 'MODBUS',
        dataFrequency: 15,
        type: 'CEMS',
      })
      .returning();
    await db.insert(deviceParams).values({
      deviceId: row!.id,
      tenantId,
      parameterId: param.id,
      unit: 'mg/Nm3',
      sensorId: overrides.sensorId ?? null,
    });
    return { device: row!, parameter: param, model: analyser, monitoringPointId: point };
  }

  return { parameter, model, monitoringPoint, device };
}
