import type { DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { assertWithinLimit } from '../billing/limits.js';
import type { AccountForUsers } from './users.repository.js';

/**
 * Whether another user may be added to an account (spec §5): refused with
 * USER_LIMIT_EXHAUSTED ("You have exhausted your user limit. …") when an
 * industry in payment mode has as many users as its plan, its add-ons and the
 * units the site granted allow, or its subscription is not active. Users of
 * every status count, so disabling a user does not free a paid seat. Call it
 * inside the creating transaction (it holds the account's row).
 */
export async function assertUserLimit(
  exec: Executor,
  account: Pick<AccountForUsers, 'id'>,
  scope: DataScope,
): Promise<void> {
  await assertWithinLimit(exec, scope, account.id, 'User');
}
