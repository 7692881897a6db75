import { describe, expect, it } from 'vitest';
import {
  getPublicTenantId,
  getRootRedirect,
  isHeaderHidden,
  isPublicPath,
  rewriteApiUrl,
} from './navigation.js';

describe('navigation rules', () => {
  it('sends a signed-in site user to /home and everyone else to /login', () => {
    expect(getRootRedirect({ userType: 'site' })).toBe('/home');
    expect(getRootRedirect({ userType: 'partner' })).toBe('/login');
    expect(getRootRedirect(null)).toBe('/login');
  });

  it('knows the public paths', () => {
    expect(isPublicPath('/public/dashboard')).toBe(true);
    expect(isPublicPath('/public/dashboard/view/42')).toBe(true);
    expect(isPublicPath('/public/api/details')).toBe(true);
    expect(isPublicPath('/public/dashboards')).toBe(false);
    expect(isPublicPath('/home')).toBe(false);
  });

  it('hides the header on checkout and plan selection paths', () => {
    expect(isHeaderHidden('/subscription/checkout/12')).toBe(true);
    expect(isHeaderHidden('/selectplan')).toBe(true);
    expect(isHeaderHidden('/tenants')).toBe(false);
    expect(isHeaderHidden('/public/dashboard/industry/q3Vh0Xb1')).toBe(true);
  });

  it('rewrites API calls on public dashboard pages', () => {
    const path = '/public/dashboard/view/T-42';
    expect(getPublicTenantId(path)).toBe('T-42');
    expect(rewriteApiUrl('/api/tenants/5/monitored', path)).toBe(
      '/public/api/tenants/5/monitored?publicTenantId=T-42',
    );
    expect(rewriteApiUrl('/api/alerts?x=1', path)).toBe('/public/api/alerts?x=1&publicTenantId=T-42');
    expect(rewriteApiUrl('/api/alerts', '/tenants')).toBe('/api/alerts');
    expect(rewriteApiUrl('/api/alerts', '/public/dashboard')).toBe('/public/api/alerts');
  });
});
