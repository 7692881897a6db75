import type { FastifyInstance } from 'fastify';
import { deviceProfilesEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { DeviceProfilesService } from './device-profiles.service.js';

export async function deviceProfilesRoutes(
  app: FastifyInstance,
  { deviceProfiles }: { deviceProfiles: DeviceProfilesService },
) {
  registerEndpoints(app, deviceProfilesEndpoints, {
    listDeviceProfiles: ({ params, query }, request) =>
      deviceProfiles.listProfiles(contextOf(request), params.typeOrId, query.offset),
    createDeviceProfile: ({ body }, request) => deviceProfiles.createProfile(contextOf(request), body),
    updateDeviceProfile: ({ params, body }, request) =>
      deviceProfiles.updateProfile(contextOf(request), params.typeOrId, { ...body, version: body.version! }),
    deleteDeviceProfile: ({ params, query }, request) =>
      deviceProfiles.deleteProfile(contextOf(request), params.typeOrId, query.version),
  });
}
