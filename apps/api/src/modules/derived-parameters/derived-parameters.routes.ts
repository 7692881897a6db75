import type { FastifyInstance } from 'fastify';
import { derivedParametersEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { DerivedParametersService } from './derived-parameters.service.js';

export async function derivedParametersRoutes(
  app: FastifyInstance,
  { derivedParameters }: { derivedParameters: DerivedParametersService },
) {
  registerEndpoints(app, derivedParametersEndpoints, {
    listDerivedParameters: ({ query }, request) =>
      derivedParameters.listDerivedParameters(contextOf(request), query),
    listExpressionKeys: (_input, request) => derivedParameters.listExpressionKeys(contextOf(request)),
    getDerivedParameter: ({ params }, request) =>
      derivedParameters.getDerivedParameter(contextOf(request), params.id),
    createDerivedParameter: ({ body }, request) =>
      derivedParameters.createDerivedParameter(contextOf(request), body),
    updateDerivedParameter: ({ params, body }, request) =>
      derivedParameters.updateDerivedParameter(contextOf(request), params.id, body),
    deleteDerivedParameter: ({ params }, request) =>
      derivedParameters.deleteDerivedParameter(contextOf(request), params.id),
    listEnergyDerivedMetrics: (_input, request) =>
      derivedParameters.listEnergyDerivedMetrics(contextOf(request)),
  });
}
