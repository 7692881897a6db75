/*
 * Texts the API answers and the console translates, with the few limits and
 * labels they quote. This module imports nothing: the console's dictionaries
 * use these texts at start-up without loading any schema (or the expression
 * parser) of the areas they come from. The texts of the later areas are in
 * `area-messages.ts`, for the same reason.
 */

// ---------------------------------------------------------------------------
// Every area
// ---------------------------------------------------------------------------

export const CONFLICT_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

// ---------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid user name or password.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Try again later.';
export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'This is not your current password.';
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password.';
export const CLIENT_RATE_LIMITED_MESSAGE = 'Too many requests from this address. Try again later.';

// ---------------------------------------------------------------------------
// Accounts and people
// ---------------------------------------------------------------------------

/** Spec §4 confirmation before a site user enables or disables an industry. */
export const USER_LIMIT_MESSAGE =
  'You have exhausted your user limit. Please upgrade your subscription or contact partner.';
export const MIGRATE_PARTNER_SUCCESS = 'Subscription migration successfully done.';
export const MIGRATE_PARTNER_FAILURE = 'Error in migrating partner';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail is already used by another user.';
/** An e-mail that cannot be given to this user, worded without saying whether or where it has an account. */
export const EMAIL_UNAVAILABLE_MESSAGE = 'This e-mail cannot be used here. Please enter another e-mail.';

/** Why an industry cannot move to a partner: the code clients word, and the English text. */
export const PARTNER_MIGRATE_REASONS = {
  notATenant: 'Only an industry can be moved to another partner.',
  samePartner: 'The industry already belongs to this partner.',
  notAnEnabledPartner: 'The chosen partner is not an enabled partner.',
} as const;
export type PartnerMigrateReason = keyof typeof PARTNER_MIGRATE_REASONS;
export const PARTNER_MIGRATE_REASON_CODES = Object.keys(PARTNER_MIGRATE_REASONS) as [
  PartnerMigrateReason,
  ...PartnerMigrateReason[],
];

/** A partner's name is used once, whatever its case. */
export const PARTNER_EXISTS_MESSAGE = 'A partner with this name already exists.';

// ---------------------------------------------------------------------------
// Masters
// ---------------------------------------------------------------------------

export const CORPORATE_EXISTS_MESSAGE = 'A corporate with this name already exists.';
export const CATEGORY_EXISTS_MESSAGE = 'Category already exists.';
export const CATEGORY_UPDATE_FAILED_MESSAGE = 'Problem in updating Category.';
export const MASTER_CATEGORY_EXISTS_MESSAGE = 'A master category of this type already exists.';

// ---------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------

export const CAAQMS_LABEL_MESSAGE = 'Parameter label must have a value with CAAQMS.';
export const PARAMETER_EXISTS_MESSAGE = 'Parameter already exists.';
export const PARAMETER_EDITED_MESSAGE = 'Parameter Edited Successfully.';
export const PARAMETER_EDIT_FAILED_MESSAGE = 'Error in Editing Parameter.';

// ---------------------------------------------------------------------------
// Derived parameters
// ---------------------------------------------------------------------------

/** Which readings of its inputs an expression row reads. */
export const DERIVED_DATA_SOURCES = ['raw', 'minute_15', 'hour', 'day'] as const;
export type DerivedDataSource = (typeof DERIVED_DATA_SOURCES)[number];
export const DERIVED_DATA_SOURCE_LABELS: Record<DerivedDataSource, string> = {
  raw: 'Raw readings',
  minute_15: '15-minute averages',
  hour: 'Hourly',
  day: 'Daily',
};

export const DERIVED_SERIES_REQUIRED_MESSAGE = 'Add at least one derived series.';
export const DERIVED_ROWS_REQUIRED_MESSAGE = 'Add at least one expression.';
export const DERIVED_SERIES_NAME_MESSAGE =
  'The series name must start with a letter and use only letters, digits, underscores and dots.';
export const UNKNOWN_UNIT_MESSAGE = 'Choose a unit from the list.';
export const DERIVED_PARAMETER_DELETED_MESSAGE = 'Derived parameter deleted.';
export const DERIVED_PARAMETER_UPDATE_FAILED_MESSAGE = 'Error in updating';
export const DERIVED_PARAMETER_DELETE_FAILED_MESSAGE = 'Error in deleting.';

// ---------------------------------------------------------------------------
// Energy catalogue
// ---------------------------------------------------------------------------

export const METRIC_KEY_MIN_LENGTH = 2;
export const METRIC_KEY_MAX_LENGTH = 50;
export const METRIC_KEY_MESSAGE = `Use ${METRIC_KEY_MIN_LENGTH} to ${METRIC_KEY_MAX_LENGTH} lower-case letters, digits, underscores or dots.`;
export const METRIC_EXISTS_MESSAGE = 'A metric with this key already exists.';
/** Energy parameter names are unique like standard parameter names, with the same message. */
export const ENERGY_PARAMETER_EXISTS_MESSAGE = PARAMETER_EXISTS_MESSAGE;
export const ENERGY_LABEL_NEEDS_TEXT_MESSAGE = 'The label needs at least one letter or digit.';
export const ENERGY_METRICS_REQUIRED_MESSAGE = 'Choose at least one metric.';
export const ENERGY_METRICS_UNKNOWN_MESSAGE = 'Choose metrics that exist.';
export const ENERGY_SOURCE_PARAMETER_MESSAGE = 'Choose an energy parameter of the catalogue.';
/** Spec §8 failure texts of the catalogue screens. */
export const ENERGY_UPDATE_FAILED_MESSAGE = 'Error in updating';
export const ENERGY_DELETE_FAILED_MESSAGE = 'Error in deleting.';

// ---------------------------------------------------------------------------
// Diagnostic parameters
// ---------------------------------------------------------------------------

/** Most catalogue parameters one set-up may list. */
export const DIAGNOSTIC_MAX_PARAMETERS = 50;

export const DIAGNOSTIC_PARAM_ADDED_MESSAGE = 'Diagnostic Param Added Successfully';
export const DIAGNOSTIC_PARAM_ADD_FAILED_MESSAGE = 'Error in Adding Diagnostic Param';
export const DIAGNOSTIC_PARAM_UPDATED_MESSAGE = 'Updated successfully.';
export const DIAGNOSTIC_PARAM_UPDATE_FAILED_MESSAGE = 'Error in updating';
export const DIAGNOSTIC_PARAM_DELETED_MESSAGE = 'Diagnostic Param Deleted Successfully';
export const DIAGNOSTIC_PARAM_DELETE_FAILED_MESSAGE = 'Error in deleting.';

export const DIAGNOSTIC_OWNER_REQUIRED_MESSAGE = 'Choose an analyser model or an industry.';
export const DIAGNOSTIC_OWNER_BOTH_MESSAGE = 'Choose an analyser model or an industry, not both.';
export const DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE = 'Choose at least one parameter.';
export const DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE = `Choose at most ${DIAGNOSTIC_MAX_PARAMETERS} parameters.`;
export const DIAGNOSTIC_PARAMS_REPEATED_MESSAGE = 'Each parameter may be chosen only once.';
export const DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE =
  'Choose the upload method (IOT-EDGE or IOT-Gateway) for calibration through the utility.';
export const DIAGNOSTIC_MODEL_TAKEN_MESSAGE =
  'This analyser model already has diagnostic parameters. Edit that set-up instead.';
export const DIAGNOSTIC_TENANT_TAKEN_MESSAGE =
  'This industry already has diagnostic parameters. Edit that set-up instead.';

// ---------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------

/** Subscriptions, payments, coupons and limits: the spec's texts (§5), and ours where it has none. */
export const BILLING_MESSAGES = {
  subscriptionEnabled: 'Subscription enabled successfully',
  planChanged: 'Your plan has been changed successfully',
  planChangeFailed: 'Error updating plan. Try again later',
  plansFailed: 'error fetching in plans',
  couponApplied: 'Coupon Code applied successful',
  couponNotApplied: 'Coupon Code not applied. Try again!',
  couponAppliedToPlan: 'Coupon Applied successfully',
  couponRemoved: 'Coupon Removed successfully',
  rebuilt: 'Rebuilt successfully',
  couponsFailed: 'Error fetching coupons',
  existingCouponsFailed: 'error fetching existing coupons',
  cancelled: 'Subscription cancelled successfully',
  cancelFailed: 'Error cancelling subscription. Try again later',
  resumed: 'The cancellation is withdrawn: the subscription continues.',
  voidedByCancel: 'Void: the subscription was cancelled.',
  paymentStatusUpdated: 'Payment status update successful.',
  parameterLimit:
    'You have exhausted your parameter limit. Please upgrade your subscription or contact partner.',
  cameraLimit: 'You have exhausted your camera limit. Please upgrade your subscription or contact partner.',
  // Texts of our own for what the spec does not word.
  planCodeTaken: 'Another plan has this code.',
  couponCodeTaken: 'Another coupon has this code.',
  addonUnitTaken: 'There is already an add-on for this unit.',
  couponUnknown: 'There is no coupon with this code.',
  couponNotValid: 'This coupon is not valid today.',
  couponUsedUp: 'This coupon has been used as many times as it may be.',
  couponNotYours: 'This coupon cannot be used for this account.',
  noCouponApplied: 'No coupon is applied to this plan.',
  planUnavailable: 'This plan cannot be bought.',
  addonNotInPlan: 'This add-on is not part of the plan.',
  belowMinimum: 'Buy at least the minimum number of add-ons.',
  belowSuggested: 'Buy at least the suggested number of add-ons.',
  subscriptionExists: 'This industry already has a subscription. Change its plan instead.',
  noSubscription: 'This industry has no subscription yet.',
  nothingToChange: 'Choose another plan or buy add-ons: this is the current plan.',
  pendingChange: 'A plan change is awaiting payment. Decide on its invoice first.',
  notChangeable: 'A cancelled or expired subscription is renewed, not changed.',
  notRenewable: 'This subscription is not due for renewal.',
  notCancellable: 'This subscription cannot be cancelled in this way now.',
  invoiceDecided: 'This invoice has already been decided.',
  invoicePaidInFull: 'This invoice has nothing to pay.',
  paymentDecided: 'This payment has already been decided.',
  paymentPending: 'A payment of this invoice is awaiting approval.',
  notATenant: 'Subscriptions are for industries.',
  sellerGstinMissing: 'The platform account needs a GSTIN and a state before invoices can be issued.',
} as const;

/** The device log download (`GET /api/devices/{id}/logs`); the first two are the spec's texts. */
export const DEVICE_LOG_MESSAGES = {
  /** The answer when the interval holds nothing (the console shows it as a warning). */
  notFound: 'Logs Not Found For Provided Interval',
  /** What the console says when the download fails otherwise. */
  failed: 'error in getting log file; please contact to support',
  toBeforeFrom: 'The end of the interval must be after its start.',
  tooLong: 'A log file covers at most 31 days.',
} as const;
