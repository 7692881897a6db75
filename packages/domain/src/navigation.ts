/** Navigation rules of the console shell (spec §2, §4, §7). */

export const PUBLIC_PATH_PREFIXES = ['/public/dashboard', '/public/api/details'] as const;

/** Public pages never redirect to /login. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The header is hidden on checkout and plan selection pages, and on the public pages (no console around them). */
export function isHeaderHidden(pathname: string): boolean {
  return pathname.includes('checkout') || pathname.includes('selectplan') || isPublicPath(pathname);
}

/** Where `/` leads: a signed-in site user goes home, everyone else to sign-in. */
export function getRootRedirect(user: { userType: string } | null): '/home' | '/login' {
  return user?.userType === 'site' ? '/home' : '/login';
}

/**
 * The public tenant id of a public dashboard path: its 5th path segment,
 * counting the empty segment before the first slash
 * (`/public/dashboard/{view}/{publicTenantId}`).
 */
export function getPublicTenantId(pathname: string): string | null {
  const segment = pathname.split('/')[4];
  return segment ? decodeURIComponent(segment) : null;
}

/**
 * On public dashboard pages the console calls the public API: `/api/` becomes
 * `/public/api/` and the public tenant id is added as `publicTenantId`.
 * Elsewhere the URL is returned unchanged.
 */
export function rewriteApiUrl(url: string, pathname: string): string {
  if (!pathname.includes('/public/dashboard') || !url.includes('/api/')) return url;
  const rewritten = url.replace('/api/', '/public/api/');
  const tenantId = getPublicTenantId(pathname);
  if (tenantId === null) return rewritten;
  const hashAt = rewritten.indexOf('#');
  const base = hashAt >= 0 ? rewritten.slice(0, hashAt) : rewritten;
  const hash = hashAt >= 0 ? rewritten.slice(hashAt) : '';
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}publicTenantId=${encodeURIComponent(tenantId)}${hash}`;
}
