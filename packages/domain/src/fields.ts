import { z } from 'zod';
import { FIELD_MESSAGES, PHONE_PREFIX, DATE_RANGE } from './constants.js';
import { isValidGstin } from './geography.js';
import { DATE_RANGE_MESSAGE } from './area-messages.js';

/**
 * Field schemas shared by forms and the API: each carries its message and its
 * normalisation (trimming, lower-casing), as the spec asks ("text is trimmed").
 * Multipart form fields arrive as strings, so optional fields accept '' as
 * "not given".
 */

const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Required trimmed text. */
export const requiredText = (max = 200) =>
  z
    .string({ message: FIELD_MESSAGES.required })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(max, `Must be at most ${max} characters`);

/** Optional trimmed text; '' becomes null. */
export const optionalText = (max = 200) =>
  z
    .preprocess(emptyToUndefined, z.string().trim().max(max, `Must be at most ${max} characters`).nullish())
    .transform((v) => v ?? null);

export const emailField = z
  .string({ message: FIELD_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, FIELD_MESSAGES.required)
  .max(254)
  .pipe(z.email(FIELD_MESSAGES.email));

export const optionalEmailField = z
  .preprocess(emptyToUndefined, emailField.nullish())
  .transform((v) => v ?? null);

/** The messages of the phone rules, so that a form can word them in the user's language. */
export const PHONE_MESSAGES = {
  invalid: 'Enter a valid phone number with country code',
  mobile: 'Enter a 10-digit mobile number',
} as const;

/** A phone number with country code, digits only after normalisation (e.g. 919820012345). */
export const phoneField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, '').replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{8,15}$/, PHONE_MESSAGES.invalid));

export const optionalPhoneField = z
  .preprocess(emptyToUndefined, phoneField.nullish())
  .transform((v) => v ?? null);

/**
 * A user's mobile number: ten digits are prefixed with 91 (spec §9), a number
 * already carrying 91 is kept.
 */
export function normalizeIndianPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `${PHONE_PREFIX}${digits}`;
  return digits;
}

export const userPhoneField = z
  .string()
  .trim()
  .transform(normalizeIndianPhone)
  .pipe(z.string().regex(/^91[6-9]\d{9}$/, PHONE_MESSAGES.mobile));

export const optionalGstinField = z
  .preprocess(
    emptyToUndefined,
    z.string().trim().toUpperCase().refine(isValidGstin, 'Enter a valid 15-character GSTIN').nullish(),
  )
  .transform((v) => v ?? null);

/** An optional number that may arrive as a string (multipart), within a range. */
export const optionalNumberInRange = (min: number, max: number, label: string) =>
  z
    .preprocess(
      (v) => {
        const value = emptyToUndefined(v);
        return typeof value === 'string' ? Number(value) : value;
      },
      z
        .number({ message: FIELD_MESSAGES.number })
        .refine((n) => Number.isFinite(n), FIELD_MESSAGES.number)
        .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`)
        .nullish(),
    )
    .transform((v) => v ?? null);

/** Digits, as a query string, a path or a multipart field carries a whole number. */
const WHOLE_NUMBER_TEXT = /^-?\d{1,64}$/;

/** Whether a text is a whole number written in digits (what `fromDigits` reads as a number). */
export const isWholeNumberText = (value: unknown): value is string =>
  typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value);

/** The range of a PostgreSQL `integer`, which every id, quota, version and page number is stored in or read against. */
export const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * A number schema that also takes its value as digits (query strings, paths,
 * multipart fields), and nothing else: `true`, `[12]`, `''` and `'1e3'` reach
 * the number schema as they are and are refused, where `z.coerce.number()`
 * read 1, 12, 0 and 1000. A number outside `INTEGER_RANGE` is refused too,
 * rather than failing in the database.
 */
export const fromDigits = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (isWholeNumberText(value) ? Number(value) : value),
    schema.min(INTEGER_RANGE.min).max(INTEGER_RANGE.max),
  );

/** An optional id (select box): '' or -1 as "none" are kept distinct by the caller. */
export const optionalId = z
  .preprocess(
    (v) => {
      const value = emptyToUndefined(v);
      return typeof value === 'string' ? Number(value) : value;
    },
    z
      .number({ message: FIELD_MESSAGES.number })
      .int(FIELD_MESSAGES.number)
      .min(INTEGER_RANGE.min)
      .max(INTEGER_RANGE.max)
      .nullish(),
  )
  .transform((v) => v ?? null);

/** A boolean that may arrive as 'true' / 'false' (multipart, query strings). */
export const booleanField = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ message: 'Must be true or false' }),
);

/** The version an edit started from (optimistic concurrency). */
export const versionField = fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1));

/** A six-digit Indian PIN code (postal code elsewhere: 3–10 letters or digits). */
export const optionalZipField = z
  .preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, 'Enter a valid postal code')
      .nullish(),
  )
  .transform((v) => v ?? null);

export const TIME_ZONES = [
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Dhaka',
  'Asia/Kathmandu',
  'Asia/Colombo',
  'Europe/London',
  'UTC',
  'America/New_York',
] as const;
export const timeZoneField = z.enum(TIME_ZONES, { message: 'Choose a time zone from the list' });

export const COUNTRIES = [
  { code: 'IN', name: 'India' },
  { code: 'US', name: 'United States' },
  { code: 'JP', name: 'Japan' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'NP', name: 'Nepal' },
  { code: 'LK', name: 'Sri Lanka' },
  { code: 'SG', name: 'Singapore' },
  { code: 'GB', name: 'United Kingdom' },
] as const;
export const countryCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRIES.some((c) => c.code === code), 'Please select Country');

export function findCountry(code: string) {
  return COUNTRIES.find((c) => c.code === code.toUpperCase());
}

/**
 * Status of a catalogue or master record (parameters, categories, makes,
 * metrics, …). Deleting one keeps the row, marked DELETED, so that history and
 * references stay readable; DELETED rows never show in lists.
 */
export const RECORD_STATUSES = ['ENABLED', 'DELETED'] as const;
export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** A calendar date, `YYYY-MM-DD`, within `DATE_RANGE`. */
export const dateField = z.iso
  .date({ message: 'Use the format YYYY-MM-DD' })
  .refine((value) => value >= DATE_RANGE.min && value <= DATE_RANGE.max, DATE_RANGE_MESSAGE);

/** A moment with its offset (ISO 8601), on a day within `DATE_RANGE`. */
export const dateTimeField = z.iso.datetime({ offset: true }).refine((value) => {
  // Refinements run after a failed format check too: a text that is no date is left to that check.
  const time = Date.parse(value);
  if (Number.isNaN(time)) return true;
  const day = new Date(time).toISOString().slice(0, 10);
  return day >= DATE_RANGE.min && day <= DATE_RANGE.max;
}, DATE_RANGE_MESSAGE);
