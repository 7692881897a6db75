import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets, worked out once at start and set on every
 * response. Helmet's answer depends only on its options (no nonces), so there
 * is no need to run its middleware for each request, as the Fastify plugin
 * does (which rebuilds it, content security policy included, every time).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
