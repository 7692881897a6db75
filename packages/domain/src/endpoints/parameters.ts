import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import {
  parameterBodySchema,
  parameterExportQuerySchema,
  parameterListQuerySchema,
  parameterSchema,
} from '../parameters.js';
import { parameterUnitsSchema } from '../units.js';
import { idParamsSchema, requireVersion } from './common.js';

export const unitSchema = z.object({ code: z.string(), label: z.string(), quantity: z.string() });
export type Unit = z.infer<typeof unitSchema>;

/** Standard and functional parameters of the catalogue, and the units readings come in. */
export const parametersEndpoints = {
  listParameters: defineEndpoint({
    method: 'GET',
    path: '/api/parameters',
    operationId: 'listParameters',
    tag: 'parameters',
    summary: 'Standard and functional parameters, searched by label or name and paged',
    access: SIGNED_IN,
    query: parameterListQuerySchema,
    response: pageOf(parameterSchema),
  }),
  getParameter: defineEndpoint({
    method: 'GET',
    path: '/api/parameters/:id',
    operationId: 'getParameter',
    tag: 'parameters',
    summary: 'One parameter',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: parameterSchema,
  }),
  createParameter: defineEndpoint({
    method: 'POST',
    path: '/api/parameters',
    operationId: 'createParameter',
    tag: 'parameters',
    summary: 'Add a parameter; name, key and metric are generated from the label',
    access: SITE_ONLY,
    body: parameterBodySchema,
    status: 201,
    response: parameterSchema,
    errors: ['PARAMETER_EXISTS'],
  }),
  updateParameter: defineEndpoint({
    method: 'PUT',
    path: '/api/parameters/:id',
    operationId: 'updateParameter',
    tag: 'parameters',
    summary: 'Edit a parameter (from the version the form started with)',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: requireVersion(parameterBodySchema),
    response: parameterSchema,
    errors: ['PARAMETER_EXISTS', 'PARAMETER_IN_USE', 'STALE_VERSION'],
  }),
  deleteParameter: defineEndpoint({
    method: 'DELETE',
    path: '/api/parameters/:id',
    operationId: 'deleteParameter',
    tag: 'parameters',
    summary: 'Delete a parameter (marked DELETED) unless something still uses it',
    access: SITE_ONLY,
    params: idParamsSchema,
    response: parameterSchema,
    errors: ['PARAMETER_IN_USE'],
  }),
  getParameterUnits: defineEndpoint({
    method: 'GET',
    path: '/api/parameters/:id/units',
    operationId: 'getParameterUnits',
    tag: 'parameters',
    summary:
      "A parameter's standard unit, the CPCB and SPCB units, and every unit its readings may arrive in with the factor to the standard unit",
    access: SIGNED_IN,
    params: idParamsSchema,
    response: parameterUnitsSchema,
  }),
  listUnits: defineEndpoint({
    method: 'GET',
    path: '/api/units',
    operationId: 'listUnits',
    tag: 'parameters',
    summary: 'Units readings and parameters are measured in',
    access: SIGNED_IN,
    response: z.array(unitSchema),
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportParametersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/parameters/export',
  operationId: 'exportParameters',
  tag: 'parameters',
  summary: 'The standard and functional parameters the list shows, as a CSV file',
  description: EXPORT_DESCRIPTION,
  access: parametersEndpoints.listParameters.access,
  query: parameterExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});
