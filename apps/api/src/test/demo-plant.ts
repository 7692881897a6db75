import { randomBytes } from 'node:crypto';
import { generateParameterIdentifiers } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { deviceParams, devices, monitoringPoints, parameters } from '../db/schema/index.js';
import { createAccount } from '../seed/builders.js';
import { deviceFactories } from './device-factories.js';

const unique = () => randomBytes(4).toString('hex');

type Parameter = typeof parameters.$inferSelect;

/**
 * Demo plants for the simulator's tests: a demo industry (by default; named
 * like one of the seed's to get its outage) with a stack and a gas analyser
 * measuring SO2 (sent in ppm, CPCB limit 100 mg/Nm³) and O2 (%), as the
 * seed's devices do. The two catalogue parameters are made once per database.
 */
export function demoPlants(db: Executor) {
  let catalogue: Promise<{ so2: Parameter; o2: Parameter }> | undefined;

  async function insertParameter(label: string, stdUnit: string, standardLimit: number | null) {
    const [row] = await db
      .insert(parameters)
      .values({ ...generateParameterIdentifiers(label), label, mtype: 'stack', stdUnit, standardLimit })
      .returning();
    return row!;
  }

  function parametersOnce() {
    catalogue ??= (async () => ({
      so2: await insertParameter('SO2', 'mg/Nm3', 100),
      o2: await insertParameter('O2', '%', null),
    }))();
    return catalogue;
  }

  async function plant(options: { name?: string; isDemo?: boolean; point?: string } = {}) {
    const { so2, o2 } = await parametersOnce();
    const slug = unique();
    const tenant = await createAccount(db, {
      type: 'tenant',
      name: options.name ?? `Demo Plant ${slug}`,
      stateCode: 'GJ',
      isDemo: options.isDemo ?? true,
      contactEmail: `ehs@plant-${slug}.demo`,
    });
    const [point] = await db
      .insert(monitoringPoints)
      .values({ tenantId: tenant.id, name: options.point ?? 'Boiler Stack', entityType: 'stack' })
      .returning();
    const { model } = await deviceFactories(db).model();
    const [device] = await db
      .insert(devices)
      .values({
        tenantId: tenant.id,
        monitoringPointId: point!.id,
        name: `Gas Analyser – ${point!.name}`,
        serialNumber: `SN-${slug}`,
        modelId: model.id,
        dataUploadMethod: 'MODBUS',
        dataFrequency: 15,
        type: 'CEMS',
      })
      .returning();
    await db.insert(deviceParams).values([
      { deviceId: device!.id, tenantId: tenant.id, parameterId: so2.id, unit: 'ppm', position: 0 },
      { deviceId: device!.id, tenantId: tenant.id, parameterId: o2.id, unit: '%', position: 1 },
    ]);
    return { tenant, point: point!, device: device!, so2, o2 };
  }

  return { plant };
}
