import type { QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_ADMINS,
  ACCOUNT_CREATE_ACCESS,
  ALERT_READERS,
  PUBLIC_DASHBOARD_READERS,
  APP_VENDOR_MANAGERS,
  getRootRedirect,
  isAccessAllowed,
  isAccountFormType,
  BILLING_KEEPERS,
  BILLING_READERS,
  BOARD_READERS,
  DISCOUNT_KEEPERS,
  REPORT_READERS,
  DATA_MIGRATION_READERS,
  STATUTORY_REPORT_READERS,
  type LoggedInUser,
} from '@vayu/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { en } from '../i18n/locales/en';
import { decideRouteAccess, type RouteRule } from './route-access';

export type NavLabelKey =
  | `nav.${Exclude<keyof typeof en.nav, 'main' | 'toggle'>}`
  | 'tenants.navLabel'
  | 'audit.navLabel'
  | 'parameters.navLabel'
  | 'deviceRegistry.navLabel'
  | 'edgeClients.navLabel'
  | 'pullData.navLabel'
  | 'appVendors.navLabel'
  | 'appVendors.pushData.navLabel'
  | 'regulators.navLabel'
  | 'regulators.groundWater.navLabel'
  | 'alerts.navLabel'
  | 'publicDashboard.navLabel'
  | 'reports.navLabel'
  | 'reports.statutoryNavLabel'
  | 'labCalibration.scheduleNavLabel'
  | 'labCalibration.reportsNavLabel'
  | 'dataMigrations.navLabel';

/** Header menus that gather several links. */
export type NavGroup = 'monitoring' | 'masters' | 'audit';

/** A screen loaded on first visit (one chunk per page). */
export type PageComponent = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code before it is drawn. */
  load?: () => Promise<unknown>;
  /**
   * The screen's first drawing waits for this too (its first data, asked for
   * while the code loads), so it appears whole rather than with placeholders
   * that its data then moves.
   */
  drawAfter?: (ready: Promise<unknown>) => void;
};

/** One row of the route table. */
export interface AppRoute extends RouteRule {
  /** The screen, loaded on first visit (one chunk per page). */
  Page?: PageComponent;
  /**
   * Asks for the screen's first data when the console starts at this route, while
   * the screen's code loads (the screen finds it in the query cache).
   */
  prefetch?: (queryClient: QueryClient, url: URL) => Promise<void>;
  /**
   * Shown as a header link to users who may open it (and, when given, are of
   * one of `userTypes`). Links of a `group` share one header menu; links of the
   * `user` menu stand in the user menu (the account's own invoices and
   * payments), not in the header bar.
   */
  nav?: {
    labelKey: NavLabelKey;
    userTypes?: readonly LoggedInUser['userType'][];
    group?: NavGroup;
    menu?: 'user';
  };
}

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageComponent {
  let ready: Promise<unknown> = Promise.resolve();
  return Object.assign(
    lazy(async () => {
      const [module] = await Promise.all([load(), ready.catch(() => undefined)]);
      return { default: pick(module) };
    }),
    {
      load,
      drawAfter: (next: Promise<unknown>) => {
        ready = next;
      },
    },
  );
}

const LoginPage = page(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const UnauthorisedPage = page(
  () => import('../features/auth/unauthorised-page'),
  (m) => m.UnauthorisedPage,
);
const HomePage = page(
  () => import('../features/home/home-page'),
  (m) => m.HomePage,
);
const ProfilePage = page(
  () => import('../features/profile/profile-page'),
  (m) => m.ProfilePage,
);
const PartnerList = page(
  () => import('../features/accounts/partner-list'),
  (m) => m.PartnerList,
);
const TenantList = page(
  () => import('../features/tenants/tenant-list'),
  (m) => m.TenantList,
);
const TenantFormPage = page(
  () => import('../features/tenants/tenant-form'),
  (m) => m.TenantFormPage,
);
const TenantDetailPage = page(
  () => import('../features/tenants/tenant-detail'),
  (m) => m.TenantDetailPage,
);
const SubscriptionPage = page(
  () => import('../features/billing/subscription-page'),
  (m) => m.SubscriptionPage,
);
const SelectPlanPage = page(
  () => import('../features/billing/select-plan-page'),
  (m) => m.SelectPlanPage,
);
const CheckoutPage = page(
  () => import('../features/billing/checkout-page'),
  (m) => m.CheckoutPage,
);
const InvoiceList = page(
  () => import('../features/billing/invoice-list'),
  (m) => m.InvoiceList,
);
const PaymentList = page(
  () => import('../features/billing/payment-list'),
  (m) => m.PaymentList,
);
const PlanList = page(
  () => import('../features/billing/plan-list'),
  (m) => m.PlanList,
);
const CouponList = page(
  () => import('../features/billing/coupon-list'),
  (m) => m.CouponList,
);
const DiscountList = page(
  () => import('../features/billing/discount-list'),
  (m) => m.DiscountList,
);
const UserList = page(
  () => import('../features/users/user-list'),
  (m) => m.UserList,
);
const DeviceList = page(
  () => import('../features/devices/device-list'),
  (m) => m.DeviceList,
);
const DeviceReadingsPage = page(
  () => import('../features/device-readings/device-readings-page'),
  (m) => m.DeviceReadingsPage,
);
const CorporateList = page(
  () => import('../features/masters/corporate-list'),
  (m) => m.CorporateList,
);
const IndustryCategoryList = page(
  () => import('../features/masters/industry-category-list'),
  (m) => m.IndustryCategoryList,
);
const AuditLogList = page(
  () => import('../features/audit/audit-log-list'),
  (m) => m.AuditLogList,
);
const AuditLogDetail = page(
  () => import('../features/audit/audit-log-detail'),
  (m) => m.AuditLogDetail,
);
const AuditDocumentList = page(
  () => import('../features/audit/audit-document-list'),
  (m) => m.AuditDocumentList,
);
const ActivityLogList = page(
  () => import('../features/audit/activity-log-list'),
  (m) => m.ActivityLogList,
);
const ParameterList = page(
  () => import('../features/parameters/parameter-list'),
  (m) => m.ParameterList,
);
const MakeList = page(
  () => import('../features/makes/make-list'),
  (m) => m.MakeList,
);
const ModelList = page(
  () => import('../features/makes/model-list'),
  (m) => m.ModelList,
);
const ModelTypeList = page(
  () => import('../features/makes/model-type-list'),
  (m) => m.ModelTypeList,
);
const DeviceProfileList = page(
  () => import('../features/device-profiles/device-profile-list'),
  (m) => m.DeviceProfileList,
);
const OfflineRemarkList = page(
  () => import('../features/offline-remarks/offline-remark-list'),
  (m) => m.OfflineRemarkList,
);
const AppVendorList = page(
  () => import('../features/app-vendors/app-vendor-list'),
  (m) => m.AppVendorList,
);
const AppTenantList = page(
  () => import('../features/app-vendors/app-tenant-list'),
  (m) => m.AppTenantList,
);
const PushDataPage = page(
  () => import('../features/app-vendors/push-data-page'),
  (m) => m.PushDataPage,
);
const EdgeClientList = page(
  () => import('../features/edge-clients/edge-client-list'),
  (m) => m.EdgeClientList,
);
const PullDataPage = page(
  () => import('../features/pull-data/pull-data-page'),
  (m) => m.PullDataPage,
);
const CalibrationSchedulePage = page(
  () => import('../features/lab-calibration/calibration-schedule-page'),
  (m) => m.CalibrationSchedulePage,
);
const LabReportsPage = page(
  () => import('../features/lab-calibration/lab-reports-page'),
  (m) => m.LabReportsPage,
);
const MasterCategoryList = page(
  () => import('../features/masters/master-category-list'),
  (m) => m.MasterCategoryList,
);
const EnergyParameterList = page(
  () => import('../features/energy/energy-parameter-list'),
  (m) => m.EnergyParameterList,
);
const EnergyParameterAddPage = page(
  () => import('../features/energy/energy-parameter-form'),
  (m) => m.EnergyParameterAddPage,
);
const EnergyParameterEditPage = page(
  () => import('../features/energy/energy-parameter-form'),
  (m) => m.EnergyParameterEditPage,
);
const StandardEnergyParameterList = page(
  () => import('../features/energy/standard-parameter-list'),
  (m) => m.StandardParameterList,
);
const StandardParameterEditPage = page(
  () => import('../features/energy/standard-parameter-edit-page'),
  (m) => m.StandardParameterEditPage,
);
const MetricList = page(
  () => import('../features/energy/metric-list'),
  (m) => m.MetricList,
);
const MetricAddPage = page(
  () => import('../features/energy/metric-add-page'),
  (m) => m.MetricAddPage,
);
const DerivedParameterList = page(
  () => import('../features/derived-parameters/derived-parameter-list'),
  (m) => m.DerivedParameterList,
);
const DerivedParameterFormPage = page(
  () => import('../features/derived-parameters/derived-parameter-form'),
  (m) => m.DerivedParameterFormPage,
);
const DiagnosticParamList = page(
  () => import('../features/diagnostics/diagnostic-param-list'),
  (m) => m.DiagnosticParamList,
);
const DiagnosticParamAddPage = page(
  () => import('../features/diagnostics/diagnostic-param-form'),
  (m) => m.DiagnosticParamAddPage,
);
const DiagnosticParamEditPage = page(
  () => import('../features/diagnostics/diagnostic-param-form'),
  (m) => m.DiagnosticParamEditPage,
);
const BoardList = page(
  () => import('../features/regulators/board-list'),
  (m) => m.BoardList,
);
const BoardPage = page(
  () => import('../features/regulators/board-page'),
  (m) => m.BoardPage,
);
const RegulatorIndustryPage = page(
  () => import('../features/regulators/industry-page'),
  (m) => m.IndustryPage,
);
const GroundWaterList = page(
  () => import('../features/regulators/ground-water-list'),
  (m) => m.GroundWaterList,
);
const ReportsPage = page(
  () => import('../features/reports/reports-page'),
  (m) => m.ReportsPage,
);
const StatutoryReportsPage = page(
  () => import('../features/reports/statutory-reports-page'),
  (m) => m.StatutoryReportsPage,
);
const DataMigrationsPage = page(
  () => import('../features/data-migrations/data-migrations-page'),
  (m) => m.DataMigrationsPage,
);
const AlertsPage = page(
  () => import('../features/alerts/alerts-page'),
  (m) => m.AlertsPage,
);
const PublicDashboardPage = page(
  () => import('../features/public-dashboard/public-dashboard-page'),
  (m) => m.PublicDashboardPage,
);
const PublicApiDetailsPage = page(
  () => import('../features/public-dashboard/public-api-details-page'),
  (m) => m.PublicApiDetailsPage,
);
const PublicDashboardSettingsPage = page(
  () => import('../features/public-dashboard/public-dashboard-settings-page'),
  (m) => m.PublicDashboardSettingsPage,
);
const SetPasswordPage = page(
  () => import('../features/auth/set-password-page'),
  (m) => m.SetPasswordPage,
);

/**
 * Every route of the console, with who may open it (spec §2, §4). No `access`
 * means any signed-in user; `public` means no sign-in is needed. Paths not
 * listed here redirect to '/'. New screens add a row here.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', redirect: getRootRedirect },
  { path: '/login', public: true, Page: LoginPage },
  { path: '/unauthorised', public: true, Page: UnauthorisedPage },
  {
    path: '/home',
    Page: HomePage,
    prefetch: async (queryClient) =>
      (await import('../features/home/prefetch-home')).prefetchHome(queryClient),
    nav: { labelKey: 'nav.home' },
  },
  { path: '/profile', Page: ProfilePage },
  {
    path: '/partners',
    access: { userTypes: ['site'] },
    Page: PartnerList,
    nav: { labelKey: 'nav.partners' },
  },
  {
    path: '/tenants',
    access: { userTypes: ['site', 'partner', 'corporate', 'statutory'] },
    Page: TenantList,
    prefetch: async (queryClient, url) =>
      (await import('../features/tenants/prefetch-tenant-list')).prefetchTenantList(queryClient, url),
    nav: { labelKey: 'tenants.navLabel' },
  },
  {
    path: '/new/tenants/:type/:tenantId',
    // Editing (any id but 0): the account admins, as the update endpoint; adding: who may add
    // that type of account, as the create endpoint decides. A type the form does not know
    // is the page's to send on to '/' (spec §2).
    access: ACCOUNT_ADMINS,
    allowsPath: ({ type, tenantId }, user) =>
      tenantId !== '0' || !isAccountFormType(type) || isAccessAllowed(ACCOUNT_CREATE_ACCESS[type], user),
    Page: TenantFormPage,
  },
  {
    path: '/accounts/:accountType/:accountId/view',
    access: { userTypes: ['site', 'partner', 'tenant', 'corporate', 'statutory'] },
    Page: TenantDetailPage,
  },
  // Subscriptions and billing: each screen takes the access of the endpoint it exists to call
  {
    path: '/subscription/:tenantId',
    access: BILLING_READERS,
    Page: SubscriptionPage,
  },
  // The plan change wizard as a page (the header is hidden on 'selectplan' and 'checkout' paths)
  { path: '/selectplan/:tenantId', access: ACCOUNT_ADMINS, Page: SelectPlanPage },
  { path: '/checkout/:invoiceId', access: BILLING_READERS, Page: CheckoutPage },
  // Discounts of a partner or an industry: no access setting (spec §2), the API decides
  { path: '/manage/:accountType/discounts', Page: DiscountList },
  // Devices: every signed-in user sees those of the industries they see; the dialog has its own address
  { path: '/devices', Page: DeviceList, nav: { labelKey: 'deviceRegistry.navLabel' } },
  { path: '/devices/add', access: ACCOUNT_ADMINS, Page: DeviceList },
  { path: '/devices/:deviceId/edit', access: ACCOUNT_ADMINS, Page: DeviceList },
  // A device's readings: every signed-in user who sees the device (the API answers 404 to the others)
  { path: '/devices/:deviceId/readings', Page: DeviceReadingsPage },
  // Monitoring (one header menu, so the bar keeps room): alerts, reports and why devices were offline.
  // Alerts: everyone signed in sees those of the industries they see, as the alarm endpoint answers;
  // the header's bell links here too
  {
    path: '/alerts',
    access: ALERT_READERS,
    Page: AlertsPage,
    nav: { labelKey: 'alerts.navLabel', group: 'monitoring' },
  },
  // Public dashboard: an industry publishes chosen values on a public page (its admins, and the
  // site's and partners' admins for it, change it; their users look)
  {
    path: '/publicDashboard',
    access: PUBLIC_DASHBOARD_READERS,
    Page: PublicDashboardSettingsPage,
    nav: { labelKey: 'publicDashboard.navLabel', group: 'monitoring' },
  },
  // Reports: everyone requests and reads those of the industries they see, as the reports endpoints
  // allow; the board's view lists those of the industries mapped to the board
  {
    path: '/reports',
    access: REPORT_READERS,
    Page: ReportsPage,
    nav: { labelKey: 'reports.navLabel', group: 'monitoring' },
  },
  {
    path: '/statutory/reports',
    access: STATUTORY_REPORT_READERS,
    Page: StatutoryReportsPage,
    nav: { labelKey: 'reports.statutoryNavLabel', userTypes: ['statutory'], group: 'monitoring' },
  },
  // Data migration: an industry's history from a CSV file or another industry, read by the people
  // of the industries the user sees and started, imported or cancelled by their administrators
  {
    path: '/dataMigration',
    access: DATA_MIGRATION_READERS,
    Page: DataMigrationsPage,
    nav: { labelKey: 'dataMigrations.navLabel', group: 'monitoring' },
  },
  // Why devices are offline: every signed-in user sees those of the industries they see
  {
    path: '/devices/offline/remark',
    Page: OfflineRemarkList,
    nav: { labelKey: 'nav.offlineRemarks', group: 'monitoring' },
  },
  // Pull data: an industry's admins, and the site's and partners' admins for the industries they
  // manage, give third parties tokens that read its 15-minute data
  {
    path: '/pullData',
    access: ACCOUNT_ADMINS,
    Page: PullDataPage,
    nav: { labelKey: 'pullData.navLabel', group: 'monitoring' },
  },
  // Calibration schedule and lab reports: every signed-in user sees those of the industries they
  // see; recording and uploading are for the account admins (the API decides per record)
  {
    path: '/calibrations/schedule',
    Page: CalibrationSchedulePage,
    nav: { labelKey: 'labCalibration.scheduleNavLabel', group: 'monitoring' },
  },
  {
    path: '/labReports',
    Page: LabReportsPage,
    nav: { labelKey: 'labCalibration.reportsNavLabel', group: 'monitoring' },
  },
  // Push-data apps: a partner's admins manage the apps they added (the platform's are under Masters)
  {
    path: '/partner/appVendor',
    access: { userTypes: ['partner'], roles: ['admin'] },
    Page: AppVendorList,
    nav: { labelKey: 'appVendors.navLabel' },
  },
  { path: '/appTenant', access: APP_VENDOR_MANAGERS, Page: AppTenantList },
  // API data management: which apps may send an industry's readings and how to send them
  {
    path: '/pushData',
    Page: PushDataPage,
    nav: { labelKey: 'appVendors.pushData.navLabel', userTypes: ['tenant'] },
  },
  {
    path: '/users',
    access: { userTypes: ['site', 'partner', 'tenant'], roles: ['admin'] },
    Page: UserList,
    nav: { labelKey: 'nav.users' },
  },
  {
    path: '/corporate-list',
    access: { userTypes: ['site'] },
    Page: CorporateList,
    nav: { labelKey: 'nav.corporates' },
  },
  {
    path: '/industry-category',
    access: { userTypes: ['site'] },
    Page: IndustryCategoryList,
    nav: { labelKey: 'nav.industryCategories', group: 'masters' },
  },
  {
    path: '/auditLog',
    access: { userTypes: ['site', 'partner', 'tenant'], roles: ['admin'] },
    Page: AuditLogList,
    nav: { labelKey: 'audit.navLabel', group: 'audit' },
  },
  {
    path: '/auditDetails/:id',
    access: { userTypes: ['site', 'partner', 'tenant'], roles: ['admin'] },
    Page: AuditLogDetail,
  },
  { path: '/mongo/auditLog', access: { userTypes: ['site'] }, Page: AuditDocumentList },
  {
    path: '/logs',
    access: { userTypes: ['site', 'partner', 'tenant'], roles: ['admin'] },
    Page: ActivityLogList,
    nav: { labelKey: 'nav.logs', group: 'audit' },
  },
  {
    path: '/parameterlist',
    Page: ParameterList,
    nav: { labelKey: 'parameters.navLabel', userTypes: ['site'], group: 'masters' },
  },
  // Derived parameters: catalogue master data, changed by the site only
  {
    path: '/derived-param-list',
    access: { userTypes: ['site'] },
    Page: DerivedParameterList,
    nav: { labelKey: 'nav.derivedParameters', group: 'masters' },
  },
  { path: '/add-derived-param', access: { userTypes: ['site'] }, Page: DerivedParameterFormPage },
  {
    path: '/diagnosticParams',
    access: { userTypes: ['site'] },
    Page: DiagnosticParamList,
    nav: { labelKey: 'nav.diagnosticParams', group: 'masters' },
  },
  { path: '/addDiagnosticParam', access: { userTypes: ['site'] }, Page: DiagnosticParamAddPage },
  {
    path: '/editDiagnosticParam/:diagnosticParamId',
    access: { userTypes: ['site'] },
    Page: DiagnosticParamEditPage,
  },
  // Energy module catalogue: platform master data, changed by the site only
  {
    path: '/energy/params',
    access: { userTypes: ['site'] },
    Page: EnergyParameterList,
    nav: { labelKey: 'nav.energyParameters', group: 'masters' },
  },
  { path: '/energy/param/add', access: { userTypes: ['site'] }, Page: EnergyParameterAddPage },
  { path: '/energy/param/:id/edit', access: { userTypes: ['site'] }, Page: EnergyParameterEditPage },
  {
    path: '/energy/parameter',
    access: { userTypes: ['site'] },
    Page: StandardEnergyParameterList,
    nav: { labelKey: 'nav.energyCatalogue', group: 'masters' },
  },
  { path: '/param/:parameterId/edit', access: { userTypes: ['site'] }, Page: StandardParameterEditPage },
  {
    path: '/metric',
    access: { userTypes: ['site'] },
    Page: MetricList,
    nav: { labelKey: 'nav.metrics', group: 'masters' },
  },
  { path: '/addMetric', access: { userTypes: ['site'] }, Page: MetricAddPage },
  {
    path: '/master-category',
    access: { userTypes: ['site'] },
    Page: MasterCategoryList,
    nav: { labelKey: 'nav.masterCategories', group: 'masters' },
  },
  {
    path: '/makes',
    access: { userTypes: ['site'] },
    Page: MakeList,
    nav: { labelKey: 'nav.makes', group: 'masters' },
  },
  // A make's models; the add dialog has its own address
  { path: '/makes/:makeId/models', access: { userTypes: ['site'] }, Page: ModelList },
  { path: '/makes/:makeId/models/add', access: { userTypes: ['site'] }, Page: ModelList },
  {
    path: '/model/types',
    access: { userTypes: ['site'] },
    Page: ModelTypeList,
    nav: { labelKey: 'nav.modelTypes', group: 'masters' },
  },
  // Device profiles: platform masters every signed-in user reads; site users change them
  {
    path: '/devices/profiles',
    Page: DeviceProfileList,
    nav: { labelKey: 'nav.deviceProfiles', group: 'masters' },
  },
  // Edge client keys (beside the device masters): every signed-in user sees those of the industries
  // they see; account admins change them; the client's keys open at their own address
  {
    path: '/edgeClientKey',
    Page: EdgeClientList,
    nav: { labelKey: 'edgeClients.navLabel', userTypes: ['site', 'partner', 'tenant'], group: 'masters' },
  },
  { path: '/edgeClientKey/:clientId', Page: EdgeClientList },
  // Push-data apps of the platform (every app, partners' too): its admins manage them
  {
    path: '/appVendor',
    access: { userTypes: ['site'], roles: ['admin'] },
    Page: AppVendorList,
    nav: { labelKey: 'appVendors.navLabel', group: 'masters' },
  },
  // State boards: the platform's people and each board's own users (their board only) read them, as the
  // API's boards endpoints allow; the platform's administrators change them
  {
    path: '/regulator',
    access: BOARD_READERS,
    Page: BoardList,
    nav: { labelKey: 'regulators.navLabel', group: 'masters' },
  },
  { path: '/viewRegulator/:statId', access: BOARD_READERS, Page: BoardPage },
  // The ground water points (the CGWA view), for the platform and the boards
  {
    path: '/regulator/groundWater',
    access: BOARD_READERS,
    Page: GroundWaterList,
    nav: { labelKey: 'regulators.groundWater.navLabel', group: 'masters' },
  },
  {
    path: '/viewRegulator/:statId/industry/:regulatorTenantId',
    access: BOARD_READERS,
    Page: RegulatorIndustryPage,
  },
  {
    path: '/plans',
    access: BILLING_KEEPERS,
    Page: PlanList,
    nav: { labelKey: 'nav.plans', group: 'masters' },
  },
  {
    path: '/coupons',
    access: DISCOUNT_KEEPERS,
    Page: CouponList,
    nav: { labelKey: 'nav.coupons', group: 'masters' },
  },
  {
    path: '/invoices',
    access: BILLING_READERS,
    Page: InvoiceList,
    nav: { labelKey: 'nav.invoices', menu: 'user' },
  },
  // An invoice open over the list, at its own address
  { path: '/invoices/:invoiceId', access: BILLING_READERS, Page: InvoiceList },
  {
    path: '/payments',
    access: BILLING_READERS,
    Page: PaymentList,
    nav: { labelKey: 'nav.payments', menu: 'user' },
  },
  { path: '/activate/:token', public: true, Page: SetPasswordPage },
  { path: '/reset-password/:token', public: true, Page: SetPasswordPage },
  // Public pages: no sign-in, no console header, never a redirect to /login
  { path: '/public/dashboard/:view/:publicTenantId', public: true, Page: PublicDashboardPage },
  { path: '/public/api/details', public: true, Page: PublicApiDetailsPage },
];

/** The header links a user may follow, in table order. */
export function getNavRoutes(user: LoggedInUser | null, routes: readonly AppRoute[] = APP_ROUTES) {
  if (!user) return [];
  return routes.filter(
    (route): route is AppRoute & Required<Pick<AppRoute, 'nav'>> =>
      route.nav !== undefined &&
      (route.nav.userTypes === undefined || route.nav.userTypes.includes(user.userType)) &&
      decideRouteAccess(route, route.path, user).type === 'allow',
  );
}
