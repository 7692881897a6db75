import { exportAlarmsEndpoint } from './alerts.js';
import { exportAuditLogsEndpoint } from './audit.js';
import { exportDevicesEndpoint } from './devices.js';
import { exportParametersEndpoint } from './parameters.js';
import { exportPartnersEndpoint } from './partners.js';
import { exportTenantsEndpoint } from './tenants.js';
import { exportUsersEndpoint } from './users.js';

/**
 * Each list as a CSV file: the list's filters and access, every matching row.
 * Each is defined beside its list's endpoint (a list screen's export button
 * loads only its own area's schemas); the API registers them here, together.
 */
export const exportsEndpoints = {
  exportTenants: exportTenantsEndpoint,
  exportPartners: exportPartnersEndpoint,
  exportUsers: exportUsersEndpoint,
  exportAuditLogs: exportAuditLogsEndpoint,
  exportDevices: exportDevicesEndpoint,
  exportParameters: exportParametersEndpoint,
  exportAlarms: exportAlarmsEndpoint,
};
