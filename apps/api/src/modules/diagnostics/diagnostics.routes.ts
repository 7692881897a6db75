import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  diagnosticParamBodySchema,
  diagnosticParamListQuerySchema,
  diagnosticParamSchema,
  makeListQuerySchema,
  makeSchema,
  modelSchema,
  pageOf,
  type MakeType,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { DiagnosticsService } from './diagnostics.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const makeIdParams = z.object({ makeId: z.coerce.number().int().positive() });

/** An edit must say which version the form started from. */
const diagnosticParamUpdateSchema = diagnosticParamBodySchema.refine((body) => body.version !== undefined, {
  path: ['version'],
  message: 'This field is required',
});

export const diagnosticsRoutes: FastifyPluginAsyncZod<{ diagnostics: DiagnosticsService }> = async (
  app,
  { diagnostics },
) => {
  app.get(
    '/api/make',
    {
      schema: {
        tags: ['makes'],
        summary: 'Device makes (not deleted), by name; only those of one type when `type` is given',
        querystring: makeListQuerySchema,
        response: { 200: z.array(makeSchema) },
      },
    },
    (request) => diagnostics.listMakes(contextOf(request), request.query.type),
  );

  // The spec's typed make lists: the same list, filtered by type in the path.
  for (const type of ['Analyser', 'Calibrator'] as const satisfies readonly MakeType[]) {
    app.get(
      `/api/${type}/make`,
      {
        schema: {
          tags: ['makes'],
          summary: `${type} makes (not deleted), by name`,
          response: { 200: z.array(makeSchema) },
        },
      },
      (request) => diagnostics.listMakes(contextOf(request), type),
    );
  }

  app.get(
    '/api/modelByMake/:makeId',
    {
      schema: {
        tags: ['makes'],
        summary: 'The models of a make (not deleted), by name',
        params: makeIdParams,
        response: { 200: z.array(modelSchema) },
      },
    },
    (request) => diagnostics.listModelsOfMake(contextOf(request), request.params.makeId),
  );

  app.get(
    '/api/diagnosticParams',
    {
      schema: {
        tags: ['diagnostics'],
        summary: 'Diagnostic parameter set-ups you may see, paged; filtered by make, model or industry',
        querystring: diagnosticParamListQuerySchema,
        response: { 200: pageOf(diagnosticParamSchema) },
      },
    },
    (request) => diagnostics.listDiagnosticParams(contextOf(request), request.query),
  );

  app.get(
    '/api/diagnosticParams/:id',
    {
      schema: {
        tags: ['diagnostics'],
        summary: 'One diagnostic parameter set-up',
        params: idParams,
        response: { 200: diagnosticParamSchema },
      },
    },
    (request) => diagnostics.getDiagnosticParam(contextOf(request), request.params.id),
  );

  app.post(
    '/api/diagnosticParams',
    {
      schema: {
        tags: ['diagnostics'],
        summary: 'Add the diagnostic parameters of an analyser model or of an industry',
        body: diagnosticParamBodySchema,
        response: { 201: diagnosticParamSchema },
      },
    },
    async (request, reply) => {
      const created = await diagnostics.createDiagnosticParam(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/diagnosticParams/:id',
    {
      schema: {
        tags: ['diagnostics'],
        summary: 'Edit a diagnostic parameter set-up (from the version the form started with)',
        params: idParams,
        body: diagnosticParamUpdateSchema,
        response: { 200: diagnosticParamSchema },
      },
    },
    (request) => diagnostics.updateDiagnosticParam(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/diagnosticParams/:id',
    {
      schema: {
        tags: ['diagnostics'],
        summary: 'Delete a diagnostic parameter set-up (marked DELETED)',
        params: idParams,
        response: { 200: diagnosticParamSchema },
      },
    },
    (request) => diagnostics.deleteDiagnosticParam(contextOf(request), request.params.id),
  );
};
