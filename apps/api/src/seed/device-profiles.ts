import { and, count, eq, inArray } from 'drizzle-orm';
import { getParameterUnits, type ProfileType, type UnitCode } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { deviceProfiles, makes, models, parameters } from '../db/schema/index.js';

interface DemoProfile {
  name: string;
  description: string;
  type: ProfileType;
  deviceType: 'CEMS' | 'CAAQMS' | 'Water Quality' | 'Flow Meter' | null;
  /** A demo model (`seedDiagnostics`), by its make's name and type and its own name. */
  model?: { make: string; makeType: 'Analyser' | 'Calibrator'; name: string };
  /** Catalogue parameters by label; each in its standard unit unless another is named. */
  params: (string | [label: string, unit: UnitCode])[];
  disabled?: boolean;
}

const analyser = (make: string, name: string) => ({ make, makeType: 'Analyser' as const, name });
const calibrator = (make: string, name: string) => ({ make, makeType: 'Calibrator' as const, name });

const CAAQMS_WEATHER = [
  'CAAQMS Wind Speed',
  'CAAQMS Wind Direction',
  'CAAQMS Temperature',
  'CAAQMS Relative Humidity',
];

/**
 * What an OCEMS integrator starts a device from: the analysers, dust monitors,
 * effluent analysers and ambient stations installed at Indian plants, with the
 * parameters a board asks each to report, a few calibrators and cameras, and
 * custom sets for weather, energy and ground water. More than one page of
 * the list, so that its infinite scroll has something to load.
 */
const DEMO_PROFILES: DemoProfile[] = [
  {
    name: 'CEMS SO2/NOx/CO analyser (Horiba ENDA-5000)',
    description:
      'Extractive NDIR/chemiluminescence analyser for boiler and kiln stacks, with O2 for correction.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Horiba', 'ENDA-5000'),
    params: ['SO2', 'NOx', 'CO', 'CO2', 'O2'],
  },
  {
    name: 'CEMS multi-gas FTIR (SICK MCS100FT)',
    description: 'Hot-wet FTIR for incinerator and chemical stacks: acid gases and ammonia slip.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'MCS100FT'),
    params: ['SO2', 'NOx', 'CO', 'HCl', 'NH3', 'O2'],
  },
  {
    name: 'CEMS CO/CO2 in-situ (SICK GM35)',
    description: 'Cross-duct in-situ analyser for combustion control on process heaters.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'GM35'),
    params: ['CO', 'CO2'],
  },
  {
    name: 'Dust monitor, scattered light (SICK FW300)',
    description: 'Particulate matter after ESP or bag filter, low concentrations.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'FW300'),
    params: ['PM'],
  },
  {
    name: 'CEMS SO2/NO/NO2 (Envea MIR 9000)',
    description: 'Multi-gas NDIR analyser reporting NO and NO2 separately (ppm), with CO, CO2 and O2.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Environnement S.A', 'MIR 9000'),
    params: ['SO2', 'NO', 'NO2', 'CO', 'CO2', 'O2'],
  },
  {
    name: 'Opacity and dust monitor (Chemtrols)',
    description: 'Transmissometer for small boilers and DG set stacks.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Chemtrols', 'Chemtrols Opacity Monitor'),
    params: ['PM'],
  },
  {
    name: 'Dust monitor (Forbes Marshall FMDM 2000)',
    description: 'Probe-type particulate monitor for cement mill and cooler stacks.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Forbes Marshall', 'FMDM 2000'),
    params: ['PM'],
  },
  {
    name: 'CEMS cross-duct gas analyser (Codel GCEM4000)',
    description: 'In-situ IR analyser for coal-fired boiler stacks.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Forbes Marshall', 'Codel GCEM4000'),
    params: ['SO2', 'NOx', 'CO', 'CO2'],
  },
  {
    name: 'Cement kiln stack: PM, SO2, NOx with flow (SICK)',
    description:
      'Kiln / raw mill stack set-up as CPCB asks of cement plants: gases, dust, flow and temperature.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'MCS100FT'),
    params: ['PM', 'SO2', 'NOx', 'Stack Flow', 'Stack Temperature'],
  },
  {
    name: 'Thermal power boiler stack (Horiba ENDA-5000)',
    description:
      'Unit stack of a coal-fired plant under the 2015 emission norms: PM, SO2, NOx, CO2, O2 and flow.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('Horiba', 'ENDA-5000'),
    params: ['PM', 'SO2', 'NOx', 'CO2', 'O2', 'Stack Flow'],
  },
  {
    name: 'Refinery FCC regenerator stack (SICK MCS100FT)',
    description: 'SO2, NOx, CO and ammonia slip after the SCR; kept for the older FCC units.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'MCS100FT'),
    params: ['SO2', 'NOx', 'CO', 'NH3', 'O2'],
    disabled: true,
  },
  {
    name: 'Incinerator stack: HCl, HF, Hg (SICK MCS100FT)',
    description: 'Common bio-medical waste incinerator stack with the acid gases and mercury.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'MCS100FT'),
    params: ['PM', 'HCl', 'HF', 'Hg', 'CO', 'O2'],
  },
  {
    name: 'Chlor-alkali stack: Cl2 and HCl',
    description: 'Hypo tower and HCl synthesis unit vents.',
    type: 'Analyser',
    deviceType: 'CEMS',
    model: analyser('SICK', 'MCS100FT'),
    params: ['Cl2', 'HCl'],
  },
  {
    name: 'Effluent pH/COD/BOD/TSS (Chemtrols)',
    description: 'UV-Vis multi-parameter probe at the ETP outlet, as CPCB asks of the 17 categories.',
    type: 'Analyser',
    deviceType: 'Water Quality',
    model: analyser('Chemtrols', 'Multi-Parameter Effluent Analyser'),
    params: ['pH', 'COD', 'BOD', 'TSS'],
  },
  {
    name: 'ETP outlet with flow and temperature (Chemtrols)',
    description: 'ETP final outlet: quality parameters with the discharge flow and temperature.',
    type: 'Analyser',
    deviceType: 'Water Quality',
    model: analyser('Chemtrols', 'Multi-Parameter Effluent Analyser'),
    params: ['pH', 'COD', 'BOD', 'TSS', 'Effluent Flow', 'Effluent Temperature'],
  },
  {
    name: 'CETP outlet with ammonical nitrogen (Chemtrols)',
    description: 'Common effluent treatment plant outlet to the river or the marine outfall.',
    type: 'Analyser',
    deviceType: 'Water Quality',
    model: analyser('Chemtrols', 'Multi-Parameter Effluent Analyser'),
    params: ['pH', 'COD', 'BOD', 'TSS', 'Ammonical Nitrogen', 'Effluent Flow'],
  },
  {
    name: 'Distillery spent wash: COD, BOD, colour (Chemtrols)',
    description:
      'Zero liquid discharge check at a molasses distillery; only used where the board asks for colour.',
    type: 'Analyser',
    deviceType: 'Water Quality',
    model: analyser('Chemtrols', 'Multi-Parameter Effluent Analyser'),
    params: ['pH', 'COD', 'BOD', 'Colour', 'TOC'],
    disabled: true,
  },
  {
    name: 'CAAQMS PM2.5/PM10 (Envea MP101M)',
    description: 'Beta attenuation monitor with PM10 and PM2.5 inlets at the plant boundary station.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Environnement S.A', 'MP101M'),
    params: ['CAAQMS PM2.5', 'CAAQMS PM10'],
  },
  {
    name: 'CAAQMS SO2 (Envea AF22e)',
    description: 'UV fluorescence SO2 analyser for an ambient station.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Environnement S.A', 'AF22e'),
    params: ['CAAQMS SO2'],
  },
  {
    name: 'CAAQMS SO2 (Thermo 43iQ)',
    description: 'Pulsed fluorescence SO2 analyser, read out in ppb.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Thermo Fisher Scientific', '43iQ'),
    // The analyser reads out in ppb; the console converts to µg/m³ for the board.
    params: [['CAAQMS SO2', 'ppb']],
  },
  {
    name: 'CAAQMS NO2/NOx (Thermo 42iQ)',
    description: 'Chemiluminescence NO-NO2-NOx analyser; NOx reported in ppb.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Thermo Fisher Scientific', '42iQ'),
    params: ['CAAQMS NO2', 'CAAQMS NOx'],
  },
  {
    name: 'CAAQMS PM10/PM2.5 beta gauge (Thermo 5014i)',
    description: 'Continuous beta particulate monitor.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Thermo Fisher Scientific', '5014i Beta'),
    params: ['CAAQMS PM10', 'CAAQMS PM2.5'],
  },
  {
    name: 'CAAQMS CO (Horiba APMA-370)',
    description: 'Cross-flow modulated NDIR CO analyser.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Horiba', 'APMA-370'),
    params: ['CAAQMS CO'],
  },
  {
    name: 'CAAQMS SO2 (Horiba APSA-370)',
    description: 'UV fluorescence SO2 analyser.',
    type: 'Analyser',
    deviceType: 'CAAQMS',
    model: analyser('Horiba', 'APSA-370'),
    params: ['CAAQMS SO2'],
  },
  {
    name: 'Multi-gas dilution calibrator (Envea CAL 2000)',
    description: 'Dilutes span gas cylinders for the daily zero/span check of an ambient station.',
    type: 'Calibrator',
    deviceType: 'CAAQMS',
    model: calibrator('Environnement S.A', 'CAL 2000'),
    params: [],
  },
  {
    name: 'Zero air generator (Envea ZAG 7001)',
    description: 'Scrubbed zero air for the analysers and the calibrator.',
    type: 'Calibrator',
    deviceType: 'CAAQMS',
    model: calibrator('Environnement S.A', 'ZAG 7001'),
    params: [],
  },
  {
    name: 'Gas phase titration calibrator (Teledyne T700)',
    description: 'Dynamic dilution calibrator with GPT for NO2 span checks.',
    type: 'Calibrator',
    deviceType: 'CAAQMS',
    model: calibrator('Teledyne API', 'T700'),
    params: [],
  },
  {
    name: 'Zero air supply (Teledyne T701)',
    description: 'Zero air for Teledyne calibrators.',
    type: 'Calibrator',
    deviceType: 'CAAQMS',
    model: calibrator('Teledyne API', 'T701 Zero Air Generator'),
    params: [],
    disabled: true,
  },
  {
    name: 'Stack-top PTZ camera (RTSP)',
    description: 'Pan-tilt-zoom camera on the stack platform, viewed by the board over RTSP.',
    type: 'Camera',
    deviceType: null,
    params: [],
  },
  {
    name: 'ETP outlet fixed camera',
    description: 'Fixed IP camera on the final outlet channel, as CPCB asks of effluent discharges.',
    type: 'Camera',
    deviceType: null,
    params: [],
  },
  {
    name: 'Emission camera with night vision',
    description: 'Infra-red camera watching the stack plume around the clock.',
    type: 'Camera',
    deviceType: null,
    params: [],
  },
  {
    name: 'Ambient weather station: wind, temperature, humidity',
    description: 'Meteorological sensors of an ambient station.',
    type: 'custom',
    deviceType: 'CAAQMS',
    params: CAAQMS_WEATHER,
  },
  {
    name: 'Full CAAQMS station: particulates, gases and weather',
    description: 'Everything a plant boundary station reports to the board.',
    type: 'custom',
    deviceType: 'CAAQMS',
    params: [
      'CAAQMS PM2.5',
      'CAAQMS PM10',
      'CAAQMS SO2',
      'CAAQMS NO2',
      'CAAQMS CO',
      'CAAQMS O3',
      'CAAQMS NH3',
      ...CAAQMS_WEATHER,
    ],
  },
  {
    name: 'Energy meter: kWh, kW, power factor',
    description: 'Main incomer energy meter read over Modbus.',
    type: 'custom',
    deviceType: null,
    params: [
      'Energy kWh',
      'Active Power',
      'Apparent Power',
      'Power Factor',
      'Voltage',
      'Current',
      'Frequency',
    ],
  },
  {
    name: 'Ground water piezometer: level, pH, conductivity',
    description: 'Borewell piezometer as CGWA asks of industries drawing ground water.',
    type: 'custom',
    deviceType: 'Water Quality',
    params: ['Ground Water Level', 'Ground Water pH', 'Ground Water Conductivity'],
  },
];

/**
 * The demo device profiles, built from the demo makes, models and catalogue
 * parameters: runs after `seedDiagnostics`. A profile whose model or
 * parameter the catalogue lacks is seeded without it.
 */
export async function seedDeviceProfiles(tx: Executor) {
  const [existing] = await tx.select({ n: count() }).from(deviceProfiles);
  if ((existing?.n ?? 0) > 0) return;

  const labels = [
    ...new Set(DEMO_PROFILES.flatMap((p) => p.params.map((row) => (Array.isArray(row) ? row[0] : row)))),
  ];
  const catalogue = new Map(
    (
      await tx
        .select({
          id: parameters.id,
          label: parameters.label,
          mtype: parameters.mtype,
          stdUnit: parameters.stdUnit,
        })
        .from(parameters)
        .where(inArray(parameters.label, labels))
    ).map((parameter) => [parameter.label, parameter]),
  );

  const modelIds = new Map<string, number>();
  for (const { model } of DEMO_PROFILES) {
    if (!model) continue;
    const key = `${model.makeType}/${model.make}/${model.name}`;
    if (modelIds.has(key)) continue;
    const [row] = await tx
      .select({ id: models.id })
      .from(models)
      .innerJoin(makes, eq(makes.id, models.makeId))
      .where(and(eq(makes.name, model.make), eq(makes.type, model.makeType), eq(models.name, model.name)));
    if (row) modelIds.set(key, row.id);
  }

  await tx.insert(deviceProfiles).values(
    DEMO_PROFILES.map((profile) => ({
      name: profile.name,
      description: profile.description,
      type: profile.type,
      deviceType: profile.deviceType,
      modelId: profile.model
        ? (modelIds.get(`${profile.model.makeType}/${profile.model.make}/${profile.model.name}`) ?? null)
        : null,
      params: profile.params.flatMap((row) => {
        const [label, unit] = Array.isArray(row) ? row : [row, undefined];
        const parameter = catalogue.get(label);
        if (!parameter) return [];
        // The unit the API would accept for the parameter: the one named, when the parameter is read in it.
        const allowed = getParameterUnits(parameter).units.map((option) => option.code);
        const chosen = unit && allowed.includes(unit) ? unit : parameter.stdUnit;
        return [{ parameterId: parameter.id, unit: chosen }];
      }),
      status: profile.disabled ? ('DISABLED' as const) : ('ENABLED' as const),
    })),
  );
}
