import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { FileStore } from '../lib/file-store.js';
import type { Mailer } from '../lib/mailer.js';
import { addressesRoutes } from './accounts/addresses.routes.js';
import { createAddressesService } from './accounts/addresses.service.js';
import { approvalsRoutes } from './accounts/approvals.routes.js';
import { createApprovalsService } from './accounts/approvals.service.js';
import { partnersRoutes } from './accounts/partners.routes.js';
import { tenantsRoutes } from './accounts/tenants.routes.js';
import { createTenantsService } from './accounts/tenants.service.js';
import { createPartnersService } from './accounts/partners.service.js';
import { alertsRoutes } from './alerts/alerts.routes.js';
import { createAlertsService } from './alerts/alerts.service.js';
import type { NotificationChannels } from './alerts/channels.js';
import { createAlertPreferencesService } from './alerts/preferences.service.js';
import { billingRoutes } from './billing/billing.routes.js';
import { createCatalogueService as createPriceListService } from './billing/catalogue.service.js';
import { createInvoicesService } from './billing/invoices.service.js';
import { createSubscriptionsService } from './billing/subscriptions.service.js';
import { auditRoutes } from './audit/audit.routes.js';
import { createAuditQueryService } from './audit/audit-query.service.js';
import type { AuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { homeRoutes } from './home/home.routes.js';
import { createHomeService } from './home/home.service.js';
import { logsRoutes } from './logs/logs.routes.js';
import { createLogsService } from './logs/logs.service.js';
import { healthRoutes } from './system/health.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';
import { corporatesRoutes } from './corporates/corporates.routes.js';
import { createCorporatesService } from './corporates/corporates.service.js';
import { statutoryRoutes } from './statutory/statutory.routes.js';
import { createStatutoryService } from './statutory/statutory.service.js';
import { industriesRoutes } from './industries/industries.routes.js';
import { createIndustriesService } from './industries/industries.service.js';
import { parametersRoutes } from './parameters/parameters.routes.js';
import { createParametersService } from './parameters/parameters.service.js';
import { derivedParametersRoutes } from './derived-parameters/derived-parameters.routes.js';
import { createDerivedParametersService } from './derived-parameters/derived-parameters.service.js';
import { energyRoutes } from './energy/energy.routes.js';
import { exportsRoutes } from './exports/exports.routes.js';
import { createEnergyService } from './energy/energy.service.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { createCatalogueService } from './catalogue/catalogue.service.js';
import { makesRoutes } from './makes/makes.routes.js';
import { createMakesService } from './makes/makes.service.js';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes.js';
import { createDiagnosticsService } from './diagnostics/diagnostics.service.js';
import { monitoringPointsRoutes } from './monitoring-points/monitoring-points.routes.js';
import { createMonitoringPointsService } from './monitoring-points/monitoring-points.service.js';
import { deviceProfilesRoutes } from './device-profiles/device-profiles.routes.js';
import { createDeviceProfilesService } from './device-profiles/device-profiles.service.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { createDevicesService } from './devices/devices.service.js';
import { deviceRecordsRoutes } from './device-records/device-records.routes.js';
import { createDeviceRecordsService } from './device-records/device-records.service.js';
import { labCalibrationRoutes } from './lab-calibration/lab-calibration.routes.js';
import { createLabCalibrationService } from './lab-calibration/lab-calibration.service.js';
import { camerasRoutes } from './cameras/cameras.routes.js';
import { createCamerasService } from './cameras/cameras.service.js';
import { offlineRemarksRoutes } from './offline-remarks/offline-remarks.routes.js';
import { createOfflineRemarksService } from './offline-remarks/offline-remarks.service.js';
import { edgeClientsRoutes } from './edge-clients/edge-clients.routes.js';
import { createEdgeClientsService } from './edge-clients/edge-clients.service.js';
import { appVendorsRoutes } from './app-vendors/app-vendors.routes.js';
import { createAppVendorsService } from './app-vendors/app-vendors.service.js';
import { pullDataRoutes } from './pull-data/pull-data.routes.js';
import { createPullDataService } from './pull-data/pull-data.service.js';
import type { Secrets } from '../lib/secrets.js';
import { regulatorsRoutes } from './regulators/regulators.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { createReportsService } from './reports/reports.service.js';
import { dataMigrationsRoutes } from './data-migrations/data-migrations.routes.js';
import { createDataMigrationsService } from './data-migrations/data-migrations.service.js';
import { createRegulatorsService } from './regulators/regulators.service.js';
import { telemetryRoutes } from './telemetry/telemetry.routes.js';
import { createDeviceLogService } from './telemetry/device-log.js';
import { createIngestService } from './telemetry/ingest.service.js';
import { createTelemetryService } from './telemetry/telemetry.service.js';
import { startMqttConsumer, type MqttConsumer } from './telemetry/mqtt-consumer.js';
import { publicDashboardsRoutes } from './public-dashboards/public-dashboards.routes.js';
import { createPublicDashboardsService } from './public-dashboards/public-dashboards.service.js';

/** What the modules are built from. Each service takes only the parts it uses. */
export interface ModuleDeps {
  database: DatabaseHandle;
  db: Database;
  config: Config;
  auth: AuthService;
  mailer: Mailer;
  files: FileStore;
  /** Encrypts the secrets kept in the database (camera tokens, board keys); one per process. */
  secrets: Secrets;
  /** How alerts reach people besides e-mail (SMS, WhatsApp): none unless a provider is configured. */
  channels: NotificationChannels;
}

/** Every business area registers its routes here, one line each. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { db, config } = deps;
  await app.register(healthRoutes, { database: deps.database });
  const users = createUsersService({ db, config, mailer: deps.mailer, sessions: deps.auth });
  await app.register(authRoutes, { auth: deps.auth, users, config });
  await app.register(usersRoutes, { users });
  await app.register(corporatesRoutes, { corporates: createCorporatesService({ db }) });
  await app.register(statutoryRoutes, { statutory: createStatutoryService({ db }) });
  await app.register(industriesRoutes, { industries: createIndustriesService({ db }) });
  await app.register(homeRoutes, { home: createHomeService({ db }) });
  await app.register(partnersRoutes, { partners: createPartnersService({ db }) });
  await app.register(tenantsRoutes, {
    tenants: createTenantsService({ db, files: deps.files, sessions: deps.auth }),
  });
  await app.register(alertsRoutes, {
    alerts: createAlertsService({ db }),
    preferences: createAlertPreferencesService({ db, channels: deps.channels }),
  });
  await app.register(billingRoutes, {
    catalogue: createPriceListService({ db }),
    subscriptions: createSubscriptionsService({ db, mailer: deps.mailer }),
    invoices: createInvoicesService({ db, mailer: deps.mailer }),
  });
  await app.register(addressesRoutes, { addresses: createAddressesService({ db }) });
  await app.register(approvalsRoutes, { approvals: createApprovalsService({ db, mailer: deps.mailer }) });
  await app.register(auditRoutes, { audit: createAuditQueryService({ db }) });
  await app.register(logsRoutes, { logs: createLogsService({ db }) });
  await app.register(parametersRoutes, { parameters: createParametersService({ db }) });
  await app.register(derivedParametersRoutes, { derivedParameters: createDerivedParametersService({ db }) });
  await app.register(energyRoutes, { energy: createEnergyService({ db }) });
  await app.register(catalogueRoutes, { catalogue: createCatalogueService({ db }) });
  await app.register(makesRoutes, { makes: createMakesService({ db }) });
  await app.register(diagnosticsRoutes, { diagnostics: createDiagnosticsService({ db }) });
  await app.register(monitoringPointsRoutes, { monitoringPoints: createMonitoringPointsService({ db }) });
  await app.register(deviceProfilesRoutes, { deviceProfiles: createDeviceProfilesService({ db }) });
  await app.register(devicesRoutes, { devices: createDevicesService({ db }) });
  await app.register(deviceRecordsRoutes, {
    deviceRecords: createDeviceRecordsService({ db, files: deps.files }),
  });
  await app.register(labCalibrationRoutes, {
    labCalibration: createLabCalibrationService({ db, files: deps.files }),
    db,
  });
  await app.register(camerasRoutes, {
    cameras: createCamerasService({ db, secrets: deps.secrets }),
  });
  await app.register(offlineRemarksRoutes, { offlineRemarks: createOfflineRemarksService({ db }) });
  await app.register(edgeClientsRoutes, { edgeClients: createEdgeClientsService({ db }) });
  await app.register(appVendorsRoutes, { appVendors: createAppVendorsService({ db }) });
  await app.register(pullDataRoutes, {
    pullData: createPullDataService({ db, database: deps.database }),
  });
  await app.register(exportsRoutes, { db });
  await app.register(reportsRoutes, {
    reports: createReportsService({
      db,
      files: deps.files,
      mailer: deps.mailer,
      publicUrl: config.publicUrl,
    }),
  });
  await app.register(dataMigrationsRoutes, {
    dataMigrations: createDataMigrationsService({ db, files: deps.files }),
    partners: createPartnersService({ db }),
  });
  await app.register(regulatorsRoutes, {
    regulators: createRegulatorsService({ db, secrets: deps.secrets }),
  });
  await app.register(publicDashboardsRoutes, {
    publicDashboards: createPublicDashboardsService({ db, database: deps.database }),
  });
  const ingest = createIngestService({ database: deps.database });
  await app.register(telemetryRoutes, {
    db,
    ingest,
    telemetry: createTelemetryService({ db, database: deps.database }),
    deviceLog: createDeviceLogService({ database: deps.database }),
  });
  if (config.mqttUrl) {
    // Readings over MQTT go through the same checks and insert as POST /api/ingest.
    const mqttUrl = config.mqttUrl;
    let consumer: MqttConsumer | undefined;
    app.addHook('onReady', async () => {
      consumer = startMqttConsumer({
        url: mqttUrl,
        group: config.mqttShareGroup,
        db,
        ingest,
        log: app.log.child({ component: 'mqtt' }),
      });
    });
    app.addHook('onClose', async () => {
      await consumer?.close();
    });
  }
}
