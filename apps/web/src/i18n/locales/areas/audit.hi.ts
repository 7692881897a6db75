import type { TranslationShape } from '../en';
import type { auditEn } from './audit.en';

/** Hindi texts of the audit screens: the same keys as the English file. */
export const auditHi: TranslationShape<typeof auditEn> = {};
