import type { TranslationShape } from '../en';
import type { tenantsEn } from './tenants.en';

/** Hindi texts of the tenants screens: the same keys as the English file. */
export const tenantsHi: TranslationShape<typeof tenantsEn> = {};
