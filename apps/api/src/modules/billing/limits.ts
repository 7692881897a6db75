import { eq } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  LIMITED_UNITS,
  USER_LIMIT_MESSAGE,
  effectiveStatus,
  istDate,
  type LimitedUnit,
  type UnitUsage,
} from '@vayu/domain';
import type { DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { countUsage } from '../devices/devices.repository.js';
import { countAccountUsers } from '../users/users.repository.js';
import { findPlan } from './catalogue.repository.js';
import { findCurrentSubscription, type BillingAccount } from './subscriptions.repository.js';

/**
 * What an industry may use of each limited unit (parameters enabled on
 * devices, cameras, users) and what it uses: the plan's included units and
 * the add-ons bought, while its subscription is active, plus the units the
 * site granted free. The one place limits are computed and enforced.
 */

type LimitAccount = Pick<
  BillingAccount,
  'id' | 'type' | 'paymentMode' | 'grantedUsers' | 'grantedParameters' | 'grantedCameras'
>;

/** Site and partner accounts never pay per unit; neither does an industry outside payment mode (the NTPC case). */
export const isLimited = (account: Pick<LimitAccount, 'type' | 'paymentMode'>): boolean =>
  account.type === 'tenant' && account.paymentMode;

const grantedOf = (account: LimitAccount): Record<LimitedUnit, number> => ({
  Parameter: account.grantedParameters,
  Camera: account.grantedCameras,
  User: account.grantedUsers,
});

/** What is used of each unit today. */
export async function usedOf(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
): Promise<Record<LimitedUnit, number>> {
  const devices = await countUsage(exec, tenantId);
  return {
    Parameter: devices.parameters,
    Camera: devices.cameras,
    User: await countAccountUsers(exec, tenantId, scope),
  };
}

/** The allowance of each unit: included by the plan and bought (only while the subscription is active), and granted. */
export async function allowanceOf(
  exec: Executor,
  account: LimitAccount,
  today = istDate(new Date()),
): Promise<Record<LimitedUnit, { included: number; purchased: number; granted: number }>> {
  const granted = grantedOf(account);
  const subscription = await findCurrentSubscription(exec, account.id);
  const active =
    subscription !== undefined &&
    effectiveStatus(subscription.status, subscription.periodEnd, today, subscription.cancelAtPeriodEnd) ===
      'ACTIVE';
  const plan = active ? await findPlan(exec, { id: subscription.planId }) : undefined;
  const allowance = {} as Record<LimitedUnit, { included: number; purchased: number; granted: number }>;
  for (const unit of LIMITED_UNITS) {
    allowance[unit] = {
      included: plan?.addons.filter((a) => a.addOnUnit === unit).reduce((sum, a) => sum + a.quantity, 0) ?? 0,
      purchased: active
        ? subscription.addons.filter((a) => a.addOnUnit === unit).reduce((sum, a) => sum + a.quantity, 0)
        : 0,
      granted: granted[unit],
    };
  }
  return allowance;
}

/** Each limited unit's allowance and use (`getAddonQuantityUsedIncludingFree`). */
export async function usageOf(exec: Executor, scope: DataScope, account: LimitAccount): Promise<UnitUsage[]> {
  const [allowance, used] = await Promise.all([allowanceOf(exec, account), usedOf(exec, scope, account.id)]);
  return LIMITED_UNITS.map((unit) => {
    const { included, purchased, granted } = allowance[unit];
    return {
      addOnUnit: unit,
      included,
      purchased,
      granted,
      limit: included + purchased + granted,
      used: used[unit],
    };
  });
}

const exhausted: Record<LimitedUnit, (limit: number) => AppError> = {
  Parameter: (limit) =>
    new AppError('PARAMETER_LIMIT_EXHAUSTED', BILLING_MESSAGES.parameterLimit, undefined, { limit }),
  Camera: (limit) =>
    new AppError('CAMERA_LIMIT_EXHAUSTED', BILLING_MESSAGES.cameraLimit, undefined, { limit }),
  User: (limit) => new AppError('USER_LIMIT_EXHAUSTED', USER_LIMIT_MESSAGE, undefined, { limit }),
};

/** Holds the industry's row (two writes of one industry are counted one after the other) and reads what its limits need. */
async function lockLimitAccount(exec: Executor, tenantId: number) {
  const [account] = await exec
    .select({
      id: accounts.id,
      type: accounts.type,
      paymentMode: accounts.paymentMode,
      grantedUsers: accounts.grantedUsers,
      grantedParameters: accounts.grantedParameters,
      grantedCameras: accounts.grantedCameras,
    })
    .from(accounts)
    .where(eq(accounts.id, tenantId))
    .for('update');
  return account;
}

/** Refuses the use `after` when it is past the limit and (for a write that changed it) more than `before`. */
async function refusePast(
  exec: Executor,
  account: LimitAccount,
  unit: LimitedUnit,
  after: number,
  before: number | undefined,
) {
  const allowance = (await allowanceOf(exec, account))[unit];
  const limit = allowance.included + allowance.purchased + allowance.granted;
  if (after > limit && (before === undefined || after > before)) throw exhausted[unit](limit);
}

/**
 * Refuses adding one more of a unit (a user, a camera) past an industry's
 * limit (spec §5: "You have exhausted your … limit"). Called inside the
 * writing transaction, before the write.
 */
export async function assertWithinLimit(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  unit: LimitedUnit,
): Promise<void> {
  const account = await lockLimitAccount(exec, tenantId);
  if (!account || !isLimited(account)) return;
  await refusePast(exec, account, unit, (await usedOf(exec, scope, tenantId))[unit] + 1, undefined);
}

/**
 * For a write that may change the use of a unit by any number (a device's
 * parameters): called inside the writing transaction before the write, it
 * holds the industry's row and, when its limits apply, counts the use; its
 * `check()` after the write refuses (and so rolls back) a write that took the
 * use past the limit. A write that adds nothing passes even above the limit
 * (an industry that downgraded keeps and edits its devices).
 */
export async function watchLimit(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  unit: LimitedUnit,
): Promise<{ check: () => Promise<void> }> {
  const account = await lockLimitAccount(exec, tenantId);
  if (!account || !isLimited(account)) return { check: () => Promise.resolve() };
  const before = (await usedOf(exec, scope, tenantId))[unit];
  return {
    check: async () => refusePast(exec, account, unit, (await usedOf(exec, scope, tenantId))[unit], before),
  };
}
