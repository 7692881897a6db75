import { and, eq, inArray } from 'drizzle-orm';
import {
  generateParameterIdentifiers,
  type DiagnosticUploadMethod,
  type MakeType,
  type UnitCode,
} from '@vayu/domain';
import type { Executor } from '../db/client.js';
import {
  accounts,
  diagnosticParamParameters,
  diagnosticParams,
  makes,
  modelParameters,
  models,
  modelTypes,
  parameters,
} from '../db/schema/index.js';

interface DemoMake {
  name: string;
  type: MakeType;
  /** `measures`: labels of the catalogue's parameters the model measures. */
  models: { name: string; modelType: string; measures?: string[] }[];
}

/** What the demo models measure, as the model type master describes it. */
const DEMO_MODEL_TYPES = [
  {
    type: 'CEMS',
    description: 'Continuous emission monitoring of stacks: gas analysers and dust monitors (OCEMS).',
  },
  {
    type: 'CAAQMS',
    description: 'Continuous ambient air quality monitoring stations: gas, particulate and weather sensors.',
  },
  {
    type: 'Water Quality',
    description: 'Effluent and water analysers at ETP and CETP outlets: pH, BOD, COD, TSS and flow.',
  },
  { type: 'Flow Meter', description: 'Stack and effluent flow measurement.' },
];

/**
 * Analyser and calibrator makers found at Indian OCEMS and CAAQMS
 * installations, with models they sell for stack emission (CEMS), ambient air
 * (CAAQMS) and effluent (Water Quality) monitoring.
 */
const DEMO_MAKES: DemoMake[] = [
  {
    name: 'SICK',
    type: 'Analyser',
    models: [
      { name: 'MCS100FT', modelType: 'CEMS', measures: ['SO2', 'NOx', 'CO', 'HCl', 'NH3', 'O2'] },
      { name: 'GM35', modelType: 'CEMS', measures: ['CO', 'CO2'] },
      { name: 'FW300', modelType: 'CEMS', measures: ['PM'] },
    ],
  },
  {
    name: 'Environnement S.A',
    type: 'Analyser',
    models: [
      { name: 'MIR 9000', modelType: 'CEMS', measures: ['SO2', 'NO', 'NO2', 'CO', 'CO2', 'O2'] },
      { name: 'AF22e', modelType: 'CAAQMS', measures: ['CAAQMS SO2'] },
      { name: 'MP101M', modelType: 'CAAQMS', measures: ['CAAQMS PM10', 'CAAQMS PM2.5'] },
    ],
  },
  {
    name: 'Horiba',
    type: 'Analyser',
    models: [
      { name: 'ENDA-5000', modelType: 'CEMS', measures: ['SO2', 'NOx', 'CO', 'CO2', 'O2'] },
      { name: 'APMA-370', modelType: 'CAAQMS', measures: ['CAAQMS CO'] },
      { name: 'APSA-370', modelType: 'CAAQMS', measures: ['CAAQMS SO2'] },
    ],
  },
  {
    name: 'Thermo Fisher Scientific',
    type: 'Analyser',
    models: [
      { name: '43iQ', modelType: 'CAAQMS', measures: ['CAAQMS SO2'] },
      { name: '42iQ', modelType: 'CAAQMS', measures: ['CAAQMS NO2', 'CAAQMS NOx'] },
      { name: '5014i Beta', modelType: 'CAAQMS', measures: ['CAAQMS PM10', 'CAAQMS PM2.5'] },
    ],
  },
  {
    name: 'Chemtrols',
    type: 'Analyser',
    models: [
      { name: 'Chemtrols Opacity Monitor', modelType: 'CEMS', measures: ['PM'] },
      {
        name: 'Multi-Parameter Effluent Analyser',
        modelType: 'Water Quality',
        measures: ['pH', 'BOD', 'COD', 'TSS'],
      },
    ],
  },
  {
    name: 'Forbes Marshall',
    type: 'Analyser',
    models: [
      { name: 'FMDM 2000', modelType: 'CEMS', measures: ['PM'] },
      { name: 'Codel GCEM4000', modelType: 'CEMS', measures: ['SO2', 'NOx', 'CO', 'CO2'] },
    ],
  },
  {
    name: 'Environnement S.A',
    type: 'Calibrator',
    models: [
      { name: 'CAL 2000', modelType: 'CAAQMS' },
      { name: 'ZAG 7001', modelType: 'CAAQMS' },
    ],
  },
  {
    name: 'Teledyne API',
    type: 'Calibrator',
    models: [
      { name: 'T700', modelType: 'CAAQMS' },
      { name: 'T701 Zero Air Generator', modelType: 'CAAQMS' },
    ],
  },
];

/**
 * Readings about the analyser itself, not the emission: the measuring cell
 * and sample conditioning temperatures, the light source, the sample flow and
 * how far zero and span have drifted since the last calibration.
 */
const DIAGNOSTIC_CATALOGUE: { label: string; unit: UnitCode; alertLabel: string }[] = [
  { label: 'Cell Temperature', unit: 'degC', alertLabel: 'Measuring cell temperature' },
  { label: 'Cooler Temperature', unit: 'degC', alertLabel: 'Sample gas cooler temperature' },
  { label: 'Probe Temperature', unit: 'degC', alertLabel: 'Heated probe temperature' },
  { label: 'Lamp Intensity', unit: '%', alertLabel: 'Source lamp intensity' },
  { label: 'Signal Strength', unit: '%', alertLabel: 'Detector signal strength' },
  { label: 'Sample Flow', unit: '%', alertLabel: 'Sample flow (of nominal)' },
  { label: 'Zero Drift', unit: '%', alertLabel: 'Zero drift (of range)' },
  { label: 'Span Drift', unit: '%', alertLabel: 'Span drift (of range)' },
];

interface DemoSetUp {
  owner: { make: string; model: string } | { tenant: string };
  parameters: string[];
  isRemoteCalibration: boolean;
  uploadMethod: DiagnosticUploadMethod | null;
}

const DEMO_SET_UPS: DemoSetUp[] = [
  {
    owner: { make: 'SICK', model: 'MCS100FT' },
    parameters: ['Cell Temperature', 'Probe Temperature', 'Sample Flow', 'Zero Drift', 'Span Drift'],
    isRemoteCalibration: true,
    uploadMethod: 'IOT-EDGE',
  },
  {
    owner: { make: 'Horiba', model: 'APMA-370' },
    parameters: ['Cell Temperature', 'Sample Flow', 'Zero Drift', 'Span Drift'],
    isRemoteCalibration: false,
    uploadMethod: null,
  },
  {
    owner: { make: 'Environnement S.A', model: 'MIR 9000' },
    parameters: ['Cell Temperature', 'Lamp Intensity', 'Signal Strength', 'Cooler Temperature'],
    isRemoteCalibration: true,
    uploadMethod: null,
  },
  {
    owner: { tenant: 'Vapi Agro Chemicals Pvt Ltd' },
    parameters: ['Lamp Intensity', 'Signal Strength', 'Sample Flow', 'Zero Drift'],
    isRemoteCalibration: true,
    uploadMethod: 'IOT-Gateway',
  },
];

/**
 * Makes, models, the diagnostic readings of the catalogue and a few
 * diagnostic set-ups. Runs once the demo industries exist: one set-up
 * belongs to an industry.
 */
export async function seedDiagnostics(tx: Executor) {
  await tx.insert(modelTypes).values(DEMO_MODEL_TYPES);
  const modelIds = new Map<string, number>();
  for (const make of DEMO_MAKES) {
    const [row] = await tx
      .insert(makes)
      .values({ name: make.name, type: make.type })
      .returning({ id: makes.id });
    for (const model of make.models) {
      const [inserted] = await tx
        .insert(models)
        .values({ name: model.name, makeId: row!.id, modelType: model.modelType })
        .returning({ id: models.id });
      const measured = await tx
        .select({ id: parameters.id })
        .from(parameters)
        .where(inArray(parameters.label, model.measures ?? []));
      if (measured.length > 0) {
        await tx
          .insert(modelParameters)
          .values(measured.map((parameter) => ({ modelId: inserted!.id, parameterId: parameter.id })));
      }
      if (make.type === 'Analyser') modelIds.set(`${make.name}/${model.name}`, inserted!.id);
    }
  }

  const parameterIds = new Map<string, number>();
  for (const p of DIAGNOSTIC_CATALOGUE) {
    const [row] = await tx
      .insert(parameters)
      .values({
        ...generateParameterIdentifiers(p.label),
        label: p.label,
        mtype: 'general',
        type: 'NORMAL',
        stdUnit: p.unit,
        defaultStdUnit: p.unit,
        alertLabel: p.alertLabel,
        isAlertEnabled: true,
        isConversion: false,
        showWidget: false,
      })
      .returning({ id: parameters.id });
    parameterIds.set(p.label, row!.id);
  }

  for (const setUp of DEMO_SET_UPS) {
    let owner: { modelId: number } | { tenantId: number };
    if ('tenant' in setUp.owner) {
      const [tenant] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.type, 'tenant'), eq(accounts.name, setUp.owner.tenant)));
      // Without the demo industry there is nobody to own this set-up.
      if (!tenant) continue;
      owner = { tenantId: tenant.id };
    } else {
      owner = { modelId: modelIds.get(`${setUp.owner.make}/${setUp.owner.model}`)! };
    }
    const [row] = await tx
      .insert(diagnosticParams)
      .values({
        ...owner,
        isRemoteCalibration: setUp.isRemoteCalibration,
        isCalibrationThroughUtility: setUp.uploadMethod !== null,
        dataUploadMethod: setUp.uploadMethod,
      })
      .returning({ id: diagnosticParams.id });
    await tx.insert(diagnosticParamParameters).values(
      setUp.parameters.map((label) => ({
        diagnosticParamId: row!.id,
        parameterId: parameterIds.get(label)!,
      })),
    );
  }
}
