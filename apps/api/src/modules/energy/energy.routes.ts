import type { FastifyInstance } from 'fastify';
import { energyEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { EnergyService } from './energy.service.js';

/** The energy module's catalogue: metrics (`/metric`) and energy parameters (`/energy/params`). */
export async function energyRoutes(app: FastifyInstance, { energy }: { energy: EnergyService }) {
  registerEndpoints(app, energyEndpoints, {
    listMetrics: ({ query }, request) => energy.listMetrics(contextOf(request), query),
    getMetric: ({ params }, request) => energy.getMetric(contextOf(request), params.id),
    createMetric: ({ body }, request) => energy.createMetric(contextOf(request), body),
    updateMetric: ({ params, body }, request) => energy.updateMetric(contextOf(request), params.id, body),
    deleteMetric: ({ params }, request) => energy.deleteMetric(contextOf(request), params.id),
    listEnergyParameters: ({ query }, request) => energy.listEnergyParameters(contextOf(request), query),
    getEnergyParameter: ({ params }, request) => energy.getEnergyParameter(contextOf(request), params.id),
    createEnergyParameter: ({ body }, request) => energy.createEnergyParameter(contextOf(request), body),
    updateEnergyParameter: ({ params, body }, request) =>
      energy.updateEnergyParameter(contextOf(request), params.id, body),
    deleteEnergyParameter: ({ params }, request) =>
      energy.deleteEnergyParameter(contextOf(request), params.id),
  });
}
