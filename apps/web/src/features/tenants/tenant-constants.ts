import { COUNTRIES, INDIAN_STATES } from '@vayu/domain';

export type CountryCode = (typeof COUNTRIES)[number]['code'];

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
