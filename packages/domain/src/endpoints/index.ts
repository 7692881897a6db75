import type { EndpointDefinition } from '../endpoint.js';
import { addressesEndpoints } from './addresses.js';
import { appVendorsEndpoints } from './app-vendors.js';
import { approvalsEndpoints } from './approvals.js';
import { auditEndpoints, logsEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { camerasEndpoints, offlineRemarksEndpoints } from './cameras.js';
import { catalogueEndpoints } from './catalogue.js';
import { corporatesEndpoints } from './corporates.js';
import { derivedParametersEndpoints } from './derived-parameters.js';
import { deviceProfilesEndpoints } from './device-profiles.js';
import { devicesEndpoints } from './devices.js';
import { deviceRecordsEndpoints } from './device-records.js';
import { labCalibrationEndpoints } from './lab-calibration.js';
import { diagnosticsEndpoints } from './diagnostics.js';
import { edgeClientsEndpoints } from './edge-clients.js';
import { energyEndpoints } from './energy.js';
import { exportsEndpoints } from './exports.js';
import { homeEndpoints } from './home.js';
import { industriesEndpoints } from './industries.js';
import { makesEndpoints } from './makes.js';
import { monitoringPointsEndpoints } from './monitoring-points.js';
import { regulatorsEndpoints } from './regulators.js';
import { reportsEndpoints } from './reports.js';
import { dataMigrationsEndpoints } from './data-migrations.js';
import { parametersEndpoints } from './parameters.js';
import { pullDataEndpoints } from './pull-data.js';
import { partnersEndpoints } from './partners.js';
import { statutoryEndpoints } from './statutory.js';
import { alertsEndpoints } from './alerts.js';
import { billingEndpoints } from './billing.js';
import { systemEndpoints } from './system.js';
import { telemetryEndpoints } from './telemetry.js';
import { tenantsEndpoints } from './tenants.js';
import { usersEndpoints } from './users.js';
import { publicDashboardsEndpoints } from './public-dashboards.js';

export * from './common.js';
export * from './addresses.js';
export * from './app-vendors.js';
export * from './approvals.js';
export * from './audit.js';
export * from './auth.js';
export * from './cameras.js';
export * from './catalogue.js';
export * from './corporates.js';
export * from './derived-parameters.js';
export * from './device-profiles.js';
export * from './devices.js';
export * from './device-records.js';
export * from './lab-calibration.js';
export * from './diagnostics.js';
export * from './edge-clients.js';
export * from './energy.js';
export * from './exports.js';
export * from './home.js';
export * from './industries.js';
export * from './makes.js';
export * from './monitoring-points.js';
export * from './regulators.js';
export * from './reports.js';
export * from './data-migrations.js';
export * from './parameters.js';
export * from './pull-data.js';
export * from './partners.js';
export * from './statutory.js';
export * from './alerts.js';
export * from './billing.js';
export * from './system.js';
export * from './telemetry.js';
export * from './tenants.js';
export * from './users.js';
export * from './public-dashboards.js';

/**
 * Every endpoint of the API, by area. The API registers, authorizes and
 * documents exactly these; the web imports an area's group, never this list,
 * so each screen's bundle carries only its own schemas.
 */
export const ENDPOINT_GROUPS = {
  system: systemEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  tenants: tenantsEndpoints,
  partners: partnersEndpoints,
  billing: billingEndpoints,
  addresses: addressesEndpoints,
  approvals: approvalsEndpoints,
  home: homeEndpoints,
  statutory: statutoryEndpoints,
  corporates: corporatesEndpoints,
  industries: industriesEndpoints,
  audit: auditEndpoints,
  logs: logsEndpoints,
  parameters: parametersEndpoints,
  derivedParameters: derivedParametersEndpoints,
  energy: energyEndpoints,
  makes: makesEndpoints,
  diagnostics: diagnosticsEndpoints,
  catalogue: catalogueEndpoints,
  monitoringPoints: monitoringPointsEndpoints,
  devices: devicesEndpoints,
  cameras: camerasEndpoints,
  offlineRemarks: offlineRemarksEndpoints,
  deviceRecords: deviceRecordsEndpoints,
  labCalibration: labCalibrationEndpoints,
  deviceProfiles: deviceProfilesEndpoints,
  telemetry: telemetryEndpoints,
  edgeClients: edgeClientsEndpoints,
  pullData: pullDataEndpoints,
  appVendors: appVendorsEndpoints,
  regulators: regulatorsEndpoints,
  alerts: alertsEndpoints,
  reports: reportsEndpoints,
  dataMigrations: dataMigrationsEndpoints,
  exports: exportsEndpoints,
  publicDashboards: publicDashboardsEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const ALL_ENDPOINTS: readonly EndpointDefinition[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
