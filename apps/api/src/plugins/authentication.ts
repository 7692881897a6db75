import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APP_MODULES,
  DEFAULT_APP_MODULE,
  DEFAULT_PARTNER_ID,
  HEADERS,
  SESSION_COOKIE,
  type AppModule,
} from '@vayu/domain';
import { findRouteAccess, isAllowed } from '../auth/access.js';
import type { Principal, RequestContext } from '../auth/principal.js';
import { canManageTenant } from '../auth/scope.js';
import type { Database } from '../db/client.js';
import { AppError, badRequest, unauthenticated, forbidden } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { resolveDataSender, type DataSender } from '../modules/telemetry/data-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Who a data-token request (readings in) comes from; null on every other request. */
    dataSender: DataSender | null;
  }
}

/** The session token of a request: the cookie, or a Bearer token for API clients. */
export function getSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

function readIdHeader(request: FastifyRequest, name: string): number | null {
  const raw = request.headers[name];
  if (raw === undefined || raw === '' || raw === 'null' || raw === 'undefined') return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^-?\d{1,10}$/.test(value)) throw badRequest(`The ${name} header must be a number.`);
  return Number(value);
}

function readModule(request: FastifyRequest): AppModule {
  const raw = request.headers[HEADERS.module];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.toLowerCase();
  return APP_MODULES.find((m) => m === value) ?? DEFAULT_APP_MODULE;
}

/** The request context a service needs; only valid on routes that require a signed-in user. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.principal) throw unauthenticated();
  return { principal: request.principal, requestId: request.id, ip: request.ip };
}

/**
 * Turns each `/api` request into a principal and enforces the route's access
 * setting from the authorization table, before the body is even parsed.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Database; auth: AuthService }) {
  app.decorateRequest('principal', null);
  app.decorateRequest('dataSender', null);

  // Every /api route must be declared in the authorization table.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.endpoint) return;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!findRouteAccess(method, route.url)) {
        throw new Error(
          `Route ${method} ${route.url} has no entry in the authorization table (auth/access.ts)`,
        );
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    const routeUrl = request.routeOptions.url;
    const access =
      request.routeOptions.config.endpoint?.access ??
      (routeUrl ? findRouteAccess(request.method === 'HEAD' ? 'GET' : request.method, routeUrl) : undefined);

    if (access?.kind === 'public') return;
    if (access?.kind === 'data-token') {
      // Readings in: the key is checked before the body is read, as a session is.
      request.dataSender = await resolveDataSender(deps.db, request);
      return;
    }
    const token = getSessionToken(request);
    const session = token ? await deps.auth.resolveSession(token) : null;
    if (!session) throw unauthenticated();
    if (!access) return; // unknown /api path for a signed-in user: the 404 handler answers

    const principal: Principal = {
      userId: session.userId,
      userName: session.email,
      name: session.name,
      userType: session.userType,
      role: session.role,
      accountId: session.accountId,
      accountType: session.accountType,
      partnerId: session.accountPartnerId ?? DEFAULT_PARTNER_ID,
      corporateId: session.accountCorporateId,
      actingTenantId: null,
      selectedCorporateId: null,
      module: readModule(request),
      sessionId: session.sessionId,
    };
    if (!isAllowed(access, principal)) throw forbidden();

    const tenantId = readIdHeader(request, HEADERS.tenantId);
    if (tenantId !== null && tenantId !== principal.accountId) {
      if (!(await canManageTenant(deps.db, principal, tenantId))) {
        throw new AppError('FORBIDDEN', 'You may not act for this tenant.');
      }
      principal.actingTenantId = tenantId;
    }
    const corporateId = readIdHeader(request, HEADERS.corporateId);
    if (corporateId !== null) {
      if (principal.userType !== 'site' && corporateId !== principal.corporateId) {
        throw new AppError('FORBIDDEN', 'You may not view this corporate.');
      }
      principal.selectedCorporateId = corporateId;
    }
    request.principal = principal;
  });
}
