import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageOf,
  parameterBodySchema,
  parameterListQuerySchema,
  parameterSchema,
  parameterUnitsSchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { ParametersService } from './parameters.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** An edit must say which version the form started from. */
const parameterUpdateSchema = parameterBodySchema.refine((body) => body.version !== undefined, {
  path: ['version'],
  message: 'This field is required',
});

const unitSchema = z.object({ code: z.string(), label: z.string(), quantity: z.string() });

export const parametersRoutes: FastifyPluginAsyncZod<{ parameters: ParametersService }> = async (
  app,
  { parameters },
) => {
  app.get(
    '/api/parameters',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Standard and functional parameters, searched by label or name and paged',
        querystring: parameterListQuerySchema,
        response: { 200: pageOf(parameterSchema) },
      },
    },
    (request) => parameters.listParameters(contextOf(request), request.query),
  );

  app.get(
    '/api/parameters/:id',
    {
      schema: {
        tags: ['parameters'],
        summary: 'One parameter',
        params: idParams,
        response: { 200: parameterSchema },
      },
    },
    (request) => parameters.getParameter(contextOf(request), request.params.id),
  );

  app.post(
    '/api/parameters',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Add a parameter; name, key and metric are generated from the label',
        body: parameterBodySchema,
        response: { 201: parameterSchema },
      },
    },
    async (request, reply) => {
      const created = await parameters.createParameter(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/parameters/:id',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Edit a parameter (from the version the form started with)',
        params: idParams,
        body: parameterUpdateSchema,
        response: { 200: parameterSchema },
      },
    },
    (request) => parameters.updateParameter(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/parameters/:id',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Delete a parameter (marked DELETED) unless something still uses it',
        params: idParams,
        response: { 200: parameterSchema },
      },
    },
    (request) => parameters.deleteParameter(contextOf(request), request.params.id),
  );

  app.get(
    '/api/parameters/:id/units',
    {
      schema: {
        tags: ['parameters'],
        summary:
          "A parameter's standard unit, the CPCB and SPCB units, and every unit its readings may arrive in with the factor to the standard unit",
        params: idParams,
        response: { 200: parameterUnitsSchema },
      },
    },
    (request) => parameters.getParameterUnits(contextOf(request), request.params.id),
  );

  app.get(
    '/api/units',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Units readings and parameters are measured in',
        response: { 200: z.array(unitSchema) },
      },
    },
    () => parameters.listUnits(),
  );
};
