import type { FastifyInstance } from 'fastify';
import { REGULATOR_KEY_MAX_BYTES, regulatorsEndpoints } from '@vayu/domain';
import { attachmentOf } from '../../lib/content-disposition.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { readForm } from '../../lib/multipart-form.js';
import { contextOf } from '../../plugins/authentication.js';
import type { RegulatorsService } from './regulators.service.js';

export async function regulatorsRoutes(
  app: FastifyInstance,
  { regulators }: { regulators: RegulatorsService },
) {
  registerEndpoints(app, regulatorsEndpoints, {
    listBoards: (_input, request) => regulators.listBoards(contextOf(request)),
    getBoard: ({ params }, request) => regulators.getBoard(contextOf(request), params.statId),
    createBoard: ({ body }, request) => regulators.createBoard(contextOf(request), body),
    updateBoard: ({ params, body }, request) =>
      regulators.updateBoard(contextOf(request), params.statId, body),
    listBoardStates: () => regulators.listStates(),
    listStatutoryByState: ({ params }) => regulators.listStatutoryByState(params.stateCode),

    listBoardParameters: ({ params }, request) =>
      regulators.listBoardParameters(contextOf(request), params.statId),
    createBoardParameter: ({ params, body }, request) =>
      regulators.createBoardParameter(contextOf(request), params.statId, body),
    deleteBoardParameter: ({ params }, request) =>
      regulators.deleteBoardParameter(contextOf(request), params.statId, params.id),
    listBoardUnits: ({ params }, request) => regulators.listBoardUnits(contextOf(request), params.statId),
    createBoardUnit: ({ params, body }, request) =>
      regulators.createBoardUnit(contextOf(request), params.statId, body),
    deleteBoardUnit: ({ params }, request) =>
      regulators.deleteBoardUnit(contextOf(request), params.statId, params.id),

    listRegulatorTenants: ({ params }, request) => regulators.listTenants(contextOf(request), params.statId),
    createRegulatorTenant: ({ params, body }, request) =>
      regulators.createTenant(contextOf(request), params.statId, body),
    updateRegulatorTenant: ({ params, body }, request) =>
      regulators.updateTenant(contextOf(request), params.id, body),
    deleteRegulatorTenant: ({ params, query }, request) =>
      regulators.deleteTenant(contextOf(request), params.id, query.version),
    uploadRegulatorKey: async ({ params }, request) => {
      const { files } = await readForm(request, {
        filePart: 'file',
        maxFiles: 1,
        maxFileBytes: REGULATOR_KEY_MAX_BYTES,
        sizeMessage: `A key file may be at most ${REGULATOR_KEY_MAX_BYTES / 1024} kB`,
        fallbackName: 'key',
      });
      return regulators.uploadKey(contextOf(request), params.id, params.kind, files[0]);
    },
    downloadRegulatorKey: async ({ params }, request, reply) => {
      const file = await regulators.downloadKey(contextOf(request), params.id, params.kind);
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', attachmentOf(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },

    listStations: ({ params }, request) => regulators.listStations(contextOf(request), params.id),
    createStation: ({ params, body }, request) =>
      regulators.createStation(contextOf(request), params.id, body),
    updateStation: ({ params, body }, request) =>
      regulators.updateStation(contextOf(request), params.id, body),
    deleteStation: ({ params, query }, request) =>
      regulators.deleteStation(contextOf(request), params.id, query.version),

    listRegulatorDevices: ({ params }, request) => regulators.listDevices(contextOf(request), params.id),
    createPcbDevice: ({ body }, request) => regulators.createDevice(contextOf(request), body),
    deletePcbDevice: ({ params }, request) => regulators.deleteDevice(contextOf(request), params.id),

    listStateAccounts: ({ params, query }) => regulators.stateAccounts(params.stateCode, query),
    getComplianceTimeline: ({ query }, request) => regulators.timeline(contextOf(request), query),
    getRegulatoryView: ({ query }, request) => regulators.regulatoryView(contextOf(request), query),
    getGroundWaterView: ({ query }, request) => regulators.groundWater(contextOf(request), query),
    listPushAttempts: ({ params, query }, request) =>
      regulators.listAttempts(contextOf(request), params.id, query),
  });
}
