import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  energyMetricBodySchema,
  energyMetricListQuerySchema,
  energyMetricSchema,
  energyParameterBodySchema,
  energyParameterListQuerySchema,
  energyParameterSchema,
  pageOf,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { EnergyService } from './energy.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** An edit must say which version the form started from. */
const needsVersion = { path: ['version'], message: 'This field is required' };
const metricUpdateSchema = energyMetricBodySchema.refine((body) => body.version !== undefined, needsVersion);
const energyParameterUpdateSchema = energyParameterBodySchema.refine(
  (body) => body.version !== undefined,
  needsVersion,
);

/** The energy module's catalogue: metrics (`/metric`) and energy parameters (`/energy/params`). */
export const energyRoutes: FastifyPluginAsyncZod<{ energy: EnergyService }> = async (app, { energy }) => {
  app.get(
    '/api/energy/metrics',
    {
      schema: {
        tags: ['energy'],
        summary: 'Energy metrics, searched by key or label and paged (up to 100 a page for pickers)',
        querystring: energyMetricListQuerySchema,
        response: { 200: pageOf(energyMetricSchema) },
      },
    },
    (request) => energy.listMetrics(contextOf(request), request.query),
  );

  app.get(
    '/api/energy/metrics/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'One energy metric',
        params: idParams,
        response: { 200: energyMetricSchema },
      },
    },
    (request) => energy.getMetric(contextOf(request), request.params.id),
  );

  app.post(
    '/api/energy/metrics',
    {
      schema: {
        tags: ['energy'],
        summary: 'Add a metric: a key and the aggregation (sum, avg, min, max) it is computed with',
        body: energyMetricBodySchema,
        response: { 201: energyMetricSchema },
      },
    },
    async (request, reply) => {
      const created = await energy.createMetric(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/energy/metrics/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'Edit a metric (from the version the form started with)',
        params: idParams,
        body: metricUpdateSchema,
        response: { 200: energyMetricSchema },
      },
    },
    (request) => energy.updateMetric(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/energy/metrics/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'Delete a metric (marked DELETED) unless an energy parameter computes it',
        params: idParams,
        response: { 200: energyMetricSchema },
      },
    },
    (request) => energy.deleteMetric(contextOf(request), request.params.id),
  );

  app.get(
    '/api/energy/parameters',
    {
      schema: {
        tags: ['energy'],
        summary: 'Energy parameters with their metrics, searched by label, name or key, by category, paged',
        querystring: energyParameterListQuerySchema,
        response: { 200: pageOf(energyParameterSchema) },
      },
    },
    (request) => energy.listEnergyParameters(contextOf(request), request.query),
  );

  app.get(
    '/api/energy/parameters/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'One energy parameter with its metrics',
        params: idParams,
        response: { 200: energyParameterSchema },
      },
    },
    (request) => energy.getEnergyParameter(contextOf(request), request.params.id),
  );

  app.post(
    '/api/energy/parameters',
    {
      schema: {
        tags: ['energy'],
        summary: 'Add an energy parameter; name and key are generated from the label',
        body: energyParameterBodySchema,
        response: { 201: energyParameterSchema },
      },
    },
    async (request, reply) => {
      const created = await energy.createEnergyParameter(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/energy/parameters/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'Edit an energy parameter (from the version the form started with)',
        params: idParams,
        body: energyParameterUpdateSchema,
        response: { 200: energyParameterSchema },
      },
    },
    (request) => energy.updateEnergyParameter(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/energy/parameters/:id',
    {
      schema: {
        tags: ['energy'],
        summary: 'Delete an energy parameter (marked DELETED)',
        params: idParams,
        response: { 200: energyParameterSchema },
      },
    },
    (request) => energy.deleteEnergyParameter(contextOf(request), request.params.id),
  );
};
