import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { hi } from '../i18n/locales/hi';
import { pageTitleKey } from './page-titles';
import { findRouteRule } from './route-access';
import { APP_ROUTES } from './routes';

const TITLED = [
  '/tenants',
  '/partners',
  '/users',
  '/corporate-list',
  '/industry-category',
  '/auditLog',
  '/mongo/auditLog',
  '/logs',
  '/parameterlist',
  '/derived-param-list',
  '/diagnosticParams',
  '/master-category',
  '/profile',
  '/plans',
  '/coupons',
  '/invoices',
  '/payments',
  '/alerts',
  '/reports',
  '/statutory/reports',
];

describe('page titles drawn while a screen loads', () => {
  it('belong to the main screens of the route table, each with a text in both languages', () => {
    for (const path of TITLED) {
      const key = pageTitleKey(path);
      expect(key, path).toBeDefined();
      expect(findRouteRule(APP_ROUTES, path)?.Page, path).toBeDefined();
      const name = key!.slice('pages.'.length) as keyof typeof en.pages;
      expect(en.pages[name]).toBeTruthy();
      expect(hi.pages[name]).toBeTruthy();
    }
  });

  it('are not drawn for other addresses', () => {
    expect(pageTitleKey('/tenants/')).toBe('pages.tenants');
    for (const path of [
      '/',
      '/home',
      '/login',
      '/tenants/12',
      '/accounts/tenant/3/view',
      '/energy/params',
      '/toString',
      '/__proto__',
    ]) {
      expect(pageTitleKey(path), path).toBeUndefined();
    }
  });
});
