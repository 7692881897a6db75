import type { Secrets } from '../lib/secrets.js';
import { seedDemoRegulator } from './regulators.js';
import { seedDemoBilling } from './billing.js';
import { count, eq } from 'drizzle-orm';
import type { UnitCode, WorkingStatus } from '@vayu/domain';
import { COUNTER_DEFAULT_RESET_VALUE, PLATFORM_ACCOUNT_ID, generateParameterIdentifiers } from '@vayu/domain';
import type { Database, Executor } from '../db/client.js';
import { accounts, parameters, tenantPermissions, users } from '../db/schema/index.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../lib/demo.js';
import { seedMasterCategories } from './catalogue.js';
import { seedDerivedParameters } from './derived-parameters.js';
import { seedMonitoringPoints } from './monitoring-points.js';
import { seedDiagnostics } from './diagnostics.js';
import { seedDemoDevices } from './devices.js';
import { seedDeviceProfiles } from './device-profiles.js';
import { seedEnergyCatalogue } from './energy.js';
import { seedDemoReadings } from './readings.js';
import { seedDemoReports } from './reports.js';
import {
  createAccount,
  createCorporate,
  createIndustryCategory,
  createUser,
  makeGstin,
  mapTenantToBoard,
} from './builders.js';

/** The 17 categories of highly polluting industries (CPCB), plus common facilities. */
export const INDUSTRY_CATEGORIES = [
  'Aluminium Smelter',
  'Cement',
  'Chlor-Alkali',
  'Copper Smelter',
  'Distillery',
  'Dyes and Dye Intermediates',
  'Fertilizer',
  'Integrated Iron and Steel',
  'Oil Refinery',
  'Pesticides',
  'Petrochemical',
  'Pharmaceuticals',
  'Pulp and Paper',
  'Sugar',
  'Tannery',
  'Thermal Power Plant',
  'Zinc Smelter',
  'Common Effluent Treatment Plant',
  'Common Bio-medical Waste Incinerator',
] as const;

type Category = (typeof INDUSTRY_CATEGORIES)[number];

interface DemoTenant {
  name: string;
  category: Category;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  pan: string;
  partner: 'enviro' | 'green' | 'aqua' | null;
  corporate?: boolean;
  status: 'ENABLED' | 'DISABLED';
  workingStatus: WorkingStatus;
  remoteCheck?: boolean;
  contact: string;
  /** Payment mode on: the plan's limits are enforced. */
  paymentMode?: true;
  /** The industry's id on the monitoring platform; 0 (N/A) when not linked. */
  ioeye?: number;
  approvalPending?: boolean;
  /** An active restriction (the account shows as blocked). */
  blocked?: { permission: string; reason: string };
}

// prettier-ignore
const TENANTS: DemoTenant[] = [
  { name: 'Deccan Cement Works', category: 'Cement', city: 'Chandrapur', state: 'MH', zip: '442401', lat: 19.9615, lng: 79.2961, pan: 'AADCD4821K', partner: 'enviro', status: 'ENABLED', workingStatus: 'ON', remoteCheck: true, paymentMode: true, ioeye: 10231, contact: 'ehs@deccancement.demo' },
  { name: 'Konkan Sahakari Sakhar Karkhana', category: 'Sugar', city: 'Kolhapur', state: 'MH', zip: '416003', lat: 16.705, lng: 74.2433, pan: 'AAAAK1932P', partner: 'enviro', status: 'ENABLED', workingStatus: 'Seasonal Shutdown', ioeye: 10232, contact: 'environment@konkansugar.demo' },
  { name: 'Sahyadri Pharmaceuticals Unit II', category: 'Pharmaceuticals', city: 'Chhatrapati Sambhajinagar', state: 'MH', zip: '431136', lat: 19.8762, lng: 75.3433, pan: 'AAECS7710M', partner: 'enviro', corporate: true, status: 'ENABLED', workingStatus: 'ON', ioeye: 10240, contact: 'ehs.unit2@sahyadripharma.demo' },
  { name: 'Sahyadri Distilleries', category: 'Distillery', city: 'Satara', state: 'MH', zip: '415004', lat: 17.6805, lng: 74.0183, pan: 'AAECS7711N', partner: 'enviro', corporate: true, status: 'ENABLED', workingStatus: 'UNDER_MAINTENANCE', contact: 'plant@sahyadridistilleries.demo' },
  { name: 'Narmada Chlor-Alkali Ltd', category: 'Chlor-Alkali', city: 'Bharuch', state: 'GJ', zip: '392130', lat: 21.7051, lng: 72.9959, pan: 'AABCN5127Q', partner: 'green', status: 'ENABLED', workingStatus: 'ON', remoteCheck: true, paymentMode: true, ioeye: 20417, contact: 'ocems@narmadachlor.demo' },
  { name: 'Saurashtra Dyes & Intermediates', category: 'Dyes and Dye Intermediates', city: 'Ankleshwar', state: 'GJ', zip: '393002', lat: 21.6264, lng: 73.0152, pan: 'AAFCS2290D', partner: 'green', status: 'DISABLED', workingStatus: 'Closure issued by SPCB', contact: 'works@saurashtradyes.demo' },
  { name: 'Vapi Agro Chemicals Pvt Ltd', category: 'Pesticides', city: 'Vapi', state: 'GJ', zip: '396195', lat: 20.3714, lng: 72.9047, pan: 'AAGCV6604H', partner: 'green', status: 'ENABLED', workingStatus: 'Due to analyser issue', paymentMode: true, ioeye: 20433, contact: 'ehs@vapiagro.demo' },
  { name: 'Kaveri Pulp and Board Mills', category: 'Pulp and Paper', city: 'Karur', state: 'TN', zip: '639136', lat: 10.9601, lng: 78.0766, pan: 'AABCK8841E', partner: 'aqua', status: 'ENABLED', workingStatus: 'ON', ioeye: 30112, contact: 'environment@kaveripulp.demo' },
  { name: 'Ranipet Leather Processors', category: 'Tannery', city: 'Ranipet', state: 'TN', zip: '632403', lat: 12.9224, lng: 79.3326, pan: 'AAHFR3356B', partner: 'aqua', status: 'DISABLED', workingStatus: 'Closure issued by CPCB', contact: 'etp@ranipetleather.demo' },
  { name: 'Tungabhadra Steel Ltd', category: 'Integrated Iron and Steel', city: 'Ballari', state: 'KA', zip: '583101', lat: 15.1394, lng: 76.9214, pan: 'AACCT9021L', partner: 'enviro', status: 'ENABLED', workingStatus: 'ON', remoteCheck: true, paymentMode: true, ioeye: 30145, contact: 'cems@tungabhadrasteel.demo' },
  { name: 'Godavari Fertilizers and Chemicals', category: 'Fertilizer', city: 'Kakinada', state: 'AP', zip: '533003', lat: 16.9891, lng: 82.2475, pan: 'AABCG4410F', partner: 'green', status: 'ENABLED', workingStatus: 'Shutdown', contact: 'ehs@godavarifert.demo' },
  { name: 'Bandel Thermal Power Station', category: 'Thermal Power Plant', city: 'Hooghly', state: 'WB', zip: '712123', lat: 22.9333, lng: 88.3667, pan: 'AAACB1188G', partner: null, status: 'ENABLED', workingStatus: 'ON', ioeye: 40021, contact: 'env.cell@bandeltps.demo' },
  { name: 'Panipat Petro Refiners', category: 'Oil Refinery', city: 'Panipat', state: 'HR', zip: '132140', lat: 29.3909, lng: 76.9635, pan: 'AABCP7753R', partner: 'enviro', status: 'ENABLED', workingStatus: 'Other', blocked: { permission: 'DATA_PUSH', reason: 'Pending CTO renewal' }, contact: 'hse@panipatpetro.demo' },
  { name: 'Kanpur Tanners Cooperative', category: 'Tannery', city: 'Kanpur', state: 'UP', zip: '208010', lat: 26.4499, lng: 80.3319, pan: 'AAAAK6621C', partner: 'green', status: 'DISABLED', workingStatus: 'ON', contact: 'cetp@kanpurtanners.demo' },
  { name: 'Jharsuguda Aluminium Smelter', category: 'Aluminium Smelter', city: 'Jharsuguda', state: 'OD', zip: '768202', lat: 21.8554, lng: 84.0062, pan: 'AACCJ5502S', partner: 'aqua', status: 'ENABLED', workingStatus: 'ON', remoteCheck: true, ioeye: 50310, contact: 'environment@jharsugudaal.demo' },
  { name: 'Sangareddy Bulk Drugs Pvt Ltd', category: 'Pharmaceuticals', city: 'Sangareddy', state: 'TS', zip: '502001', lat: 17.6248, lng: 78.0867, pan: 'AAJCS3198T', partner: 'aqua', status: 'ENABLED', workingStatus: 'ON', approvalPending: true, contact: 'ehs@sangareddydrugs.demo' },
];

type DemoParameter = {
  label: string;
  mtype: 'stack' | 'etp' | 'caaqms' | 'ground water' | 'energy';
  unit: UnitCode | null;
  alertLabel?: string;
  agg?: 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT';
  counter?: boolean;
  noConversion?: boolean;
  /** The CPCB standard in `unit`, where one applies to the parameter as such (`parameters.standard_limit`). */
  limit?: number;
};

/**
 * The parameters boards ask industries to monitor, with the units they report
 * in and, where a CPCB standard sets one number for the parameter, its limit.
 * Stack limits differ by sector and by when a unit was built; the generic ones
 * here are PM 50 mg/Nm³ (thermal units of 2003–2016, bio-medical waste
 * incinerators), SO2 and NOx 100 mg/Nm³ (thermal units from 2017), CO
 * 100 mg/Nm³ (incinerators), HCl 35 and Cl2 15 mg/Nm³ (chlor-alkali).
 * Effluent: the general standards for discharge to inland surface water.
 * Ambient: the National Ambient Air Quality Standards (2009), 24-hour values
 * (O3 and CO: 8-hour).
 */
const PARAMETER_CATALOGUE: DemoParameter[] = [
  // Stack emission (OCEMS), concentrations at normal conditions
  { label: 'PM', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Particulate Matter', limit: 50 },
  { label: 'SO2', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Sulphur Dioxide', limit: 100 },
  { label: 'NOx', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Oxides of Nitrogen', limit: 100 },
  { label: 'NO', mtype: 'stack', unit: 'ppm', alertLabel: 'Nitric Oxide' },
  { label: 'NO2', mtype: 'stack', unit: 'ppm', alertLabel: 'Nitrogen Dioxide' },
  { label: 'CO', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Carbon Monoxide', limit: 100 },
  { label: 'CO2', mtype: 'stack', unit: '%', alertLabel: 'Carbon Dioxide' },
  { label: 'O2', mtype: 'stack', unit: '%', alertLabel: 'Oxygen', noConversion: true },
  { label: 'HCl', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Hydrogen Chloride', limit: 35 },
  { label: 'HF', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Hydrogen Fluoride' },
  { label: 'NH3', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Ammonia' },
  { label: 'Cl2', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Chlorine', limit: 15 },
  { label: 'Hg', mtype: 'stack', unit: 'mg/Nm3', alertLabel: 'Mercury' },
  { label: 'Stack Flow', mtype: 'stack', unit: 'm3/h', noConversion: true },
  { label: 'Stack Temperature', mtype: 'stack', unit: 'degC', noConversion: true },
  // Effluent (ETP/CETP outlet)
  // pH must stay within 6.5–8.5 (the CETP outlet norm); one limit is stored, so the upper bound.
  { label: 'pH', mtype: 'etp', unit: 'pH', noConversion: true, limit: 8.5 },
  { label: 'BOD', mtype: 'etp', unit: 'mg/L', alertLabel: 'Biochemical Oxygen Demand', limit: 30 },
  { label: 'COD', mtype: 'etp', unit: 'mg/L', alertLabel: 'Chemical Oxygen Demand', limit: 250 },
  { label: 'TSS', mtype: 'etp', unit: 'mg/L', alertLabel: 'Total Suspended Solids', limit: 100 },
  { label: 'TOC', mtype: 'etp', unit: 'mg/L', alertLabel: 'Total Organic Carbon' },
  { label: 'Ammonical Nitrogen', mtype: 'etp', unit: 'mg/L', limit: 50 },
  { label: 'Effluent Flow', mtype: 'etp', unit: 'm3/h', noConversion: true },
  { label: 'Effluent Temperature', mtype: 'etp', unit: 'degC', noConversion: true },
  { label: 'Colour', mtype: 'etp', unit: 'Hazen', noConversion: true },
  // Continuous ambient air quality monitoring stations
  { label: 'CAAQMS PM2.5', mtype: 'caaqms', unit: 'ug/m3', limit: 60 },
  { label: 'CAAQMS PM10', mtype: 'caaqms', unit: 'ug/m3', limit: 100 },
  { label: 'CAAQMS SO2', mtype: 'caaqms', unit: 'ug/m3', limit: 80 },
  { label: 'CAAQMS NO2', mtype: 'caaqms', unit: 'ug/m3', limit: 80 },
  { label: 'CAAQMS NOx', mtype: 'caaqms', unit: 'ppb' },
  { label: 'CAAQMS O3', mtype: 'caaqms', unit: 'ug/m3', limit: 100 },
  { label: 'CAAQMS CO', mtype: 'caaqms', unit: 'mg/m3', limit: 2 },
  { label: 'CAAQMS NH3', mtype: 'caaqms', unit: 'ug/m3', limit: 400 },
  { label: 'CAAQMS Benzene', mtype: 'caaqms', unit: 'ug/m3' },
  { label: 'CAAQMS Wind Speed', mtype: 'caaqms', unit: 'm/s', noConversion: true },
  { label: 'CAAQMS Wind Direction', mtype: 'caaqms', unit: 'deg', noConversion: true },
  { label: 'CAAQMS Temperature', mtype: 'caaqms', unit: 'degC', noConversion: true },
  { label: 'CAAQMS Relative Humidity', mtype: 'caaqms', unit: '%', noConversion: true },
  // Ground water (piezometers)
  { label: 'Ground Water Level', mtype: 'ground water', unit: 'm', noConversion: true },
  { label: 'Ground Water pH', mtype: 'ground water', unit: 'pH', noConversion: true },
  { label: 'Ground Water Conductivity', mtype: 'ground water', unit: 'uS/cm', noConversion: true },
  // Energy meters
  { label: 'Energy kWh', mtype: 'energy', unit: 'kWh', agg: 'SUM', counter: true, noConversion: true },
  { label: 'Active Power', mtype: 'energy', unit: 'kW', noConversion: true },
  { label: 'Apparent Power', mtype: 'energy', unit: 'kVA', noConversion: true },
  { label: 'Power Factor', mtype: 'energy', unit: 'ratio', noConversion: true },
  { label: 'Voltage', mtype: 'energy', unit: 'V', noConversion: true },
  { label: 'Current', mtype: 'energy', unit: 'A', noConversion: true },
  { label: 'Frequency', mtype: 'energy', unit: 'Hz', noConversion: true },
];

/** Functional parameters: a standard parameter reported in another form. */
const FUNCTIONAL_PARAMETERS = [
  { label: 'NOx as NO2', base: 'NOx', isLinear: true },
  { label: 'Dry Stack Flow', base: 'Stack Flow', isLinear: true },
];

/** The platform's parameter catalogue; it is master data shared by every tenant. */
export async function seedParameterCatalogue(tx: Executor) {
  const ids = new Map<string, number>();
  for (const p of PARAMETER_CATALOGUE) {
    const [row] = await tx
      .insert(parameters)
      .values({
        ...generateParameterIdentifiers(p.label),
        label: p.label,
        mtype: p.mtype,
        type: p.mtype === 'caaqms' ? 'CAAQMS' : 'NORMAL',
        stdUnit: p.unit,
        defaultStdUnit: p.unit,
        alertLabel: p.alertLabel ?? p.label,
        metricAgg: p.agg ?? 'AVG',
        metricDownsampleAgg: p.agg ?? 'AVG',
        isAlertEnabled: p.mtype === 'stack' || p.mtype === 'etp' || p.mtype === 'caaqms',
        isCounter: p.counter ?? false,
        counterResetValue: p.counter ? COUNTER_DEFAULT_RESET_VALUE : null,
        isConversion: !p.noConversion,
        standardLimit: p.limit ?? null,
      })
      .returning({ id: parameters.id });
    ids.set(p.label, row!.id);
  }
  for (const f of FUNCTIONAL_PARAMETERS) {
    const base = PARAMETER_CATALOGUE.find((p) => p.label === f.base)!;
    await tx.insert(parameters).values({
      ...generateParameterIdentifiers(f.label),
      label: f.label,
      mtype: base.mtype,
      type: 'FUNCTIONAL',
      stdUnit: base.unit,
      defaultStdUnit: base.unit,
      alertLabel: f.label,
      isConversion: !base.noConversion,
      standardLimit: base.limit ?? null,
      baseParamId: ids.get(f.base)!,
      isLinear: f.isLinear,
    });
  }
}

export interface SeedOptions {
  admin: { email: string; password: string } | undefined;
  withDemoData: boolean;
  /** Encrypts the demo's board credentials as the console stores any. */
  secrets: Secrets;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  usesDemoPassword: boolean;
}

/**
 * First start with an empty database: the site operator, and unless turned
 * off, a realistic set of partners, industries, a corporate, a board and
 * users of every type. A database that has users is left alone.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = options.admin?.email ?? DEMO_ADMIN_EMAIL;
  const adminPassword = options.admin?.password ?? DEMO_PASSWORD;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0)
    return { seeded: false, adminEmail, usesDemoPassword: adminPassword === DEMO_PASSWORD };

  await db.transaction(async (tx) => {
    const siteAdmin = await createUser(tx, {
      accountId: PLATFORM_ACCOUNT_ID,
      email: adminEmail,
      name: 'Platform Administrator',
      phone: '919820000001',
      role: 'admin',
      password: adminPassword,
      hasDemoPassword: adminPassword === DEMO_PASSWORD,
    });
    const setPrimaryUser = (accountId: number, userId: number) =>
      tx.update(accounts).set({ primaryUserId: userId }).where(eq(accounts.id, accountId));
    await setPrimaryUser(PLATFORM_ACCOUNT_ID, siteAdmin.id);
    if (!options.withDemoData) return;
    await seedParameterCatalogue(tx);
    await seedMasterCategories(tx);
    await seedEnergyCatalogue(tx);
    await seedDerivedParameters(tx);

    const demoUser = (
      accountId: number,
      email: string,
      name: string,
      role: 'admin' | 'user',
      phone: string,
    ) =>
      createUser(tx, { accountId, email, name, role, phone, password: DEMO_PASSWORD, hasDemoPassword: true });

    await demoUser(PLATFORM_ACCOUNT_ID, 'operations@vayu.demo', 'Meera Kulkarni', 'user', '919820000002');

    const categories = new Map<string, number>();
    for (const name of INDUSTRY_CATEGORIES) categories.set(name, (await createIndustryCategory(tx, name)).id);

    const partners = {
      enviro: await createAccount(tx, {
        type: 'partner',
        name: 'Enviro Analytics Pvt Ltd',
        contactEmail: 'support@enviroanalytics.demo',
        contactNo: '912026850011',
        address: 'Plot 14, Hinjewadi Phase II',
        city: 'Pune',
        stateCode: 'MH',
        zip: '411057',
        gstin: makeGstin('MH', 'AAECE4410B'),
        isDemo: true,
      }),
      green: await createAccount(tx, {
        type: 'partner',
        name: 'GreenSense Instruments LLP',
        contactEmail: 'service@greensense.demo',
        contactNo: '917926440022',
        address: '302, Shivalik Corporate Park, SG Highway',
        city: 'Ahmedabad',
        stateCode: 'GJ',
        zip: '380015',
        gstin: makeGstin('GJ', 'AAKFG2231C'),
        isDemo: true,
      }),
      aqua: await createAccount(tx, {
        type: 'partner',
        name: 'AquaMetrics Solutions',
        contactEmail: 'care@aquametrics.demo',
        contactNo: '914424960033',
        address: '21, Guindy Industrial Estate',
        city: 'Chennai',
        stateCode: 'TN',
        zip: '600032',
        gstin: makeGstin('TN', 'AAHCA9902D'),
        isDemo: true,
      }),
    };
    await createAccount(tx, {
      type: 'partner',
      name: 'Northern Emission Services',
      status: 'DISABLED',
      contactEmail: 'info@northernemission.demo',
      contactNo: '911123450044',
      city: 'Noida',
      stateCode: 'UP',
      zip: '201301',
      isDemo: true,
    });
    const enviroAdmin = await demoUser(
      partners.enviro.id,
      'partner@enviroanalytics.demo',
      'Rohan Deshpande',
      'admin',
      '919822011001',
    );
    await demoUser(partners.enviro.id, 'field@enviroanalytics.demo', 'Sneha Patil', 'user', '919822011002');
    await setPrimaryUser(partners.enviro.id, enviroAdmin.id);
    const greenAdmin = await demoUser(
      partners.green.id,
      'partner@greensense.demo',
      'Hardik Mehta',
      'admin',
      '919824022001',
    );
    await setPrimaryUser(partners.green.id, greenAdmin.id);
    const aquaAdmin = await demoUser(
      partners.aqua.id,
      'partner@aquametrics.demo',
      'Karthik Subramanian',
      'admin',
      '919840033001',
    );
    await setPrimaryUser(partners.aqua.id, aquaAdmin.id);

    const corporate = await createCorporate(tx, { name: 'Sahyadri Group', type: 'corporate' });
    const corporateAccount = await createAccount(tx, {
      type: 'corporate',
      name: 'Sahyadri Group (Corporate EHS)',
      corporateId: corporate.id,
      contactEmail: 'corporate.ehs@sahyadrigroup.demo',
      city: 'Mumbai',
      stateCode: 'MH',
      zip: '400021',
      isDemo: true,
    });
    const corporateAdmin = await demoUser(
      corporateAccount.id,
      'corporate@sahyadrigroup.demo',
      'Anil Joshi',
      'admin',
      '919820044001',
    );
    await setPrimaryUser(corporateAccount.id, corporateAdmin.id);

    const board = await createAccount(tx, {
      type: 'statutory',
      name: 'Maharashtra Pollution Control Board',
      contactEmail: 'ocems@mpcb.demo',
      contactNo: '912224010437',
      address: 'Kalpataru Point, Sion',
      city: 'Mumbai',
      stateCode: 'MH',
      zip: '400022',
      isDemo: true,
    });
    const boardOfficer = await demoUser(
      board.id,
      'officer@mpcb.demo',
      'Dr. Sunita Pawar',
      'admin',
      '919820055001',
    );
    await setPrimaryUser(board.id, boardOfficer.id);

    const tenantIds = new Map<string, number>();
    for (const [index, t] of TENANTS.entries()) {
      const tenant = await createAccount(tx, {
        type: 'tenant',
        name: t.name,
        status: t.status,
        workingStatus: t.workingStatus,
        partnerId: t.partner ? partners[t.partner].id : null,
        corporateId: t.corporate ? corporate.id : null,
        industryCategoryId: categories.get(t.category)!,
        contactEmail: t.contact,
        contactNo: `91${9800000000 + Math.round(t.lat * 1000)}`,
        address: `Industrial Area, ${t.city}`,
        city: t.city,
        stateCode: t.state,
        zip: t.zip,
        gstin: makeGstin(t.state, t.pan),
        latitude: t.lat.toFixed(6),
        longitude: t.lng.toFixed(6),
        isRemotePerformanceCheck: t.remoteCheck ?? false,
        isDemo: true,
        paymentMode: t.paymentMode ?? false,
        ioeyeTenantId: t.ioeye ?? 0,
        approvalStatus: t.approvalPending ? 'PENDING' : 'APPROVED',
        // Partners took their industries on over the last few years.
        partnerSince: t.partner ? new Date(Date.UTC(2022, 3 + index * 2, 1)) : null,
      });
      tenantIds.set(t.name, tenant.id);
      await seedMonitoringPoints(tx, { id: tenant.id, category: t.category, lat: t.lat, lng: t.lng });
      const admin = await demoUser(
        tenant.id,
        t.contact,
        `EHS Head, ${t.name}`,
        'admin',
        `91${9900000000 + Math.round(t.lng * 1000)}`,
      );
      await setPrimaryUser(tenant.id, admin.id);
      if (t.blocked) {
        await tx.insert(tenantPermissions).values({ tenantId: tenant.id, ...t.blocked, isActive: true });
      }
      if (t.state === 'MH') await mapTenantToBoard(tx, board.id, tenant.id);
    }
    await demoUser(
      tenantIds.get('Deccan Cement Works')!,
      'shift.chemist@deccancement.demo',
      'Prakash Wankhede',
      'user',
      '919850066001',
    );
    // Vapi Agro's plan includes 3 users, and it has 3: one more is past its limit.
    for (const [email, name, phone] of [
      ['shift.incharge@vapiagro.demo', 'Hetal Desai', '919898011002'],
      ['lab@vapiagro.demo', 'Kiran Patel', '919898011003'],
    ] as const) {
      await demoUser(tenantIds.get('Vapi Agro Chemicals Pvt Ltd')!, email, name, 'user', phone);
    }
    await seedDemoBilling(tx, { tenants: tenantIds, enviro: partners.enviro.id, siteAdminId: siteAdmin.id });
    await seedDiagnostics(tx);
    await seedDemoDevices(tx);
    await seedDeviceProfiles(tx);
    await seedDemoReadings(tx);
    await seedDemoReports(tx);
    await seedDemoRegulator(tx, options.secrets, board.id);
  });
  return { seeded: true, adminEmail, usesDemoPassword: adminPassword === DEMO_PASSWORD };
}
