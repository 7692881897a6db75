import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '@vayu/domain';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === undefined;
  try {
    const url = new URL(origin);
    // request.host honours X-Forwarded-Host only when TRUST_PROXY is on.
    const host = request.host.replace(url.protocol === 'https:' ? /:443$/ : /:80$/, '');
    return url.host === host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request protection for the cookie session. Besides the SameSite
 * cookie, a state-changing `/api` request must come from our origin (when the
 * browser says) and carry either a JSON body or the `X-Requested-With` header:
 * a plain cross-site HTML form can send neither. Bearer-token clients are not
 * exposed to this and pass.
 */
export function registerCsrfProtection(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const contentType = request.headers['content-type'] ?? '';
    const hasCustomHeader = typeof request.headers[HEADERS.requestedWith] === 'string';
    const isJson = contentType.toLowerCase().startsWith('application/json');
    if (!isSameOrigin(request) || !(hasCustomHeader || isJson)) {
      throw new AppError('CSRF_REJECTED', 'Cross-site request refused.');
    }
  });
}
