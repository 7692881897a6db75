import type { FastifyInstance } from 'fastify';
import { camerasEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { CamerasService } from './cameras.service.js';

export async function camerasRoutes(app: FastifyInstance, { cameras }: { cameras: CamerasService }) {
  registerEndpoints(app, camerasEndpoints, {
    listCameras: ({ params }, request) => cameras.list(contextOf(request), params.tenantId),
    createCamera: ({ params, body }, request) => cameras.create(contextOf(request), params.tenantId, body),
    updateCamera: ({ params, body }, request) =>
      cameras.update(contextOf(request), params.tenantId, params.cameraId, body),
    deleteCamera: ({ params, query }, request) =>
      cameras.remove(contextOf(request), params.tenantId, params.cameraId, query.version),
  });
}
