import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { CertificationBody, DeviceUploadMethod } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import {
  accounts,
  deviceDocumentFields,
  deviceParams,
  devices,
  deviceVendors,
  makes,
  modelParameters,
  models,
  monitoringPoints,
  parameters,
} from '../db/schema/index.js';

/** Companies that supply, install and maintain monitoring systems at the demo plants. */
const DEMO_VENDORS = [
  'Deccan Enviro Systems Pvt Ltd',
  'Sahyadri Instrumentation and Controls',
  'Ganga Analytical Services',
  'Western Enviro Integrators LLP',
];

interface DemoDevice {
  /** `Make/Model` of the seeded analyser models. */
  model: string;
  /** What the device is; its name is this and its point's: "Gas Analyser – Kiln / Raw Mill Stack". */
  name: string;
  prefix: string;
  certification: CertificationBody | null;
  uploadMethod: DeviceUploadMethod;
  type: string;
  /** The NOx settings of an analyser that reports NOx. */
  nox?: { conversion: 'NO' | 'NO2'; ndirType: string };
  documents: {
    instrumentAccuracy: string;
    instrumentMeasurementRange: string;
    instrumentWorkingTemperatureRange: string;
    measurementCycle: string;
    referenceGasUsed: string | null;
    zeroGasUsed: string | null;
    otherDiagnosticParametersMonitored: string | null;
  };
}

const GAS_DOCS = {
  instrumentAccuracy: '±2 % of full scale',
  instrumentMeasurementRange: 'SO2 0–2000 mg/Nm³, NOx 0–1000 mg/Nm³, CO 0–500 mg/Nm³',
  instrumentWorkingTemperatureRange: '+5 °C to +40 °C (shelter)',
  measurementCycle: 'Continuous, 1-minute averages',
  referenceGasUsed: 'SO2 400 ppm, NO 250 ppm, CO 200 ppm in N2 (certified cylinders)',
  zeroGasUsed: 'Instrument air through zero-air generator',
  otherDiagnosticParametersMonitored: 'Cell temperature, sample flow, probe temperature',
};
const DUST_DOCS = {
  instrumentAccuracy: '±2 % of reading after gravimetric correlation',
  instrumentMeasurementRange: '0–200 mg/Nm³',
  instrumentWorkingTemperatureRange: '-20 °C to +60 °C',
  measurementCycle: 'Continuous',
  referenceGasUsed: null,
  zeroGasUsed: null,
  otherDiagnosticParametersMonitored: 'Window contamination, light source intensity',
};

/** What stands at each kind of monitoring point, by the kind. */
const DEVICES_BY_POINT: Record<string, DemoDevice[]> = {
  stack: [
    {
      model: 'Horiba/ENDA-5000',
      name: 'Gas Analyser',
      prefix: 'HOR-E5K',
      certification: 'TUV',
      uploadMethod: 'MODBUS',
      type: 'CEMS',
      nox: { conversion: 'NO', ndirType: 'CLD' },
      documents: GAS_DOCS,
    },
    {
      model: 'SICK/FW300',
      name: 'Dust Monitor',
      prefix: 'SICK-FW3',
      certification: 'MCERT',
      uploadMethod: 'MODBUS',
      type: 'CEMS',
      documents: DUST_DOCS,
    },
  ],
  etp: [
    {
      model: 'Chemtrols/Multi-Parameter Effluent Analyser',
      name: 'Effluent Analyser',
      prefix: 'CHM-MPA',
      certification: null,
      uploadMethod: 'CLIENT S/W',
      type: 'Water Quality',
      documents: {
        instrumentAccuracy: 'pH ±0.1; COD, BOD, TSS ±5 % of reading',
        instrumentMeasurementRange: 'pH 0–14; COD 0–1000 mg/L; BOD 0–500 mg/L; TSS 0–750 mg/L',
        instrumentWorkingTemperatureRange: '+5 °C to +45 °C',
        measurementCycle: 'UV-Vis scan every 15 minutes',
        referenceGasUsed: null,
        zeroGasUsed: null,
        otherDiagnosticParametersMonitored: 'Lamp hours, cleaning cycle, sample temperature',
      },
    },
  ],
  caaqms: [
    {
      model: 'Thermo Fisher Scientific/5014i Beta',
      name: 'Particulate Monitor',
      prefix: 'TFS-5014',
      certification: 'USEPA',
      uploadMethod: 'API',
      type: 'CAAQMS',
      documents: {
        instrumentAccuracy: '±5 µg/m³ (24-hour average)',
        instrumentMeasurementRange: '0–10,000 µg/m³',
        instrumentWorkingTemperatureRange: '+5 °C to +40 °C',
        measurementCycle: 'Beta attenuation, hourly and 24-hour averages',
        referenceGasUsed: null,
        zeroGasUsed: null,
        otherDiagnosticParametersMonitored: 'Flow, filter tape, sample humidity',
      },
    },
    {
      model: 'Thermo Fisher Scientific/42iQ',
      name: 'NOx Analyser',
      prefix: 'TFS-42IQ',
      certification: 'USEPA',
      uploadMethod: 'API',
      type: 'CAAQMS',
      nox: { conversion: 'NO', ndirType: 'CLD' },
      documents: {
        instrumentAccuracy: '±1 % of reading or 0.4 ppb',
        instrumentMeasurementRange: '0–1000 ppb',
        instrumentWorkingTemperatureRange: '+15 °C to +35 °C',
        measurementCycle: 'Continuous, 1-minute averages',
        referenceGasUsed: 'NO 80 ppm in N2, diluted by the T700 calibrator',
        zeroGasUsed: 'Zero air from the T701 generator',
        otherDiagnosticParametersMonitored: 'Reaction chamber pressure, ozonator flow, PMT voltage',
      },
    },
  ],
};

/**
 * Demo devices: at each demo industry's stacks, effluent plants and ambient
 * stations, the analysers such a point has, from the seeded makes and models,
 * with the parameter rows their models measure (units as the catalogue has
 * them) and the supporting document details. Runs after the makes.
 */
export async function seedDemoDevices(tx: Executor) {
  const vendorIds = (
    await tx
      .insert(deviceVendors)
      .values(DEMO_VENDORS.map((name) => ({ name })))
      .returning({ id: deviceVendors.id })
  ).map((v) => v.id);

  const modelRows = await tx
    .select({ id: models.id, name: models.name, make: makes.name })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(eq(makes.type, 'Analyser'));
  const modelIds = new Map(modelRows.map((m) => [`${m.make}/${m.name}`, m.id]));
  const calibrator = await tx
    .select({ id: models.id })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(makes.type, 'Calibrator'), eq(models.name, 'T700')));

  const measured = await tx
    .select({
      modelId: modelParameters.modelId,
      parameterId: parameters.id,
      unit: parameters.stdUnit,
      isCounter: parameters.isCounter,
      counterResetValue: parameters.counterResetValue,
    })
    .from(modelParameters)
    .innerJoin(parameters, eq(parameters.id, modelParameters.parameterId))
    .where(inArray(modelParameters.modelId, [...modelIds.values()]))
    .orderBy(asc(parameters.label));

  const points = await tx
    .select({
      id: monitoringPoints.id,
      name: monitoringPoints.name,
      tenantId: monitoringPoints.tenantId,
      entityType: monitoringPoints.entityType,
    })
    .from(monitoringPoints)
    .innerJoin(accounts, eq(accounts.id, monitoringPoints.tenantId))
    .where(and(eq(accounts.isDemo, true), ne(monitoringPoints.status, 'DELETED')))
    .orderBy(asc(monitoringPoints.tenantId), asc(monitoringPoints.id));

  let sequence = 0;
  for (const point of points) {
    for (const demo of DEVICES_BY_POINT[point.entityType] ?? []) {
      const modelId = modelIds.get(demo.model);
      if (modelId === undefined) continue;
      const rows = measured.filter((m) => m.modelId === modelId);
      if (rows.length === 0) continue;
      sequence += 1;
      // Named as the plant names them: what it is and where it stands (points' names are unique).
      const name = `${demo.name} – ${point.name}`;
      const [device] = await tx
        .insert(devices)
        .values({
          tenantId: point.tenantId,
          monitoringPointId: point.id,
          name,
          serialNumber: `${demo.prefix}-${String(24_000 + sequence * 7).padStart(6, '0')}`,
          manufactureId: `MFG-${demo.prefix.split('-')[0]}-${2021 + (sequence % 4)}`,
          certified: demo.certification !== null,
          certification: demo.certification,
          dataFrequency: 15,
          tag: demo.type,
          type: demo.type,
          modelId,
          calibratorModelId: demo.type === 'CAAQMS' && calibrator[0] ? calibrator[0].id : null,
          isNdirEnabled: demo.nox !== undefined,
          noxConversion: demo.nox?.conversion ?? null,
          ndirType: demo.nox?.ndirType ?? null,
          noRatio: demo.nox ? 0.05 : null,
          no2Ratio: demo.nox ? 0.95 : null,
          dataUploadMethod: demo.uploadMethod,
          vendorId: vendorIds[sequence % vendorIds.length] ?? null,
          description: `${demo.model.replace('/', ' ')} at this point`,
        })
        .returning({ id: devices.id });
      await tx.insert(deviceParams).values(
        rows.map((row, position) => ({
          deviceId: device!.id,
          tenantId: point.tenantId,
          parameterId: row.parameterId,
          unit: row.unit,
          cpcbUnit: row.unit,
          spcbUnit: row.unit,
          isCounter: row.isCounter,
          max: row.isCounter ? (row.counterResetValue ?? 10) : null,
          offlineAlert: true,
          remoteCalibrationFacility: demo.type === 'CAAQMS',
          position,
        })),
      );
      await tx
        .insert(deviceDocumentFields)
        .values({ deviceId: device!.id, tenantId: point.tenantId, ...demo.documents });
    }
  }
}
