import { migratePartnerResultSchema } from '../accounts.js';
import {
  DATA_MIGRATION_CSV_COLUMNS,
  DATA_MIGRATION_ERRORS_KEPT,
  DATA_MIGRATION_FILE_PART,
  dataMigrationCreateFieldsSchema,
  dataMigrationDetailSchema,
  dataMigrationListQuerySchema,
  dataMigrationSchema,
  migratePartnerBodySchema,
} from '../data-migrations.js';
import { ACCOUNT_ADMINS, DATA_MIGRATION_READERS, defineEndpoint, SITE_ONLY } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema } from './common.js';
import { DATA_MIGRATION_MAX_BYTES, DATA_MIGRATION_MAX_YEARS, DATA_MIGRATION_MAX_ROWS } from '../constants.js';

const MB = 1024 * 1024;

/** And started, imported and cancelled by their administrators: the platform's, the partner's, the industry's. */
export const DATA_MIGRATION_WRITERS = ACCOUNT_ADMINS;

/**
 * Data migrations (spec §7: data migration GET, POST, DELETE; /migratePartner):
 * an industry's history from a CSV file or from another industry, checked by a
 * job (a dry run with row errors) and then imported all or nothing by another.
 */
export const dataMigrationsEndpoints = {
  listDataMigrations: defineEndpoint({
    method: 'GET',
    path: '/api/dataMigration',
    operationId: 'listDataMigrations',
    tag: 'data-migrations',
    summary: 'Data migrations of the industries the caller sees, newest first, by industry and status, paged',
    access: DATA_MIGRATION_READERS,
    query: dataMigrationListQuerySchema,
    response: pageOf(dataMigrationSchema),
  }),
  downloadDataMigrationTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/dataMigration/template',
    operationId: 'downloadDataMigrationTemplate',
    tag: 'data-migrations',
    summary: 'The CSV template of a migration file',
    description: `Columns ${DATA_MIGRATION_CSV_COLUMNS.join(', ')} (deviceId may stand for deviceSerial); provenance may be empty (measured).`,
    access: DATA_MIGRATION_READERS,
    produces: 'text/csv',
  }),
  getDataMigration: defineEndpoint({
    method: 'GET',
    path: '/api/dataMigration/:id',
    operationId: 'getDataMigration',
    tag: 'data-migrations',
    summary: `A data migration with its progress and its first ${DATA_MIGRATION_ERRORS_KEPT} row errors`,
    access: DATA_MIGRATION_READERS,
    params: idParamsSchema,
    response: dataMigrationDetailSchema,
  }),
  createDataMigration: defineEndpoint({
    method: 'POST',
    path: '/api/dataMigration',
    operationId: 'createDataMigration',
    tag: 'data-migrations',
    summary:
      'Request a migration into an industry: from a CSV file or from another industry; its check starts at once',
    description:
      `multipart/form-data: the text part \`tenantId\` and the file part \`${DATA_MIGRATION_FILE_PART}\`, a CSV file ` +
      `(UTF-8 text by content) of at most ${DATA_MIGRATION_MAX_BYTES / MB} MB and ${DATA_MIGRATION_MAX_ROWS} rows ` +
      `with the template's columns; or, without a file (multipart or JSON), \`tenantId\`, \`sourceTenantId\` and ` +
      `optional \`from\`/\`to\` (ISO 8601 with offset): the readings of that industry, devices matched by serial ` +
      `number and parameters by catalogue id. History may go back ${DATA_MIGRATION_MAX_YEARS} years.`,
    access: DATA_MIGRATION_WRITERS,
    multipart: dataMigrationCreateFieldsSchema,
    status: 201,
    response: dataMigrationDetailSchema,
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  importDataMigration: defineEndpoint({
    method: 'POST',
    path: '/api/dataMigration/:id/import',
    operationId: 'importDataMigration',
    tag: 'data-migrations',
    summary: 'Import a checked migration: all its rows in one transaction, or none (409 unless CHECKED)',
    access: DATA_MIGRATION_WRITERS,
    params: idParamsSchema,
    response: dataMigrationDetailSchema,
    errors: ['MIGRATION_STATE'],
  }),
  cancelDataMigration: defineEndpoint({
    method: 'DELETE',
    path: '/api/dataMigration/:id',
    operationId: 'cancelDataMigration',
    tag: 'data-migrations',
    summary: 'Cancel a migration that is not importing or imported; its stored file is removed',
    access: DATA_MIGRATION_WRITERS,
    params: idParamsSchema,
    response: dataMigrationDetailSchema,
    errors: ['MIGRATION_STATE'],
  }),
  migratePartner: defineEndpoint({
    method: 'POST',
    path: '/api/migratePartner',
    operationId: 'migratePartner',
    tag: 'accounts',
    summary:
      'Move a tenant to another partner (−1: no partner), as POST /api/changePartner/{tenantId}/{partnerId} does',
    access: SITE_ONLY,
    body: migratePartnerBodySchema,
    response: migratePartnerResultSchema,
    errors: ['PARTNER_CHANGE_REFUSED'],
  }),
};
