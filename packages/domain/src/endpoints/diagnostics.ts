import {
  diagnosticParamBodySchema,
  diagnosticParamListQuerySchema,
  diagnosticParamSchema,
} from '../diagnostics.js';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, requireVersion } from './common.js';

/** A diagnostic set-up named in a path: an industry's own set-up is seen only by who may see that industry. */
const OWNED_SET_UP = { param: 'id', kind: 'diagnostic' } as const;

/** The diagnostic parameter set-ups of analysers and industries. */
export const diagnosticsEndpoints = {
  listDiagnosticParams: defineEndpoint({
    method: 'GET',
    path: '/api/diagnosticParams',
    operationId: 'listDiagnosticParams',
    tag: 'diagnostics',
    summary: 'Diagnostic parameter set-ups you may see, paged; filtered by make, model or industry',
    access: SIGNED_IN,
    query: diagnosticParamListQuerySchema,
    response: pageOf(diagnosticParamSchema),
  }),
  getDiagnosticParam: defineEndpoint({
    method: 'GET',
    path: '/api/diagnosticParams/:id',
    operationId: 'getDiagnosticParam',
    tag: 'diagnostics',
    summary: 'One diagnostic parameter set-up',
    access: SIGNED_IN,
    params: idParamsSchema,
    response: diagnosticParamSchema,
    owned: OWNED_SET_UP,
  }),
  createDiagnosticParam: defineEndpoint({
    method: 'POST',
    path: '/api/diagnosticParams',
    operationId: 'createDiagnosticParam',
    tag: 'diagnostics',
    summary: 'Add the diagnostic parameters of an analyser model or of an industry',
    access: SITE_ONLY,
    body: diagnosticParamBodySchema,
    status: 201,
    response: diagnosticParamSchema,
    errors: ['DIAGNOSTIC_MODEL_TAKEN', 'DIAGNOSTIC_TENANT_TAKEN'],
  }),
  updateDiagnosticParam: defineEndpoint({
    method: 'PUT',
    path: '/api/diagnosticParams/:id',
    operationId: 'updateDiagnosticParam',
    tag: 'diagnostics',
    summary: 'Edit a diagnostic parameter set-up (from the version the form started with)',
    access: SITE_ONLY,
    params: idParamsSchema,
    body: requireVersion(diagnosticParamBodySchema),
    response: diagnosticParamSchema,
    errors: ['DIAGNOSTIC_MODEL_TAKEN', 'DIAGNOSTIC_TENANT_TAKEN', 'STALE_VERSION'],
    owned: OWNED_SET_UP,
  }),
  deleteDiagnosticParam: defineEndpoint({
    method: 'DELETE',
    path: '/api/diagnosticParams/:id',
    operationId: 'deleteDiagnosticParam',
    tag: 'diagnostics',
    summary: 'Delete a diagnostic parameter set-up (marked DELETED)',
    access: SITE_ONLY,
    params: idParamsSchema,
    response: diagnosticParamSchema,
    owned: OWNED_SET_UP,
  }),
};
