import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ADDON_ORDER,
  type Addon,
  type AddonUnit,
  type BillingPeriod,
  type Coupon,
  type CouponKind,
  type Plan,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { billingAddons, billingPlanAddons, billingPlans, coupons, discounts } from '../../db/schema/index.js';

/** Plans, add-ons, coupons and the discounts they give: the price list of billing. */

const byUnitOrder = <T extends { unit: AddonUnit }>(list: T[]) =>
  [...list].sort((a, b) => ADDON_ORDER[a.unit] - ADDON_ORDER[b.unit]);

// ── Add-ons ────────────────────────────────────────────────────────────────

const addonColumns = {
  id: billingAddons.id,
  name: billingAddons.name,
  unit: billingAddons.unit,
  monthlyPrice: billingAddons.monthlyPrice,
  active: billingAddons.active,
  version: billingAddons.version,
};

/** Every add-on, in the spec's order (Parameter, Camera, User, RC). */
export async function listAddons(exec: Executor): Promise<Addon[]> {
  return byUnitOrder(await exec.select(addonColumns).from(billingAddons));
}

export async function findAddon(exec: Executor, id: number): Promise<Addon | undefined> {
  const [row] = await exec.select(addonColumns).from(billingAddons).where(eq(billingAddons.id, id)).limit(1);
  return row;
}

export async function insertAddon(
  exec: Executor,
  values: { name: string; unit: AddonUnit; monthlyPrice: number; active: boolean },
): Promise<Addon> {
  const [row] = await exec.insert(billingAddons).values(values).returning(addonColumns);
  return row!;
}

/** Saves an add-on only if it is still at `version`; undefined when someone else saved first. */
export async function updateAddon(
  exec: Executor,
  id: number,
  version: number,
  values: { name: string; monthlyPrice: number; active: boolean },
): Promise<Addon | undefined> {
  const [row] = await exec
    .update(billingAddons)
    .set({ ...values, version: sql`${billingAddons.version} + 1`, updatedAt: new Date() })
    .where(and(eq(billingAddons.id, id), eq(billingAddons.version, version)))
    .returning(addonColumns);
  return row;
}

// ── Plans ──────────────────────────────────────────────────────────────────

const planColumns = {
  id: billingPlans.id,
  code: billingPlans.code,
  name: billingPlans.name,
  description: billingPlans.description,
  period: billingPlans.period,
  price: billingPlans.price,
  active: billingPlans.active,
  version: billingPlans.version,
};
type PlanRow = Omit<Plan, 'addons'>;

/** The add-ons of these plans, by plan id, each in the spec's order. */
async function addonsOfPlans(exec: Executor, planIds: number[]): Promise<Map<number, Plan['addons']>> {
  const byPlan = new Map<number, Plan['addons']>();
  if (planIds.length === 0) return byPlan;
  const rows = await exec
    .select({
      planId: billingPlanAddons.planId,
      addOnId: billingAddons.id,
      addOnName: billingAddons.name,
      unit: billingAddons.unit,
      quantity: billingPlanAddons.quantity,
      minimumAddons: billingPlanAddons.minimumAddons,
      suggestedAddons: billingPlanAddons.suggestedAddons,
      monthlyPrice: billingAddons.monthlyPrice,
    })
    .from(billingPlanAddons)
    .innerJoin(billingAddons, eq(billingAddons.id, billingPlanAddons.addonId))
    .where(inArray(billingPlanAddons.planId, planIds));
  for (const row of byUnitOrder(rows)) {
    const list = byPlan.get(row.planId) ?? [];
    list.push({
      addOnId: row.addOnId,
      addOnName: row.addOnName,
      addOnUnit: row.unit,
      quantity: row.quantity,
      minimumAddons: row.minimumAddons,
      suggestedAddons: row.suggestedAddons,
      monthlyPrice: row.monthlyPrice,
    });
    byPlan.set(row.planId, list);
  }
  return byPlan;
}

async function withAddons(exec: Executor, rows: PlanRow[]): Promise<Plan[]> {
  const addons = await addonsOfPlans(
    exec,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, addons: addons.get(row.id) ?? [] }));
}

/** Plans by price, then code; only those on sale unless `withdrawn`. */
export async function listPlans(exec: Executor, options: { withdrawn: boolean }): Promise<Plan[]> {
  const rows = await exec
    .select(planColumns)
    .from(billingPlans)
    .where(options.withdrawn ? undefined : eq(billingPlans.active, true))
    .orderBy(asc(billingPlans.price), asc(billingPlans.code));
  return withAddons(exec, rows);
}

export async function findPlan(
  exec: Executor,
  by: { id: number } | { code: string },
): Promise<Plan | undefined> {
  const where = 'id' in by ? eq(billingPlans.id, by.id) : eq(billingPlans.code, by.code);
  const rows = await exec.select(planColumns).from(billingPlans).where(where).limit(1);
  return (await withAddons(exec, rows))[0];
}

export interface PlanValues {
  name: string;
  description: string | null;
  period: BillingPeriod;
  price: number;
  active: boolean;
  addons: { addOnId: number; quantity: number; minimumAddons: number; suggestedAddons: number | null }[];
}

async function savePlanAddons(exec: Executor, planId: number, addons: PlanValues['addons']) {
  await exec.delete(billingPlanAddons).where(eq(billingPlanAddons.planId, planId));
  if (addons.length === 0) return;
  await exec.insert(billingPlanAddons).values(
    addons.map((addon) => ({
      planId,
      addonId: addon.addOnId,
      quantity: addon.quantity,
      minimumAddons: addon.minimumAddons,
      suggestedAddons: addon.suggestedAddons,
    })),
  );
}

export async function insertPlan(exec: Executor, code: string, values: PlanValues): Promise<Plan> {
  const { addons, ...plan } = values;
  const [row] = await exec
    .insert(billingPlans)
    .values({ code, ...plan })
    .returning({ id: billingPlans.id });
  await savePlanAddons(exec, row!.id, addons);
  return (await findPlan(exec, { id: row!.id }))!;
}

/** Saves a plan and its add-ons only if it is still at `version`; undefined when someone else saved first. */
export async function updatePlan(
  exec: Executor,
  id: number,
  version: number,
  values: PlanValues,
): Promise<Plan | undefined> {
  const { addons, ...plan } = values;
  const [row] = await exec
    .update(billingPlans)
    .set({ ...plan, version: sql`${billingPlans.version} + 1`, updatedAt: new Date() })
    .where(and(eq(billingPlans.id, id), eq(billingPlans.version, version)))
    .returning({ id: billingPlans.id });
  if (!row) return undefined;
  await savePlanAddons(exec, id, addons);
  return findPlan(exec, { id });
}

// ── Coupons ────────────────────────────────────────────────────────────────

const couponColumns = {
  couponId: coupons.id,
  couponCode: coupons.code,
  couponName: coupons.name,
  kind: coupons.kind,
  value: coupons.value,
  validFrom: coupons.validFrom,
  validUntil: coupons.validUntil,
  maxRedemptions: coupons.maxRedemptions,
  redemptions: coupons.redemptions,
  partnerId: coupons.partnerId,
  active: coupons.active,
  version: coupons.version,
};

/** The platform's coupons and, for a partner, its own; every coupon when `partnerId` is null. */
export async function listCoupons(exec: Executor, forPartner: number | null): Promise<Coupon[]> {
  return exec
    .select(couponColumns)
    .from(coupons)
    .where(forPartner === null ? undefined : or(isNull(coupons.partnerId), eq(coupons.partnerId, forPartner)))
    .orderBy(asc(coupons.code))
    .limit(1000);
}

/** A coupon by code; with `forUpdate` its row is held until the transaction ends (its uses are counted one after the other). */
export async function findCouponByCode(
  exec: Executor,
  code: string,
  forUpdate = false,
): Promise<Coupon | undefined> {
  const query = exec.select(couponColumns).from(coupons).where(eq(coupons.code, code)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findCoupon(exec: Executor, id: number, forUpdate = false): Promise<Coupon | undefined> {
  const query = exec.select(couponColumns).from(coupons).where(eq(coupons.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertCoupon(
  exec: Executor,
  values: {
    code: string;
    name: string;
    kind: CouponKind;
    value: number;
    validFrom: string;
    validUntil: string | null;
    maxRedemptions: number | null;
    partnerId: number | null;
  },
): Promise<Coupon> {
  const [row] = await exec.insert(coupons).values(values).returning(couponColumns);
  return row!;
}

/** Counts one use of a coupon, or gives one back (`by` -1). */
export async function countCouponUse(exec: Executor, id: number, by: 1 | -1): Promise<void> {
  await exec
    .update(coupons)
    .set({ redemptions: sql`greatest(0, ${coupons.redemptions} + ${by})` })
    .where(eq(coupons.id, id));
}

// ── Discounts ──────────────────────────────────────────────────────────────

export interface DiscountRow {
  planId: number;
  couponId: number;
  state: 'APPLIED' | 'REMOVED';
  updatedAt: Date;
}

/** An account's discount rows, by plan. */
export async function discountsOf(exec: Executor, accountId: number): Promise<Map<number, DiscountRow>> {
  const rows = await exec
    .select({
      planId: discounts.planId,
      couponId: discounts.couponId,
      state: discounts.state,
      updatedAt: discounts.updatedAt,
    })
    .from(discounts)
    .where(eq(discounts.accountId, accountId));
  return new Map(rows.map((row) => [row.planId, row]));
}

/** Sets an account's coupon on a plan (APPLIED) or takes it off (REMOVED, the coupon kept). */
export async function saveDiscount(
  exec: Executor,
  values: { accountId: number; planId: number; couponId: number; state: 'APPLIED' | 'REMOVED' },
): Promise<void> {
  await exec
    .insert(discounts)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [discounts.accountId, discounts.planId],
      set: { couponId: values.couponId, state: values.state, updatedAt: new Date() },
    });
}

/**
 * Gives a partner's coupon on a plan to each of its industries (not deleted),
 * or, with `couponId` null, takes the coupon off those that have one applied.
 * Answers how many industries it changed.
 */
export async function rebuildPartnerDiscounts(
  exec: Executor,
  partnerId: number,
  planId: number,
  couponId: number | null,
): Promise<number> {
  if (couponId === null) {
    const removed = await exec.execute(sql`
      UPDATE discounts SET state = 'REMOVED', updated_at = now()
      WHERE plan_id = ${planId} AND state = 'APPLIED'
        AND account_id IN (SELECT id FROM accounts WHERE partner_id = ${partnerId} AND type = 'tenant' AND status <> 'DELETED')
      RETURNING account_id`);
    return rowsOf(removed).length;
  }
  const applied = await exec.execute(sql`
    INSERT INTO discounts (account_id, plan_id, coupon_id, state, updated_at)
    SELECT id, ${planId}, ${couponId}, 'APPLIED', now() FROM accounts
    WHERE partner_id = ${partnerId} AND type = 'tenant' AND status <> 'DELETED'
    ON CONFLICT (account_id, plan_id) DO UPDATE
      SET coupon_id = excluded.coupon_id, state = 'APPLIED', updated_at = now()
      WHERE discounts.coupon_id IS DISTINCT FROM excluded.coupon_id OR discounts.state <> 'APPLIED'
    RETURNING account_id`);
  return rowsOf(applied).length;
}
