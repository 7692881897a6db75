import { USER_LIMIT_MESSAGE } from '@vayu/domain';
import type { DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type AccountForUsers, countAccountUsers } from './users.repository.js';

/** The answer when an account has no room for another user (spec §5). */
export const userLimitExhausted = (limit: number) =>
  new AppError('USER_LIMIT_EXHAUSTED', USER_LIMIT_MESSAGE, undefined, { limit });

/** Site and partner accounts never pay per user; neither does an account outside payment mode. */
export function isUserLimitApplicable(account: Pick<AccountForUsers, 'type' | 'paymentMode'>): boolean {
  return account.type !== 'site' && account.type !== 'partner' && account.paymentMode;
}

/**
 * The one place that decides whether another user may be added to an account.
 * Today the allowance is the account's user quota; the billing engine replaces
 * it with the plan plus bought add-ons behind this same function. Users of every
 * status count, so disabling a user does not free a paid seat. Call it inside
 * the creating transaction, after locking the account row.
 */
export async function assertUserLimit(
  exec: Executor,
  account: Pick<AccountForUsers, 'id' | 'type' | 'paymentMode' | 'userQuota'>,
  scope: DataScope,
): Promise<void> {
  if (!isUserLimitApplicable(account)) return;
  const used = await countAccountUsers(exec, account.id, scope);
  if (used >= account.userQuota) throw userLimitExhausted(account.userQuota);
}
