import { z } from 'zod';
import {
  entityTypeSchema,
  masterCategoryBodySchema,
  masterCategorySchema,
  masterCategoryUpdateSchema,
  timeZoneOptionSchema,
} from '../catalogue.js';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import { idParamsSchema } from './common.js';

/** `?includeDeleted=true` lists deleted categories too (site users only; others never see them). */
export const masterCategoryListQuerySchema = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Reference lists of the catalogue: entity types, time zones and the master categories. */
export const catalogueEndpoints = {
  listEntityTypes: defineEndpoint({
    method: 'GET',
    path: '/api/entityProps',
    operationId: 'listEntityTypes',
    tag: 'catalogue',
    summary: 'Entity types (monitoring points) and the properties each records',
    access: SIGNED_IN,
    response: z.array(entityTypeSchema),
  }),
  listTimeZones: defineEndpoint({
    method: 'GET',
    path: '/api/timezones',
    operationId: 'listTimeZones',
    tag: 'catalogue',
    summary: 'Time zones an account may use, with their offset from UTC today',
    access: SIGNED_IN,
    response: z.array(timeZoneOptionSchema),
  }),
  listMasterCategories: defineEndpoint({
    method: 'GET',
    path: '/api/masterCategories',
    operationId: 'listMasterCategories',
    tag: 'catalogue',
    summary: 'Master categories (type, description)',
    access: SIGNED_IN,
    query: masterCategoryListQuerySchema,
    response: z.array(masterCategorySchema),
  }),
  createMasterCategory: defineEndpoint({
    method: 'POST',
    path: '/api/masterCategories',
    operationId: 'createMasterCategory',
    tag: 'catalogue',
    summary: 'Add a master category',
    access: SITE_ONLY,
    body: masterCategoryBodySchema,
    status: 201,
    response: masterCategorySchema,
    errors: ['MASTER_CATEGORY_EXISTS'],
  }),
  updateMasterCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/masterCategories/:id',
    operationId: 'updateMasterCategory',
    tag: 'catalogue',
    summary: 'Edit a master category (from the version the form started with)',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: masterCategoryUpdateSchema,
    response: masterCategorySchema,
    errors: ['MASTER_CATEGORY_EXISTS', 'STALE_VERSION'],
  }),
  deleteMasterCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/masterCategories/:id',
    operationId: 'deleteMasterCategory',
    tag: 'catalogue',
    summary: 'Delete a master category (marked DELETED)',
    access: SITE_ONLY,
    params: idParamsSchema,
    response: masterCategorySchema,
  }),
};
