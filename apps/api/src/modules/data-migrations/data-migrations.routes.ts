import type { FastifyInstance } from 'fastify';
import {
  DATA_MIGRATION_CSV_TEMPLATE,
  DATA_MIGRATION_FILE_PART,
  DATA_MIGRATION_MAX_BYTES,
  DATA_MIGRATION_MESSAGES,
  DATA_MIGRATION_TEMPLATE_FILE_NAME,
  dataMigrationCreateFieldsSchema,
  dataMigrationsEndpoints,
} from '@vayu/domain';
import { attachmentOf } from '../../lib/content-disposition.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { parseFields, readForm } from '../../lib/multipart-form.js';
import { contextOf } from '../../plugins/authentication.js';
import type { PartnersService } from '../accounts/partners.service.js';
import type { DataMigrationsService } from './data-migrations.service.js';

export async function dataMigrationsRoutes(
  app: FastifyInstance,
  { dataMigrations, partners }: { dataMigrations: DataMigrationsService; partners: PartnersService },
) {
  registerEndpoints(app, dataMigrationsEndpoints, {
    listDataMigrations: ({ query }, request) => dataMigrations.list(contextOf(request), query),
    downloadDataMigrationTemplate: (_input, _request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentOf(DATA_MIGRATION_TEMPLATE_FILE_NAME))
        .send(DATA_MIGRATION_CSV_TEMPLATE),
    getDataMigration: ({ params }, request) => dataMigrations.get(contextOf(request), params.id),
    createDataMigration: async (_input, request) => {
      const { fields, files } = await readForm(request, {
        filePart: DATA_MIGRATION_FILE_PART,
        maxFiles: 1,
        maxFileBytes: DATA_MIGRATION_MAX_BYTES,
        sizeMessage: DATA_MIGRATION_MESSAGES.tooLarge,
        fallbackName: 'migration.csv',
      });
      const body = parseFields(dataMigrationCreateFieldsSchema, fields);
      return dataMigrations.create(contextOf(request), body, files[0] ?? null);
    },
    importDataMigration: ({ params }, request) => dataMigrations.import(contextOf(request), params.id),
    cancelDataMigration: ({ params }, request) => dataMigrations.cancel(contextOf(request), params.id),
    // The spec's /migratePartner is the partner change itself, with its ids in the body.
    migratePartner: ({ body }, request) =>
      partners.changePartner(contextOf(request), body.tenantId, body.partnerId),
  });
}
