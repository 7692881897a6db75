import {
  CATEGORY_EXISTS_MESSAGE,
  CONFLICT_MESSAGE,
  CORPORATE_EXISTS_MESSAGE,
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
  DIALOG_DEFAULTS,
  EMAIL_TAKEN_MESSAGE,
  FIELD_MESSAGES,
  INVALID_CREDENTIALS_MESSAGE,
  MASTER_CATEGORY_EXISTS_MESSAGE,
  METRIC_EXISTS_MESSAGE,
  PARAMETER_EXISTS_MESSAGE,
  PARTNER_EXISTS_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  USER_LIMIT_MESSAGE,
  type ApiErrorCode,
  type ClientErrorCode,
  type FieldErrorCode,
} from '@vayu/domain';

/**
 * English wording of every error code the API or the client raises, worded
 * from the code and its params (never from the server's message). Where the
 * specification fixes a text, it is that text.
 */
export const errorsEn = {
  codes: {
    VALIDATION_FAILED: 'Please correct the marked fields.',
    PASSWORD_LINK_INVALID: 'This link is invalid or has expired.',
    UNAUTHENTICATED: 'Sign in to continue.',
    INVALID_CREDENTIALS: INVALID_CREDENTIALS_MESSAGE,
    FORBIDDEN: 'You are not allowed to do this.',
    CSRF_REJECTED: 'The request was refused. Reload the page and try again.',
    USER_DISABLED: 'This user is disabled. Please contact your administrator.',
    ACCOUNT_DISABLED: 'This account is disabled. Please contact your partner or the platform team.',
    NOT_FOUND: 'This record does not exist or you may not see it.',
    STALE_VERSION: CONFLICT_MESSAGE,
    PARAMETER_EXISTS: PARAMETER_EXISTS_MESSAGE,
    PARAMETER_IN_USE: 'This parameter is used by "{{usedBy}}" and cannot be deleted.',
    DERIVED_PARAMETER_IN_USE:
      'This derived parameter is used in an expression of the derived parameter "{{usedBy}}" and cannot be deleted.',
    METRIC_EXISTS: METRIC_EXISTS_MESSAGE,
    METRIC_IN_USE: 'This metric is used by the energy parameter "{{usedBy}}" and cannot be deleted.',
    EMAIL_EXISTS: EMAIL_TAKEN_MESSAGE,
    CATEGORY_EXISTS: CATEGORY_EXISTS_MESSAGE,
    MASTER_CATEGORY_EXISTS: MASTER_CATEGORY_EXISTS_MESSAGE,
    CORPORATE_EXISTS: CORPORATE_EXISTS_MESSAGE,
    PARTNER_EXISTS: PARTNER_EXISTS_MESSAGE,
    DIAGNOSTIC_MODEL_TAKEN: DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
    DIAGNOSTIC_TENANT_TAKEN: DIAGNOSTIC_TENANT_TAKEN_MESSAGE,
    PAYLOAD_TOO_LARGE: 'The file or request is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'This type of file is not accepted.',
    BUSINESS_RULE: 'This change is not allowed.',
    USER_LIMIT_EXHAUSTED: USER_LIMIT_MESSAGE,
    SELF_DISABLE: 'You cannot disable your own user.',
    PRIMARY_USER_INVALID: 'This user cannot be the primary user of this account.',
    ALREADY_ACTIVATED: 'The primary user has already activated the account.',
    PARTNER_CHANGE_REFUSED: 'This industry cannot move to that partner.',
    PLATFORM_ACCOUNT_LOCKED: 'The status of the platform account cannot be changed.',
    NO_RECIPIENTS: 'There is no one to send the approval report to.',
    RATE_LIMITED: TOO_MANY_ATTEMPTS_MESSAGE,
    INTERNAL: DIALOG_DEFAULTS.error,
    UNAVAILABLE: 'The service is busy. Try again in a moment.',
    NETWORK_ERROR: 'The server could not be reached. Check your connection and try again.',
    HTTP_ERROR: DIALOG_DEFAULTS.error,
    INVALID_RESPONSE: DIALOG_DEFAULTS.error,
  } satisfies Record<ApiErrorCode | ClientErrorCode, string>,
  /** Wording of a parameter that something uses, by what uses it (`usedByKind`). */
  parameterInUse: {
    functional: 'This parameter is the base of the functional parameter "{{usedBy}}" and cannot be deleted.',
    derived: 'This parameter is used by the derived parameter "{{usedBy}}" and cannot be deleted.',
    diagnostic: 'This parameter is one of {{usedBy}} and cannot be deleted.',
    energy: 'This parameter feeds the energy parameter "{{usedBy}}" and cannot be deleted.',
    rename:
      'The key "{{key}}" is used by the derived parameter "{{usedBy}}"; change that expression before renaming this parameter.',
  },
  /** A refusal that names its wait (`retryAfterSeconds`): the sign-in back-off, a client's limit. */
  retryIn: {
    seconds_one: 'Too many attempts. Try again in {{count}} second.',
    seconds_other: 'Too many attempts. Try again in {{count}} seconds.',
    minutes_one: 'Too many attempts. Try again in {{count}} minute.',
    minutes_other: 'Too many attempts. Try again in {{count}} minutes.',
  },
  seriesInUse:
    'The series "{{series}}" is used in an expression of the derived parameter "{{usedBy}}" and cannot be renamed or removed.',
  fields: {
    FIELD_REQUIRED: FIELD_MESSAGES.required,
    FIELD_INVALID: FIELD_MESSAGES.pattern,
    FIELD_TOO_SHORT: 'Too short',
    FIELD_TOO_LONG: 'Too long',
    FIELD_TOO_SMALL: 'Too small',
    FIELD_TOO_LARGE: 'Too large',
    FIELD_TAKEN: 'Already used',
    FIELD_UNAVAILABLE: 'Cannot be used here. Please enter another.',
    FIELD_UNKNOWN: 'This field cannot be set here',
    FIELD_RULE: FIELD_MESSAGES.pattern,
  } satisfies Record<FieldErrorCode, string>,
};
