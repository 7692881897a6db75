import { DATA_MIGRATION_MESSAGES } from '@vayu/domain';
import type { TFunction } from 'i18next';

const FAILURE_KEYS = new Map<string, keyof typeof DATA_MIGRATION_MESSAGES>(
  (['checkFailed', 'importFailed', 'conflict', 'rowChanged', 'noRows'] as const).map((key) => [
    DATA_MIGRATION_MESSAGES[key],
    key,
  ]),
);

/** A migration's failure in the user's language: the API keeps the domain's texts, worded here by which it is. */
export function failureText(t: TFunction, failure: string): string {
  const key = FAILURE_KEYS.get(failure);
  return key ? t(`dataMigrations.failures.${key}` as 'dataMigrations.failures.noRows') : failure;
}
