/* The closed lists of error codes, free of schemas: a client that only decides by code imports no schema library. */

/**
 * Every error the API answers with has one of these codes, and each code has
 * one HTTP status. Clients choose behaviour and wording by code: the message
 * is for people reading the raw answer (the spec's texts, in English) and is
 * never compared or parsed. Add a code here when a client must tell a case
 * apart; reuse a generic one (`BUSINESS_RULE`) when none needs to.
 */
export const API_ERRORS = {
  // 400: the request itself is wrong
  VALIDATION_FAILED: 400,
  /** A password link (activation, reset) that is unknown, used or expired. */
  PASSWORD_LINK_INVALID: 400,
  // 401
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** A data token (edge client key, app token) that is unknown or revoked. */
  TOKEN_INVALID: 401,
  // 403
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  USER_DISABLED: 403,
  ACCOUNT_DISABLED: 403,
  /** Every reading of a batch names a device of an industry the data token may not send for (nothing is stored). */
  DEVICE_NOT_IN_TENANT: 403,
  /** A pull-data token asked for a monitoring point or parameter outside its scope. */
  PULL_OUT_OF_SCOPE: 403,
  // 404
  NOT_FOUND: 404,
  /** A device log asked for an interval in which the ingestion recorded nothing (the console shows a warning). */
  LOGS_NOT_FOUND: 404,
  // 409: the request conflicts with what is stored
  STALE_VERSION: 409,
  PARAMETER_EXISTS: 409,
  PARAMETER_IN_USE: 409,
  DERIVED_PARAMETER_IN_USE: 409,
  METRIC_EXISTS: 409,
  METRIC_IN_USE: 409,
  EMAIL_EXISTS: 409,
  CATEGORY_EXISTS: 409,
  MASTER_CATEGORY_EXISTS: 409,
  CORPORATE_EXISTS: 409,
  PARTNER_EXISTS: 409,
  DIAGNOSTIC_MODEL_TAKEN: 409,
  DIAGNOSTIC_TENANT_TAKEN: 409,
  /** Another make of the same type has the name. */
  MAKE_EXISTS: 409,
  /** Another model of the make has the name. */
  MODEL_EXISTS: 409,
  /** Another model type has the name. */
  MODEL_TYPE_EXISTS: 409,
  /** Another monitoring point of the industry has the name. */
  MONITORING_POINT_EXISTS: 409,
  /** The monitoring point still has devices (or cameras) at it. */
  MONITORING_POINT_IN_USE: 409,
  /** Another device of the industry has the name. */
  DEVICE_EXISTS: 409,
  /** The serial number is taken (`POST /api/checkSNoAvailability`; a normal answer there). */
  SERIAL_NUMBER_TAKEN: 409,
  /** Another device profile has the name. */
  PROFILE_EXISTS: 409,
  /** Another device vendor has the name. */
  VENDOR_EXISTS: 409,
  /** Another camera of the industry has the provision id or name. */
  CAMERA_EXISTS: 409,
  /** Another edge client has the e-mail ("Email already exist"). */
  EDGE_CLIENT_EXISTS: 409,
  /** Another push-data app has the app id or name. */
  APP_VENDOR_EXISTS: 409,
  /** A board exists already for the state. */
  BOARD_EXISTS: 409,
  /** The industry is mapped to the board already. */
  REGULATOR_TENANT_EXISTS: 409,
  /** The monitoring point is a station of the board already, or another station has the board id. */
  STATION_EXISTS: 409,
  /** The device maps this parameter for the board already; or the board has an id for the parameter or unit. */
  REGULATOR_MAPPING_EXISTS: 409,
  /** A station, board parameter or unit still has device mappings. */
  REGULATOR_MAPPING_IN_USE: 409,
  /** Another plan has the code. */
  PLAN_EXISTS: 409,
  /** There is an add-on for the unit already. */
  ADDON_EXISTS: 409,
  /** Another coupon has the code. */
  COUPON_EXISTS: 409,
  /** A data migration is not in the state for this (import: only when CHECKED; cancel: not while importing or imported). */
  MIGRATION_STATE: 409,
  // 413, 415
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: well-formed, but a business rule refuses it
  BUSINESS_RULE: 422,
  USER_LIMIT_EXHAUSTED: 422,
  SELF_DISABLE: 422,
  PRIMARY_USER_INVALID: 422,
  ALREADY_ACTIVATED: 422,
  PARTNER_CHANGE_REFUSED: 422,
  PLATFORM_ACCOUNT_LOCKED: 422,
  NO_RECIPIENTS: 422,
  /** The industry has MAX_MONITORING_POINTS_PER_TENANT monitoring points already. */
  MONITORING_POINT_LIMIT: 422,
  /** A device breaks a rule of spec §5 (units, max, sensor ids, NDIR ratios, serial number): the details say which. */
  DEVICE_RULES: 422,
  /** The industry has MAX_DEVICES_PER_TENANT devices already. */
  DEVICE_LIMIT: 422,
  /** An edge client's keys: all allowed keys issued, or fewer allowed than already issued. */
  EDGE_KEY_LIMIT: 422,
  /** Parameters enabled on devices are at the limit of the plan, its add-ons and what the site granted. */
  PARAMETER_LIMIT_EXHAUSTED: 422,
  /** Cameras are at the limit of the plan, its add-ons and what the site granted. */
  CAMERA_LIMIT_EXHAUSTED: 422,
  /** A coupon that cannot be used, or none to remove: `reason` says unknown, notValid, usedUp, notYours or notApplied. */
  COUPON_INVALID: 422,
  /** Checkout is blocked: an add-on is below its minimum or suggested number (details per add-on). */
  ADDONS_BELOW_MINIMUM: 422,
  /** The subscription is not in a state for this (`reason`: exists, none, pendingChange, notChangeable, notRenewable, notCancellable, nothingToChange, planUnavailable, notATenant). */
  SUBSCRIPTION_STATE: 422,
  /** The invoice or payment is not in a state for this (`reason`: invoiceDecided, paymentDecided, paymentPending, paidInFull). */
  PAYMENT_STATE: 422,
  /** The platform account has no GSTIN or state, so no invoice can be issued. */
  SELLER_DETAILS_MISSING: 422,
  // 429
  RATE_LIMITED: 429,
  // 500, 503
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

/** A code the API sends. */
export type ApiErrorCode = keyof typeof API_ERRORS;
export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

/** Codes the web client raises itself when a call fails before or after the API answered. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'HTTP_ERROR', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type ErrorCode = ApiErrorCode | ClientErrorCode;
export const ERROR_CODES: readonly ErrorCode[] = [...API_ERROR_CODES, ...CLIENT_ERROR_CODES];

export function statusOfError(code: ApiErrorCode): number {
  return API_ERRORS[code];
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/**
 * What is wrong with one field. `code` says which rule failed
 * (`FIELD_REQUIRED`, `FIELD_INVALID`, `FIELD_TAKEN`, ...) so a form can word it
 * in the user's language; `message` is the English text.
 */
export const FIELD_ERROR_CODES = [
  'FIELD_REQUIRED',
  'FIELD_INVALID',
  'FIELD_TOO_SHORT',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SMALL',
  'FIELD_TOO_LARGE',
  'FIELD_TAKEN',
  /** A value that cannot be used here, for a reason the caller is not told (an e-mail held elsewhere). */
  'FIELD_UNAVAILABLE',
  'FIELD_UNKNOWN',
  /** A value checked against what is stored and found wrong (the current password). */
  'FIELD_INCORRECT',
  'FIELD_RULE',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
