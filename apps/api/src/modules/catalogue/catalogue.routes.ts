import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entityTypeSchema,
  masterCategoryBodySchema,
  masterCategorySchema,
  masterCategoryUpdateSchema,
  timeZoneOptionSchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { CatalogueService } from './catalogue.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/api/entityProps',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Entity types (monitoring points) and the properties each records',
        response: { 200: z.array(entityTypeSchema) },
      },
    },
    () => [...catalogue.listEntityTypes()],
  );

  app.get(
    '/api/timezones',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Time zones an account may use, with their offset from UTC today',
        response: { 200: z.array(timeZoneOptionSchema) },
      },
    },
    () => catalogue.listTimeZones(),
  );

  app.get(
    '/api/masterCategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Master categories (type, description)',
        querystring: listQuery,
        response: { 200: z.array(masterCategorySchema) },
      },
    },
    (request) => catalogue.listMasterCategories(contextOf(request), request.query),
  );

  app.post(
    '/api/masterCategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Add a master category',
        body: masterCategoryBodySchema,
        response: { 201: masterCategorySchema },
      },
    },
    async (request, reply) => {
      const created = await catalogue.createMasterCategory(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/masterCategories/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Edit a master category (from the version the form started with)',
        params: idParams,
        body: masterCategoryUpdateSchema,
        response: { 200: masterCategorySchema },
      },
    },
    (request) => catalogue.updateMasterCategory(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/masterCategories/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Delete a master category (marked DELETED)',
        params: idParams,
        response: { 200: masterCategorySchema },
      },
    },
    (request) => catalogue.deleteMasterCategory(contextOf(request), request.params.id),
  );
};
