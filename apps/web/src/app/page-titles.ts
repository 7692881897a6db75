import type { enCore } from '../i18n/locales/en-core';

/** The key of a main screen's title (its heading and its document title). */
export type PageTitleKey = `pages.${keyof typeof enCore.pages}`;

/**
 * The titles of the console's main screens by address. The start-up code
 * draws the title of the screen being opened while the console's code loads,
 * and the console keeps it while the screen's own code and first data load;
 * each screen heads itself with the same text. Only screens whose title
 * stands first are here (the energy screens draw their tabs above it).
 */
const PAGE_TITLES: Readonly<Record<string, PageTitleKey>> = {
  '/tenants': 'pages.tenants',
  '/partners': 'pages.partners',
  '/users': 'pages.users',
  '/corporate-list': 'pages.corporates',
  '/industry-category': 'pages.industryCategories',
  '/auditLog': 'pages.auditLog',
  '/mongo/auditLog': 'pages.auditDocuments',
  '/logs': 'pages.logs',
  '/parameterlist': 'pages.parameters',
  '/derived-param-list': 'pages.derivedParameters',
  '/diagnosticParams': 'pages.diagnosticParams',
  '/master-category': 'pages.masterCategories',
  '/makes': 'pages.makes',
  '/model/types': 'pages.modelTypes',
  '/devices': 'pages.devices',
  '/devices/profiles': 'pages.deviceProfiles',
  '/devices/offline/remark': 'pages.offlineRemarks',
  '/edgeClientKey': 'pages.edgeClients',
  '/appVendor': 'pages.appVendors',
  '/partner/appVendor': 'pages.appVendors',
  '/appTenant': 'pages.appTenants',
  '/pushData': 'pages.pushData',
  '/pullData': 'pages.pullData',
  '/calibrations/schedule': 'pages.calibrationSchedule',
  '/labReports': 'pages.labReports',
  '/regulator': 'pages.regulators',
  '/regulator/groundWater': 'pages.groundWater',
  '/profile': 'pages.profile',
  '/plans': 'pages.plans',
  '/coupons': 'pages.coupons',
  '/invoices': 'pages.invoices',
  '/payments': 'pages.payments',
  '/reports': 'pages.reports',
  '/dataMigration': 'pages.dataMigrations',
  '/statutory/reports': 'pages.statutoryReports',
  '/alerts': 'pages.alerts',
};

/** The title of the main screen at `pathname` (a trailing slash aside), if it is one. */
export function pageTitleKey(pathname: string): PageTitleKey | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(PAGE_TITLES, path) ? PAGE_TITLES[path] : undefined;
}
