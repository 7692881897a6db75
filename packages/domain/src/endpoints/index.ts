import type { EndpointDefinition } from '../endpoint.js';
import { parametersEndpoints } from './parameters.js';

export * from './common.js';
export * from './parameters.js';

/**
 * Every endpoint of the API, by area. The API registers, authorizes and
 * documents exactly these; the web imports an area's group, never this list,
 * so each screen's bundle carries only its own schemas.
 */
export const ENDPOINT_GROUPS = {
  parameters: parametersEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const ALL_ENDPOINTS: readonly EndpointDefinition[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
