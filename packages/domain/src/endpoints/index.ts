import type { EndpointDefinition } from '../endpoint.js';
import { catalogueEndpoints } from './catalogue.js';
import { derivedParametersEndpoints } from './derived-parameters.js';
import { diagnosticsEndpoints } from './diagnostics.js';
import { energyEndpoints } from './energy.js';
import { auditEndpoints, logsEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { parametersEndpoints } from './parameters.js';
import { systemEndpoints } from './system.js';
import { usersEndpoints } from './users.js';

export * from './common.js';
export * from './parameters.js';
export * from './catalogue.js';
export * from './derived-parameters.js';
export * from './diagnostics.js';
export * from './energy.js';
export * from './audit.js';
export * from './auth.js';
export * from './system.js';
export * from './users.js';

/**
 * Every endpoint of the API, by area. The API registers, authorizes and
 * documents exactly these; the web imports an area's group, never this list,
 * so each screen's bundle carries only its own schemas.
 */
export const ENDPOINT_GROUPS = {
  parameters: parametersEndpoints,
  derivedParameters: derivedParametersEndpoints,
  energy: energyEndpoints,
  diagnostics: diagnosticsEndpoints,
  catalogue: catalogueEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  logs: logsEndpoints,
  system: systemEndpoints,
  users: usersEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const ALL_ENDPOINTS: readonly EndpointDefinition[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
