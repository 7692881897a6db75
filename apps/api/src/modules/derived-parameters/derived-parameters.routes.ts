import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  derivedParameterBodySchema,
  derivedParameterListQuerySchema,
  derivedParameterSchema,
  energyDerivedMetricSchema,
  expressionKeySchema,
  pageOf,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { DerivedParametersService } from './derived-parameters.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** An edit must say which version the form started from. */
const derivedParameterUpdateSchema = derivedParameterBodySchema.refine((body) => body.version !== undefined, {
  path: ['version'],
  message: 'This field is required',
});

export const derivedParametersRoutes: FastifyPluginAsyncZod<{
  derivedParameters: DerivedParametersService;
}> = async (app, { derivedParameters }) => {
  app.get(
    '/api/derivedParameters',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'Derived parameters with their series, searched by label or name and paged',
        querystring: derivedParameterListQuerySchema,
        response: { 200: pageOf(derivedParameterSchema) },
      },
    },
    (request) => derivedParameters.listDerivedParameters(contextOf(request), request.query),
  );

  app.get(
    '/api/derivedParameters/keys',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'Every key an expression may use: standard parameter keys and derived series names',
        response: { 200: z.array(expressionKeySchema) },
      },
    },
    (request) => derivedParameters.listExpressionKeys(contextOf(request)),
  );

  app.get(
    '/api/derivedParameters/:id',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'One derived parameter with its series and expression rows',
        params: idParams,
        response: { 200: derivedParameterSchema },
      },
    },
    (request) => derivedParameters.getDerivedParameter(contextOf(request), request.params.id),
  );

  app.post(
    '/api/derivedParameters',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'Add a derived parameter; names, key and metric are generated from the labels',
        body: derivedParameterBodySchema,
        response: { 201: derivedParameterSchema },
      },
    },
    async (request, reply) => {
      const created = await derivedParameters.createDerivedParameter(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/derivedParameters/:id',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'Edit a derived parameter (from the version the form started with); its series are replaced',
        params: idParams,
        body: derivedParameterUpdateSchema,
        response: { 200: derivedParameterSchema },
      },
    },
    (request) =>
      derivedParameters.updateDerivedParameter(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/derivedParameters/:id',
    {
      schema: {
        tags: ['derived parameters'],
        summary: 'Delete a derived parameter (marked DELETED) unless another one uses its series',
        params: idParams,
        response: { 200: derivedParameterSchema },
      },
    },
    (request) => derivedParameters.deleteDerivedParameter(contextOf(request), request.params.id),
  );

  app.get(
    '/api/energy/derivedmetrics',
    {
      schema: {
        tags: ['energy'],
        summary: 'The series of energy derived parameters, offered as derived metrics',
        response: { 200: z.array(energyDerivedMetricSchema) },
      },
    },
    (request) => derivedParameters.listEnergyDerivedMetrics(contextOf(request)),
  );
};
