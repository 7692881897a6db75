import type { FastifyInstance } from 'fastify';
import { diagnosticsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { DiagnosticsService } from './diagnostics.service.js';

export async function diagnosticsRoutes(
  app: FastifyInstance,
  { diagnostics }: { diagnostics: DiagnosticsService },
) {
  registerEndpoints(app, diagnosticsEndpoints, {
    listDiagnosticParams: ({ query }, request) => diagnostics.listDiagnosticParams(contextOf(request), query),
    getDiagnosticParam: ({ params }, request) =>
      diagnostics.getDiagnosticParam(contextOf(request), params.id),
    createDiagnosticParam: ({ body }, request) => diagnostics.createDiagnosticParam(contextOf(request), body),
    updateDiagnosticParam: ({ params, body }, request) =>
      diagnostics.updateDiagnosticParam(contextOf(request), params.id, body),
    deleteDiagnosticParam: ({ params }, request) =>
      diagnostics.deleteDiagnosticParam(contextOf(request), params.id),
  });
}
