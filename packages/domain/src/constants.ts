/** Business constants from the product specification (§9). */

/** The types of the account form (`/new/tenants/{type}/{id}`, `POST /api/create/{type}`): an industry under a partner, a board account. */
export const ACCOUNT_FORM_TYPES = ['partner', 'statutory'] as const;
export type AccountFormType = (typeof ACCOUNT_FORM_TYPES)[number];

export function isAccountFormType(value: string | undefined): value is AccountFormType {
  return (ACCOUNT_FORM_TYPES as readonly (string | undefined)[]).includes(value);
}

/** Partner id used when an account has no partner of its own. */
export const DEFAULT_PARTNER_ID = -1;
/** The platform (site) account. −1 is accepted as its alias. */
export const PLATFORM_ACCOUNT_ID = 1;
export const PLATFORM_ACCOUNT_ALIAS = -1;

export const TENANT_PAGE_SIZE = 9;
export const LIST_PAGE_SIZE = 20;
export const AUDIT_DEFAULT_WINDOW_DAYS = 7;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
export const PHONE_PREFIX = '91';

export const DEFAULT_COUNTRY_CODE = 'IN';
export const PREFERRED_COUNTRIES = ['us', 'in', 'jp'] as const;

/** Data freshness thresholds (spec §4, §9). */
export const LIVE_THRESHOLD_MS = 14_400_000; // 4 hours
export const DELAYED_THRESHOLD_MS = 28_800_000; // 8 hours

export const DEFAULT_NO_RATIO = 5;
export const DEFAULT_NO2_RATIO = 95;

export const CURRENCY = { code: 'INR', symbol: '₹' } as const;

/** Blocking overlay shows after this delay. */
export const LOADING_OVERLAY_DELAY_MS = 250;
export const LOADING_OVERLAY_MESSAGE = 'Loading ...';
/** Notifications stay this long. */
export const NOTIFICATION_DURATION_MS = 4000;

export const MULTISELECT_DEBOUNCE_MS = 300;
export const MULTISELECT_SEARCH_LIMIT = 25;

export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_COOKIE = 'lang';

export const APP_MODULES = ['enviro', 'gen', 'energy'] as const;
export type AppModule = (typeof APP_MODULES)[number];
export const DEFAULT_APP_MODULE: AppModule = 'enviro';

/** Request headers the console sends with every API call. */
export const HEADERS = {
  tenantId: 'x-tenant-id',
  module: 'x-module',
  corporateId: 'x-corporate-id',
  requestedWith: 'x-requested-with',
  requestId: 'x-request-id',
} as const;

/** Dialog default texts (spec §8). */
export const DIALOG_DEFAULTS = {
  error: 'An unknown error has occurred.',
  notify: 'Unknown application notification.',
  confirm: 'Confirmation required.',
  wait: 'Waiting on operation to complete.',
} as const;

/** The longest user name (an e-mail) and password the sign-in accepts. */
export const SIGN_IN_LIMITS = { userName: 254, password: 128 } as const;

/** Default form field messages (spec §5). */
export const FIELD_MESSAGES = {
  required: 'This field is required',
  number: 'Must be a number',
  email: 'Invalid Email',
  pattern: 'Illegal value',
} as const;

/** A CSV file may be at most this large (checked while it is received). */
export const DATA_MIGRATION_MAX_BYTES = 20 * 1024 * 1024;

/** History may go back this many years; older rows are in error (the readings table keeps months from then on). */
export const DATA_MIGRATION_MAX_YEARS = 5;

/** Rows one migration may hold at most (a CSV's, or another industry's readings). */
export const DATA_MIGRATION_MAX_ROWS = 500_000;

/** The most keys one edge client may be allowed: a plant runs a handful of gateways. */
export const EDGE_KEY_ALLOWED_MAX = 100;

/**
 * The dates the console accepts. Readings, audit rows and demo periods all fall
 * well inside; a date outside is a typing slip (or a probe), refused with a
 * clear message instead of reaching the database.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** Where a value came from. Boards require that values are never invented. */
export const PROVENANCES = [
  /** Read by the analyser. */
  'measured',
  /** Entered by a person (a lab value, a reading taken by hand). */
  'manual',
  /** Put in place of a missing or wrong value, by a rule the industry states. */
  'substituted',
  /** Sent while the analyser was being calibrated (zero or span gas). */
  'calibration',
  /** Sent while the analyser was under maintenance. */
  'maintenance',
  /** Computed from other parameters by a derived parameter of the catalogue. */
  'derived',
] as const;
