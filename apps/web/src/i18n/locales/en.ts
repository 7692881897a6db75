import { enCore } from './en-core';
import { auditEn } from './areas/audit.en';
import { mastersEn } from './areas/masters.en';
import { peopleEn } from './areas/people.en';
import { parametersEn } from './areas/parameters.en';
import { energyEn } from './areas/energy.en';
import { derivedParametersEn } from './areas/derived-parameters.en';
import { diagnosticsEn } from './areas/diagnostics.en';
import { tenantsEn } from './areas/tenants.en';
import { devicesEn } from './areas/devices.en';
import { deviceProfilesEn } from './areas/device-profiles.en';
import { deviceRecordsEn } from './areas/device-records.en';
import { deviceRegistryEn } from './areas/device-registry.en';
import { camerasEn } from './areas/cameras.en';
import { edgeClientsEn } from './areas/edge-clients.en';
import { pullDataEn } from './areas/pull-data.en';
import { readingsEn } from './areas/readings.en';
import { appVendorsEn } from './areas/app-vendors.en';
import { regulatorsEn } from './areas/regulators.en';
import { billingEn } from './areas/billing.en';
import { homeEn } from './areas/home.en';
import { reportsEn } from './areas/reports.en';
import { dataMigrationsEn } from './areas/data-migrations.en';
import { alertsEn } from './areas/alerts.en';
import { publicDashboardEn } from './areas/public-dashboard.en';
import { labCalibrationEn } from './areas/lab-calibration.en';

/** English texts of the console's areas; the frame's texts are in `en-core.ts`. */
export const enAreas = {
  tenants: tenantsEn,
  people: peopleEn,
  masters: mastersEn,
  audit: auditEn,
  parameters: parametersEn,
  diagnostics: diagnosticsEn,
  energy: energyEn,
  derivedParameters: derivedParametersEn,
  devices: devicesEn,
  deviceProfiles: deviceProfilesEn,
  deviceRecords: deviceRecordsEn,
  deviceRegistry: deviceRegistryEn,
  cameras: camerasEn,
  edgeClients: edgeClientsEn,
  pullData: pullDataEn,
  readings: readingsEn,
  appVendors: appVendorsEn,
  regulators: regulatorsEn,
  billing: billingEn,
  home: homeEn,
  reports: reportsEn,
  dataMigrations: dataMigrationsEn,
  alerts: alertsEn,
  publicDashboard: publicDashboardEn,
  labCalibration: labCalibrationEn,
} as const;

/** All English texts. */
export const en = { ...enCore, ...enAreas } as const;

export type TranslationShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>;
};

/** The shape every other language must fill in completely. */
export type Translations = TranslationShape<typeof en>;
