import type { FastifyInstance } from 'fastify';
import { makesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { MakesService } from './makes.service.js';

export async function makesRoutes(app: FastifyInstance, { makes }: { makes: MakesService }) {
  registerEndpoints(app, makesEndpoints, {
    listMakes: ({ query }, request) => makes.listMakes(contextOf(request), query.type),
    // The spec's typed make lists: the same list, filtered by the type in the path.
    listAnalyserMakes: (_input, request) => makes.listMakes(contextOf(request), 'Analyser'),
    listCalibratorMakes: (_input, request) => makes.listMakes(contextOf(request), 'Calibrator'),
    getMake: ({ params }, request) => makes.getMake(contextOf(request), params.id),
    createMake: ({ body }, request) => makes.createMake(contextOf(request), body),
    updateMake: ({ params, body }, request) =>
      makes.updateMake(contextOf(request), params.id, { ...body, version: body.version! }),
    listModelsOfMake: ({ params }, request) => makes.listModelsOfMake(contextOf(request), params.makeId),
    createModel: ({ body }, request) => makes.createModel(contextOf(request), body),
    updateModel: ({ params, body }, request) =>
      makes.updateModel(contextOf(request), params.id, { ...body, version: body.version! }),
    listModelParameters: ({ params }, request) => makes.listModelParameters(contextOf(request), params.id),
    listModelTypes: (_input, request) => makes.listModelTypes(contextOf(request)),
    createModelType: ({ body }, request) => makes.createModelType(contextOf(request), body),
    updateModelType: ({ params, body }, request) =>
      makes.updateModelType(contextOf(request), params.id, { ...body, version: body.version! }),
  });
}
