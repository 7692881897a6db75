import type { Executor } from '../db/client.js';
import { masterCategories } from '../db/schema/index.js';

/** CPCB's categorisation of industrial sectors by pollution index, as boards use it for consent. */
const MASTER_CATEGORIES = [
  {
    type: 'Red',
    description: 'Pollution index 60 and above: highly polluting sectors; consent renewed every 5 years.',
  },
  { type: 'Orange', description: 'Pollution index 41 to 59: moderately polluting sectors.' },
  { type: 'Green', description: 'Pollution index 21 to 40: less polluting sectors.' },
  {
    type: 'White',
    description: 'Pollution index up to 20: practically non-polluting; no consent to operate needed.',
  },
  {
    type: '17 Category (GPI)',
    description: 'Grossly polluting industries of the 17 categories that must install online monitoring.',
  },
];

export async function seedMasterCategories(tx: Executor) {
  await tx.insert(masterCategories).values(MASTER_CATEGORIES);
}
