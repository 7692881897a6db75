/*
 * The texts the API answers with about readings, devices, boards, alerts,
 * reports and data migrations, which the console's dictionaries quote. Like
 * `messages.ts` (the sign-in page's and the frame's texts), this module builds
 * no schema: kept beside an area's schemas, a text would bring every schema of
 * that area into the console's start, built whatever screen opens. Kept apart
 * from `messages.ts` so that the sign-in page does not download them.
 */

import {
  DATA_MIGRATION_MAX_BYTES,
  DATA_MIGRATION_MAX_ROWS,
  DATA_MIGRATION_MAX_YEARS,
  DATE_RANGE,
  EDGE_KEY_ALLOWED_MAX,
  PROVENANCES,
} from './constants.js';
import { groupIndian } from './numbers.js';
import type { DataMigrationRowErrorCode } from './data-migrations.js';
import type { ReportResolution } from './reports.js';
import type { ReadingRefusal } from './telemetry.js';

export const READING_REFUSAL_MESSAGES: Record<ReadingRefusal, string> = {
  UNKNOWN_DEVICE: 'No enabled device has this id.',
  DEVICE_NOT_IN_TENANT: 'This device belongs to an industry this key may not send for.',
  UNKNOWN_PARAMETER: 'The device measures no enabled parameter by this key or id.',
  UNIT_NOT_ALLOWED: "The unit is not one this parameter's readings may arrive in.",
  INVALID_TIME: 'The time must be an ISO 8601 date-time with an offset, or epoch milliseconds.',
  TIME_IN_FUTURE: 'The time is in the future.',
  TIME_TOO_OLD: 'The time is more than 7 days ago.',
  VALUE_NOT_NUMBER: 'The value must be a finite number.',
  VALUE_OUT_OF_RANGE: 'The value must be between -10^15 and 10^15, as sent and in the standard unit.',
  PROVENANCE_NOT_ALLOWED: 'A device may send measured, calibration or maintenance values only.',
  MALFORMED: 'A reading needs deviceId, parameter, time, value and unit.',
};

/** The rule texts (spec §5, "atleast" mended), with `{param}` for the parameter's name. */
export const DEVICE_MESSAGES = {
  enableOne: 'Please enable at least one parameter for monitoring.',
  unit: "Please select a unit for '{param}' Parameter",
  max: "Please enter a max value for '{param}' Parameter",
  sensorIdRequired: 'A sensor id is required: another device has this serial number',
  sensorIdRepeated: 'This sensor id is used by another parameter of this device',
  sensorIdTaken: 'This sensor id is already used by another device with this serial number',
  serialForbidden: "This serial number belongs to another industry's device",
  ndirType: 'Choose the analyser type for NOx',
  ratios: 'The NO and NO2 ratios must add up to 100',
  certification: 'Choose the certification body of a certified device',
  deviceId: 'Illegal value',
  parameterTwice: 'A parameter is listed twice',
  historyLost: 'Readings already stored for this parameter will no longer be shown once it is unchecked.',
} as const;

export const CALIBRATION_MESSAGES = {
  moment: 'Enter a date and time',
  future: 'Must not be in the future',
  tooEarly: 'Must be in the year 2000 or later',
  calibratorModel: 'Choose a model of a calibrator make',
  parameters: 'Choose parameters of this device',
  parameterTwice: 'A parameter is listed twice',
} as const;

export const NO_DOCUMENTS_MESSAGE = 'No Device Supporting Documents Available please Update Documents';

export const PROFILE_MESSAGES = {
  edited: 'Profile Edited Successfully.',
  deleted: 'Profile deleted successfully.',
  deleteFailed: 'Error Deleting Profile.',
} as const;

export const EDGE_CLIENT_MESSAGES = {
  /** Spec §5, as written. */
  emailTaken: 'Email already exist',
  keyAllowedRange: `Keys allowed must be a whole number from 1 to ${EDGE_KEY_ALLOWED_MAX}`,
  /** Spec §5: an update is blocked when keys used exceeds the new allowed number. */
  keyAllowedBelowUsed: 'Keys allowed cannot be fewer than the keys this client already uses',
  keyLimitReached: 'This edge client already uses all the keys it is allowed. Revoke a key or allow more.',
  industry: 'Choose an industry',
} as const;

/** Spec §8: the messages of the token and tenant actions, as the console shows them. */
export const APP_VENDOR_NOTICES = {
  tokenRegenerated: 'Token regenerated successfully',
  tokenFailed: 'Error generating key.',
  tenantsAdded: 'Tenants added successfully',
} as const;

export const REGULATOR_MESSAGES = {
  createBoardFailed: 'Error in creating StateBoard',
  statesFailed: 'error in fetching states',
  stationUpdated: 'Station is successfully updated',
  stationUpdateFailed: 'error occurred while updating station',
  entityCreateFailed: 'Error in creating entity',
  parametersFailed: 'Error in fetching the parameters',
  deviceDeleteFailed: 'Error in deleting device',
  boardExists: 'A board already exists for this state.',
  tenantMapped: 'This industry is already mapped to this board.',
  stationMapped: 'This monitoring point is already a station of this board.',
  stationIdTaken: 'Another station of this industry has this board id.',
  parameterMapped: 'This device already maps this parameter.',
  parameterExcluded: 'This parameter cannot be mapped to a board.',
  boardParameterTaken: 'This parameter already has a board id.',
  boardUnitTaken: 'This unit already has a board name.',
  keyExtension: 'Only .pem or .ppk files are accepted.',
  keyContent: 'The file is not a key of the kind chosen.',
  privateKeyNeeded: 'A private key file is needed before the push can start.',
  statutoryState: 'Choose a board account of this state.',
} as const;

export const KEY_STATUS_CONNECTED = 'connected';

/** The spec's key status of an industry at its board. */
export const KEY_STATUS_NOT_YET = 'not Yet';

export const ALERT_MESSAGES = {
  aboveStandard: 'A limit may not be above the standard the board set.',
  limitPositive: 'A limit is above 0',
  limitTooLarge: 'The limit is too large',
  noStandard: 'This parameter has no standard: set a limit to be alerted.',
  acknowledged: 'Alert acknowledged.',
  alreadyAcknowledged: 'This alert has already been acknowledged.',
  preferencesSaved: 'Notification settings saved.',
  channelUnavailable: 'No provider is configured for this channel yet.',
} as const;

/** The texts the API answers with about reports; the console words them in the user's language. */
export const REPORT_MESSAGES = {
  toBeforeFrom: 'The end date must be on or after the start date.',
  toInFuture: 'The end date cannot be after today.',
  rangeTooLong: {
    MIN_15: 'At most 31 days can be reported at 15-minute resolution.',
    HOURLY: 'At most 92 days can be reported at hourly resolution.',
    DAILY: 'At most 366 days can be reported at daily resolution.',
  } satisfies Record<ReportResolution, string>,
  unknownPoint: 'Choose a monitoring point of this industry.',
  unknownParameter: 'Choose parameters measured at this monitoring point.',
  duplicateParameter: 'A parameter is chosen twice.',
  notReady: 'This report is not ready yet.',
  failed: 'This report could not be made. Request it again.',
  requested: 'The report has been requested.',
  mailed: 'The report will be mailed to the recipients.',
  scheduleSaved: 'The schedule has been saved.',
  scheduleDeleted: 'The schedule has been deleted.',
  notAnIndustry: 'Reports are made for industries.',
  pointGone: 'The monitoring point of this report no longer exists.',
  /** Why a try failed when the cause was the server's, not the report's (the details are in the job's log). */
  serverError: 'The report could not be made because of an error on the server.',
} as const;

/** Texts the API answers with about migrations (the console words them by code). */
export const DATA_MIGRATION_MESSAGES = {
  notPlainText: 'The file must be a CSV file (UTF-8 text).',
  tooLarge: `A CSV file may be at most ${DATA_MIGRATION_MAX_BYTES / (1024 * 1024)} MB.`,
  missingColumns:
    'The header must name the columns deviceSerial (or deviceId), parameter, time, value and unit.',
  fileOrSource: 'Send a CSV file or another industry, not both.',
  fileRequired: 'Choose a CSV file or another industry to import from.',
  sameIndustry: 'Choose another industry than the one imported into.',
  notCheckedYet: 'Only a checked migration can be imported.',
  notCancellable: 'A migration that is importing or imported cannot be cancelled.',
  noRows: 'There are no readings to import.',
  checkFailed: 'The check could not be completed. Create the migration again.',
  importFailed: 'The import could not be completed; nothing was written.',
  conflict:
    'Readings for the same device, parameter and time were stored after the check; nothing was written.',
  rowChanged:
    'A row is no longer valid (a device or parameter changed after the check); nothing was written.',
} as const;

export const DATA_MIGRATION_ROW_MESSAGES: Record<DataMigrationRowErrorCode, string> = {
  ...READING_REFUSAL_MESSAGES,
  UNKNOWN_DEVICE: 'The industry has no enabled device with this serial number or id.',
  DEVICE_NOT_IN_TENANT: 'The device belongs to another industry.',
  TIME_TOO_OLD: `The time is more than ${DATA_MIGRATION_MAX_YEARS} years ago.`,
  PROVENANCE_NOT_ALLOWED: `The provenance must be one of ${PROVENANCES.join(', ')}.`,
  MALFORMED: 'The row needs a device, parameter, time, value and unit.',
  DUPLICATE_IN_FILE: 'An earlier row has the same device, parameter and time.',
  DUPLICATE_STORED: 'A reading of this device and parameter at this time is stored already.',
  AMBIGUOUS_DEVICE: 'Several devices of the industry have this serial number: give deviceId instead.',
  FILE_INVALID: 'The file is not a CSV file with the columns of the template.',
  TOO_MANY_ROWS: `A migration may hold at most ${groupIndian(DATA_MIGRATION_MAX_ROWS)} rows.`,
};

export const DATE_RANGE_MESSAGE = `Use a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`;
