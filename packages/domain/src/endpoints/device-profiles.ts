import { z } from 'zod';
import {
  deviceProfileSchema,
  profileBodySchema,
  profileListParamsSchema,
  profileListQuerySchema,
  profilePageSchema,
} from '../device-records.js';
import { defineEndpoint, SIGNED_IN, SITE_ONLY } from '../endpoint.js';
import { versionField } from '../fields.js';
import { idSchema, requireVersion } from './common.js';

/*
 * The list (GET) and the writes (PUT, DELETE) share one path, as the spec
 * gives it: `/profiles/devices/{type}` and `/profiles/devices/{id}`. An
 * OpenAPI document has one parameter name per path, so both call it
 * `typeOrId`: a profile type (or `all`) for the list, a profile's id for a write.
 */
export const profileListPathSchema = z.object({
  typeOrId: profileListParamsSchema.shape.type.describe('A profile type, or `all`'),
});
export const profilePathSchema = z.object({ typeOrId: idSchema.describe("The profile's id") });

/**
 * `DELETE /api/profiles/devices/{id}?version=`: with the version the person
 * saw, the delete is refused (409) when the profile changed since.
 */
export const profileDeleteQuerySchema = z.object({ version: versionField.optional() }).strict();

/**
 * Device profiles (`/devices/profiles`): templates of a device's type, model
 * and parameter rows. Like makes and models they describe products, not
 * customers: everyone signed in reads them, the platform's own users keep them.
 */
export const deviceProfilesEndpoints = {
  listDeviceProfiles: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/devices/:typeOrId',
    operationId: 'listDeviceProfiles',
    tag: 'devices',
    summary:
      'A page of device profiles (not deleted) by name, of one type or `all`: `offset` is how many the client has loaded; an empty page ends the list',
    access: SIGNED_IN,
    params: profileListPathSchema,
    query: profileListQuerySchema,
    response: profilePageSchema,
  }),
  createDeviceProfile: defineEndpoint({
    method: 'POST',
    path: '/api/profiles/devices',
    operationId: 'createDeviceProfile',
    tag: 'devices',
    summary: 'Add a device profile: type, device type, model and the parameter rows with their units',
    access: SITE_ONLY,
    body: profileBodySchema,
    status: 201,
    response: deviceProfileSchema,
    errors: ['PROFILE_EXISTS'],
  }),
  updateDeviceProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/devices/:typeOrId',
    operationId: 'updateDeviceProfile',
    tag: 'devices',
    summary: 'Change a device profile, from the version the edit started from',
    access: SITE_ONLY,
    params: profilePathSchema,
    body: requireVersion(profileBodySchema),
    response: deviceProfileSchema,
    errors: ['PROFILE_EXISTS', 'STALE_VERSION'],
  }),
  deleteDeviceProfile: defineEndpoint({
    method: 'DELETE',
    path: '/api/profiles/devices/:typeOrId',
    operationId: 'deleteDeviceProfile',
    tag: 'devices',
    summary: 'Delete a device profile (marked DELETED); with `version`, only if it is still at that version',
    access: SITE_ONLY,
    params: profilePathSchema,
    query: profileDeleteQuerySchema,
    status: 204,
    errors: ['STALE_VERSION'],
  }),
};
