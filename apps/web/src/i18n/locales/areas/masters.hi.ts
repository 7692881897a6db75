import type { TranslationShape } from '../en';
import type { mastersEn } from './masters.en';

/** Hindi texts of the masters screens: the same keys as the English file. */
export const mastersHi: TranslationShape<typeof mastersEn> = {};
