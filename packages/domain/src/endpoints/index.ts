import type { EndpointDefinition } from '../endpoint.js';
import { parametersEndpoints } from './parameters.js';
import { addressesEndpoints } from './addresses.js';
import { approvalsEndpoints } from './approvals.js';
import { corporatesEndpoints } from './corporates.js';
import { homeEndpoints } from './home.js';
import { industriesEndpoints } from './industries.js';
import { partnersEndpoints } from './partners.js';
import { statutoryEndpoints } from './statutory.js';
import { subscriptionsEndpoints } from './subscriptions.js';
import { tenantsEndpoints } from './tenants.js';

export * from './common.js';
export * from './parameters.js';
export * from './addresses.js';
export * from './approvals.js';
export * from './corporates.js';
export * from './home.js';
export * from './industries.js';
export * from './partners.js';
export * from './statutory.js';
export * from './subscriptions.js';
export * from './tenants.js';

/**
 * Every endpoint of the API, by area. The API registers, authorizes and
 * documents exactly these; the web imports an area's group, never this list,
 * so each screen's bundle carries only its own schemas.
 */
export const ENDPOINT_GROUPS = {
  parameters: parametersEndpoints,
  tenants: tenantsEndpoints,
  partners: partnersEndpoints,
  subscriptions: subscriptionsEndpoints,
  addresses: addressesEndpoints,
  approvals: approvalsEndpoints,
  home: homeEndpoints,
  statutory: statutoryEndpoints,
  corporates: corporatesEndpoints,
  industries: industriesEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const ALL_ENDPOINTS: readonly EndpointDefinition[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
