import { COUNTRIES, INDIAN_STATES } from '@vayu/domain';

export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** International dialling codes of the countries the console offers. */
export const DIAL_CODES: Record<CountryCode, string> = {
  IN: '91',
  US: '1',
  JP: '81',
  AE: '971',
  BD: '880',
  NP: '977',
  LK: '94',
  SG: '65',
  GB: '44',
};

/** Spec §9: the country picker lists us, in and jp first; India is the default. */
export const PREFERRED_COUNTRIES: readonly CountryCode[] = ['US', 'IN', 'JP'];
export const DEFAULT_COUNTRY: CountryCode = 'IN';

export const ORDERED_COUNTRIES = [
  ...PREFERRED_COUNTRIES.flatMap((code) => COUNTRIES.filter((country) => country.code === code)),
  ...COUNTRIES.filter((country) => !PREFERRED_COUNTRIES.includes(country.code)),
];

/** A state code shown as its name when it is an Indian state. */
export function stateName(code: string | null | undefined): string | null {
  if (!code) return null;
  return INDIAN_STATES.find((state) => state.code === code.toUpperCase())?.name ?? code;
}
