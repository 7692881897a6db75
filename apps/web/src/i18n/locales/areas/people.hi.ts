import type { TranslationShape } from '../en';
import type { peopleEn } from './people.en';

/** Hindi texts of the people screens: the same keys as the English file. */
export const peopleHi: TranslationShape<typeof peopleEn> = {};
