import type { Executor } from '../db/client.js';
import { monitoringPoints } from '../db/schema/index.js';

type Properties = Record<string, string | number | null>;

interface DemoPoint {
  name: string;
  entityType: 'stack' | 'etp' | 'caaqms' | 'ground water' | 'mobile stack' | 'Ash' | 'group';
  properties: Properties;
  /** Metres north and east of the industry's own coordinates, roughly where it stands in the plant. */
  offset?: [number, number];
}

const stack = (
  name: string,
  height: number,
  diameter: number,
  attachedTo: string,
  fuelType: string | null,
  apcd: string,
  offset: [number, number],
): DemoPoint => ({
  name,
  entityType: 'stack',
  properties: { stackHeight: height, stackDiameter: diameter, attachedTo, fuelType, apcd },
  offset,
});

const etp = (name: string, capacity: number, stage: string, discharge: string): DemoPoint => ({
  name,
  entityType: 'etp',
  properties: { designCapacity: capacity, treatmentStage: stage, dischargePoint: discharge },
  offset: [-220, 140],
});

const caaqms = (name: string, locationType: string, offset: [number, number]): DemoPoint => ({
  name,
  entityType: 'caaqms',
  properties: { locationType, inletHeight: 3.5 },
  offset,
});

const piezometer = (name: string, depth: number, noc: string): DemoPoint => ({
  name,
  entityType: 'ground water',
  properties: { borewellDepth: depth, abstractionLimit: 850, cgwaNocNumber: noc },
  offset: [310, -260],
});

/**
 * What an industry of each category monitors, as its consent to operate
 * lists it: the stacks of its boilers and kilns with their control devices,
 * the effluent plant's outlet, and ambient stations where the board asks for
 * them.
 */
const POINTS_BY_CATEGORY: Record<string, DemoPoint[]> = {
  Cement: [
    stack('Kiln / Raw Mill Stack', 110, 4.2, 'Kiln 1 and raw mill', 'Pet coke', 'Bag filter', [120, 40]),
    stack('Clinker Cooler Stack', 45, 3.0, 'Grate cooler', null, 'ESP', [90, 110]),
    stack('Coal Mill Stack', 40, 1.8, 'Vertical roller coal mill', 'Coal', 'Bag filter', [60, -80]),
    caaqms('CAAQMS Plant Boundary (North)', 'Plant boundary', [900, 0]),
  ],
  Sugar: [
    stack('Boiler Stack (Bagasse)', 72, 3.2, '70 TPH boiler', 'Biomass', 'Wet scrubber', [80, 30]),
    etp('ETP Outlet', 1200, 'Secondary', 'Land (irrigation)'),
  ],
  Pharmaceuticals: [
    stack('Boiler Stack', 30, 1.2, '10 TPH coal-fired boiler', 'Coal', 'Multi-cyclone', [50, 20]),
    stack('Process Vent Scrubber', 18, 0.6, 'Reactor vents, block B', null, 'Wet scrubber', [30, -40]),
    etp('ETP Outlet (ZLD)', 350, 'Zero liquid discharge', 'Recycled'),
  ],
  Distillery: [
    stack('Incineration Boiler Stack', 65, 2.8, 'Spent wash incineration boiler', 'Biomass', 'ESP', [70, 60]),
    etp('Condensate Polishing Unit', 900, 'Zero liquid discharge', 'Recycled'),
  ],
  'Chlor-Alkali': [
    stack('Hydrochloric Acid Synthesis Stack', 32, 0.8, 'HCl synthesis unit', null, 'Wet scrubber', [40, 50]),
    stack('Captive Power Plant Stack', 80, 3.6, '30 MW captive power plant', 'Coal', 'ESP', [160, -60]),
    etp('ETP Outlet', 2400, 'Tertiary', 'CETP'),
  ],
  'Dyes and Dye Intermediates': [
    stack('Thermic Fluid Heater Stack', 30, 0.9, 'Thermic fluid heater', 'Natural gas', 'None', [30, 30]),
    etp('ETP Outlet to CETP', 600, 'Secondary', 'CETP'),
  ],
  Pesticides: [
    stack('Incinerator Stack', 30, 0.8, 'Liquid waste incinerator', 'LDO/HSD', 'Wet scrubber', [40, -30]),
    etp('ETP Outlet', 450, 'Tertiary', 'CETP'),
  ],
  'Pulp and Paper': [
    stack('Recovery Boiler Stack', 90, 3.8, 'Chemical recovery boiler', 'Biomass', 'ESP', [100, 50]),
    etp('ETP Final Outlet', 18000, 'Tertiary', 'Surface water'),
    caaqms('CAAQMS Downwind', 'Downwind', [-1200, 600]),
  ],
  Tannery: [etp('Chrome Recovery and ETP Outlet', 300, 'Secondary', 'CETP')],
  'Integrated Iron and Steel': [
    stack('Sinter Plant Stack', 120, 5.5, 'Sinter machine 2', 'Coal', 'ESP', [150, 90]),
    stack('Blast Furnace Stove Stack', 75, 3.4, 'Blast furnace 1 stoves', 'Other', 'None', [110, -40]),
    caaqms('CAAQMS Township', 'Residential area', [-2500, 1800]),
    caaqms('CAAQMS Upwind', 'Upwind', [1500, -900]),
    piezometer('Piezometer P1 (Slag Yard)', 60, 'CGWA/NOC/IND/REN/1/2025/1182'),
  ],
  Fertilizer: [
    stack('Prilling Tower', 105, 12.0, 'Urea prilling', null, 'Wet scrubber', [80, 80]),
    stack('Primary Reformer Stack', 55, 2.4, 'Ammonia plant reformer', 'Natural gas', 'None', [60, -20]),
    etp('ETP Outlet', 5200, 'Tertiary', 'Surface water'),
  ],
  'Thermal Power Plant': [
    stack('Unit 5 Stack', 220, 7.0, 'Unit 5 (210 MW)', 'Coal', 'ESP', [200, 100]),
    stack('Unit 6 Stack', 275, 8.5, 'Unit 6 (215 MW)', 'Coal', 'ESP', [240, -60]),
    caaqms('CAAQMS Ash Pond', 'Downwind', [-1800, 1200]),
    {
      name: 'Ash Handling Plant',
      entityType: 'Ash',
      properties: { capacity: 2400, ashType: 'Fly ash', disposal: 'Cement plants and brick kilns' },
      offset: [-400, 500],
    },
  ],
  'Oil Refinery': [
    stack('CDU Heater Stack', 85, 3.0, 'Crude distillation unit heater', 'Natural gas', 'None', [90, 70]),
    stack('FCC Regenerator Stack', 75, 2.6, 'Fluid catalytic cracker', null, 'ESP', [120, -30]),
    stack(
      'Sulphur Recovery Unit Incinerator',
      70,
      1.5,
      'SRU tail gas incinerator',
      'Natural gas',
      'None',
      [60, -90],
    ),
    etp('Effluent Treatment Plant Outlet', 9000, 'Tertiary', 'Recycled'),
    caaqms('CAAQMS Refinery Township', 'Residential area', [-2200, 1500]),
  ],
  'Aluminium Smelter': [
    stack('Pot Line Fume Treatment Stack', 90, 6.0, 'Pot lines 1 and 2', null, 'Bag filter', [130, 40]),
    stack(
      'Anode Baking Furnace Stack',
      60,
      3.2,
      'Anode baking furnace',
      'Furnace oil',
      'Wet scrubber',
      [70, -70],
    ),
    caaqms('CAAQMS Plant Boundary (East)', 'Plant boundary', [0, 1100]),
  ],
};

/** Moves a coordinate by metres (north, east): near enough on the scale of a plant. */
function moved(lat: number, lng: number, [north, east]: [number, number]) {
  const metresPerDegree = 111_320;
  const lngScale = metresPerDegree * Math.cos((lat * Math.PI) / 180);
  return {
    latitude: Number((lat + north / metresPerDegree).toFixed(6)),
    longitude: Number((lng + east / lngScale).toFixed(6)),
  };
}

/** The monitoring points of one demo industry of `category`, placed around its coordinates. */
export async function seedMonitoringPoints(
  tx: Executor,
  industry: { id: number; category: string; lat: number; lng: number },
) {
  const points = POINTS_BY_CATEGORY[industry.category] ?? [];
  if (points.length === 0) return;
  await tx.insert(monitoringPoints).values(
    points.map((point) => ({
      tenantId: industry.id,
      name: point.name,
      entityType: point.entityType,
      properties: point.properties,
      ...(point.offset ? moved(industry.lat, industry.lng, point.offset) : {}),
    })),
  );
}
