import { z } from 'zod';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import {
  derivedParameterBodySchema,
  derivedParameterListQuerySchema,
  derivedParameterSchema,
  energyDerivedMetricSchema,
  expressionKeySchema,
} from '../derived-parameters.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, requireVersion } from './common.js';

/** Derived parameters of the catalogue: series computed from other parameters by expressions. */
export const derivedParametersEndpoints = {
  listDerivedParameters: defineEndpoint({
    method: 'GET',
    path: '/api/derivedParameters',
    operationId: 'listDerivedParameters',
    tag: 'derived parameters',
    summary: 'Derived parameters with their series, searched by label or name and paged',
    access: SIGNED_IN,
    query: derivedParameterListQuerySchema,
    response: pageOf(derivedParameterSchema),
  }),
  listExpressionKeys: defineEndpoint({
    method: 'GET',
    path: '/api/derivedParameters/keys',
    operationId: 'listExpressionKeys',
    tag: 'derived parameters',
    summary: 'Every key an expression may use: standard parameter keys and derived series names',
    access: SIGNED_IN,
    response: z.array(expressionKeySchema),
  }),
  getDerivedParameter: defineEndpoint({
    method: 'GET',
    path: '/api/derivedParameters/:id',
    operationId: 'getDerivedParameter',
    tag: 'derived parameters',
    summary: 'One derived parameter with its series and expression rows',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: derivedParameterSchema,
  }),
  createDerivedParameter: defineEndpoint({
    method: 'POST',
    path: '/api/derivedParameters',
    operationId: 'createDerivedParameter',
    tag: 'derived parameters',
    summary: 'Add a derived parameter; names, key and metric are generated from the labels',
    access: SITE_ONLY,
    body: derivedParameterBodySchema,
    status: 201,
    response: derivedParameterSchema,
    errors: ['PARAMETER_EXISTS'],
  }),
  updateDerivedParameter: defineEndpoint({
    method: 'PUT',
    path: '/api/derivedParameters/:id',
    operationId: 'updateDerivedParameter',
    tag: 'derived parameters',
    summary: 'Edit a derived parameter (from the version the form started with); its series are replaced',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: requireVersion(derivedParameterBodySchema),
    response: derivedParameterSchema,
    errors: ['PARAMETER_EXISTS', 'DERIVED_PARAMETER_IN_USE', 'STALE_VERSION'],
  }),
  deleteDerivedParameter: defineEndpoint({
    method: 'DELETE',
    path: '/api/derivedParameters/:id',
    operationId: 'deleteDerivedParameter',
    tag: 'derived parameters',
    summary: 'Delete a derived parameter (marked DELETED) unless another one uses its series',
    access: SITE_ONLY,
    params: idParamsSchema,
    response: derivedParameterSchema,
    errors: ['DERIVED_PARAMETER_IN_USE'],
  }),
  listEnergyDerivedMetrics: defineEndpoint({
    method: 'GET',
    path: '/api/energy/derivedmetrics',
    operationId: 'listEnergyDerivedMetrics',
    tag: 'energy',
    summary: 'The series of energy derived parameters, offered as derived metrics',
    access: SIGNED_IN,
    response: z.array(energyDerivedMetricSchema),
  }),
};
