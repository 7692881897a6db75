import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * Phone numbers as the console stores them: the country calling code and the
 * national number, digits only, without '+' (919800019962). That is the shape
 * the domain's phone rules accept, so the API stores what the field produces.
 */

export type PhoneCountry = CountryCode;

/** Spec §9: India by default. */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'IN';

/** Spec §9: the picker lists us, in and jp first. */
export const PREFERRED_PHONE_COUNTRIES: readonly PhoneCountry[] = ['US', 'IN', 'JP'];

/** E.164: a number has at most 15 digits, calling code included. */
export const MAX_PHONE_DIGITS = 15;

const ALL_COUNTRIES: readonly PhoneCountry[] = getCountries();

export function callingCodeOf(country: PhoneCountry): string {
  return getCountryCallingCode(country);
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The country a stored number belongs to. A number that fits the country
 * already chosen keeps it (+1 is the United States and Canada alike); one
 * that names another calling code takes that code's country.
 */
export function countryOfPhone(
  stored: string,
  preferred: PhoneCountry = DEFAULT_PHONE_COUNTRY,
  countries: readonly PhoneCountry[] = ALL_COUNTRIES,
): PhoneCountry {
  const digits = digitsOf(stored);
  if (!digits || digits.startsWith(callingCodeOf(preferred))) return preferred;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (parsed?.country && countries.includes(parsed.country)) return parsed.country;
  // An incomplete number: the country whose calling code it starts with, the longest code winning.
  const byCode = [...PREFERRED_PHONE_COUNTRIES, ...countries]
    .filter((country) => countries.includes(country) && digits.startsWith(callingCodeOf(country)))
    .sort((a, b) => callingCodeOf(b).length - callingCodeOf(a).length);
  return byCode[0] ?? preferred;
}

/** The national number of a stored number of that country (the digits after its calling code). */
export function nationalPartOf(stored: string, country: PhoneCountry): string {
  const digits = digitsOf(stored);
  const code = callingCodeOf(country);
  return digits.startsWith(code) ? digits.slice(code.length) : digits;
}

/** The stored form of a national number: '' when there is none. */
export function toStoredPhone(country: PhoneCountry, national: string): string {
  const digits = digitsOf(national);
  if (!digits) return '';
  const code = callingCodeOf(country);
  return `${code}${digits}`.slice(0, MAX_PHONE_DIGITS);
}

/**
 * A national number grouped the way it is written after the country code
 * ("98000 19962" after +91, "20 7946 0958" after +44, without the trunk 0).
 */
export function formatNationalPhone(country: PhoneCountry, national: string): string {
  if (!national) return '';
  const prefix = `+${callingCodeOf(country)} `;
  const international = new AsYouType().input(`+${callingCodeOf(country)}${national}`);
  return international.startsWith(prefix)
    ? international.slice(prefix.length)
    : new AsYouType(country).input(national);
}

/**
 * What a person typed into the number box: the text to show (grouped as
 * typed, a leading 0 kept) and the stored number. A number typed with '+'
 * names its own country; a number typed with its calling code but no '+'
 * ("919800019962" for India) is read as that country's number.
 */
export function readTypedPhone(
  text: string,
  country: PhoneCountry,
): { shown: string; stored: string; country: PhoneCountry | undefined } {
  if (text.trim().startsWith('+')) {
    const formatter = new AsYouType();
    const shown = formatter.input(text);
    const stored = digitsOf(text).slice(0, MAX_PHONE_DIGITS);
    return { shown, stored, country: formatter.getCountry() };
  }
  const formatter = new AsYouType(country);
  const shown = formatter.input(text);
  return { shown, stored: toStoredPhone(country, formatter.getNationalNumber()), country };
}

/**
 * A stored number for reading: "+91 98000 19962". Ten digits without a
 * calling code are read as an Indian number; anything unreadable is shown
 * with a '+' as it is.
 */
export function formatPhoneNumber(stored: string | null | undefined): string | null {
  const digits = digitsOf(stored ?? '');
  if (!digits) return null;
  const international = parsePhoneNumberFromString(`+${digits}`);
  if (international?.isValid()) return international.formatInternational();
  const national = parsePhoneNumberFromString(digits, DEFAULT_PHONE_COUNTRY);
  if (national?.isValid()) return national.formatInternational();
  return international?.formatInternational() ?? `+${digits}`;
}

/** Every country with its calling code, the preferred ones first, then by name in the given language. */
export function phoneCountryOptions(
  language: string,
  countries: readonly PhoneCountry[] = ALL_COUNTRIES,
): { value: PhoneCountry; label: string }[] {
  const nameOf = countryNamer(language);
  const preferred = PREFERRED_PHONE_COUNTRIES.filter((country) => countries.includes(country));
  const rest = countries
    .filter((country) => !preferred.includes(country))
    .map((country) => ({ country, name: nameOf(country) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...preferred.map((country) => ({ country, name: nameOf(country) })), ...rest].map(
    ({ country, name }) => ({ value: country, label: `${name} +${callingCodeOf(country)}` }),
  );
}

function countryNamer(language: string): (country: PhoneCountry) => string {
  try {
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    return (country) => names.of(country) ?? country;
  } catch {
    return (country) => country;
  }
}
