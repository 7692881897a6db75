import { z } from 'zod';
import {
  cameraCreateBodySchema,
  cameraDeleteQuerySchema,
  cameraListSchema,
  cameraUpdateBodySchema,
  offlineRemarkBodySchema,
  offlineRemarkListQuerySchema,
  offlineRemarkSchema,
} from '../cameras.js';
import { cameraSchema } from '../device-records.js';
import { ACCOUNT_ADMINS, defineEndpoint, only, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, idSchema, requireVersion } from './common.js';

export const camerasParamsSchema = z.object({ tenantId: idSchema });
export const cameraParamsSchema = z.object({ tenantId: idSchema, cameraId: idSchema });

/** An industry's cameras, at its monitoring points. The auth token goes in and never comes back. */
export const camerasEndpoints = {
  listCameras: defineEndpoint({
    method: 'GET',
    path: '/api/tenants/:tenantId/cameras',
    operationId: 'listCameras',
    tag: 'devices',
    summary: "An industry's cameras by name, each with the last characters of its auth token only",
    access: SIGNED_IN,
    params: camerasParamsSchema,
    response: cameraListSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  createCamera: defineEndpoint({
    method: 'POST',
    path: '/api/tenants/:tenantId/cameras',
    operationId: 'createCamera',
    tag: 'devices',
    summary: 'Add a camera at a monitoring point of the industry (the auth token is stored encrypted)',
    access: ACCOUNT_ADMINS,
    params: camerasParamsSchema,
    body: cameraCreateBodySchema,
    status: 201,
    response: cameraSchema,
    errors: ['CAMERA_EXISTS', 'BUSINESS_RULE', 'CAMERA_LIMIT_EXHAUSTED'],
    owned: { param: 'tenantId', kind: 'account' },
  }),
  updateCamera: defineEndpoint({
    method: 'PUT',
    path: '/api/tenants/:tenantId/cameras/:cameraId',
    operationId: 'updateCamera',
    tag: 'devices',
    summary:
      'Change a camera, from the version the edit started from; an empty auth token keeps the stored one',
    access: ACCOUNT_ADMINS,
    params: cameraParamsSchema,
    body: requireVersion(cameraUpdateBodySchema),
    response: cameraSchema,
    errors: ['CAMERA_EXISTS', 'STALE_VERSION'],
    owned: { param: 'cameraId', kind: 'camera' },
  }),
  deleteCamera: defineEndpoint({
    method: 'DELETE',
    path: '/api/tenants/:tenantId/cameras/:cameraId',
    operationId: 'deleteCamera',
    tag: 'devices',
    summary: 'Delete a camera (marked DELETED); with `version`, only if it is still at that version',
    access: ACCOUNT_ADMINS,
    params: cameraParamsSchema,
    query: cameraDeleteQuerySchema,
    response: cameraSchema,
    errors: ['STALE_VERSION'],
    owned: { param: 'cameraId', kind: 'camera' },
  }),
};

/** Who records why a device is offline: the industry's own people and those who look after it. */
const REMARK_WRITERS = only(['site', 'partner', 'tenant']);

/** Remarks on offline devices (`/devices/offline/remark`): why the data stopped and when it is expected back. */
export const offlineRemarksEndpoints = {
  listOfflineRemarks: defineEndpoint({
    method: 'GET',
    path: '/api/devices/offline/remarks',
    operationId: 'listOfflineRemarks',
    tag: 'devices',
    summary:
      'Offline remarks the caller can see, newest first: of one industry or device, open or resolved, paged',
    access: SIGNED_IN,
    query: offlineRemarkListQuerySchema,
    response: pageOf(offlineRemarkSchema),
  }),
  createOfflineRemark: defineEndpoint({
    method: 'POST',
    path: '/api/devices/offline/remarks',
    operationId: 'createOfflineRemark',
    tag: 'devices',
    summary: 'Record why a device is offline and when its data is expected back (one open remark per device)',
    access: REMARK_WRITERS,
    body: offlineRemarkBodySchema,
    status: 201,
    response: offlineRemarkSchema,
    errors: ['BUSINESS_RULE'],
  }),
  resolveOfflineRemark: defineEndpoint({
    method: 'POST',
    path: '/api/devices/offline/remarks/:id/resolve',
    operationId: 'resolveOfflineRemark',
    tag: 'devices',
    summary: "Mark a remark's device data restored (the remark is closed now)",
    access: REMARK_WRITERS,
    params: idParamsSchema,
    response: offlineRemarkSchema,
    errors: ['BUSINESS_RULE'],
  }),
};
