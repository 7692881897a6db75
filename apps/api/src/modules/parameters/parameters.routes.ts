import type { FastifyInstance } from 'fastify';
import { parametersEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { ParametersService } from './parameters.service.js';

export async function parametersRoutes(
  app: FastifyInstance,
  { parameters }: { parameters: ParametersService },
) {
  registerEndpoints(app, parametersEndpoints, {
    listParameters: ({ query }, request) => parameters.listParameters(contextOf(request), query),
    getParameter: ({ params }, request) => parameters.getParameter(contextOf(request), params.id),
    createParameter: ({ body }, request) => parameters.createParameter(contextOf(request), body),
    updateParameter: ({ params, body }, request) =>
      parameters.updateParameter(contextOf(request), params.id, body),
    deleteParameter: ({ params }, request) => parameters.deleteParameter(contextOf(request), params.id),
    getParameterUnits: ({ params }, request) => parameters.getParameterUnits(contextOf(request), params.id),
    listUnits: () => parameters.listUnits(),
  });
}
