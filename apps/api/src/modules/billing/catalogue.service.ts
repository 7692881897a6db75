import {
  BILLING_MESSAGES,
  couponDiscount,
  type Addon,
  type AddonUnit,
  type Coupon,
  type CouponKind,
  type Discount,
  type DiscountAccountType,
  type Plan,
  todayInIndia,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf, type DataScope } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { violatedUniqueIndex } from '../cameras/cameras.repository.js';
import {
  discountsOf,
  findAddon,
  findCoupon,
  findCouponByCode,
  findPlan,
  insertAddon,
  insertCoupon,
  insertPlan,
  listAddons,
  listCoupons,
  listPlans,
  rebuildPartnerDiscounts,
  saveDiscount,
  updateAddon,
  updatePlan,
  type PlanValues,
} from './catalogue.repository.js';
import { couponUsable, detail, usableCouponFor } from './orders.js';
import {
  findBillingAccount,
  findCurrentSubscription,
  type BillingAccount,
} from './subscriptions.repository.js';
import { billedIndustry } from './subscriptions.service.js';

const planExists = () =>
  new AppError('PLAN_EXISTS', BILLING_MESSAGES.planCodeTaken, [
    detail('code', BILLING_MESSAGES.planCodeTaken, 'FIELD_TAKEN'),
  ]);
const addonExists = () =>
  new AppError('ADDON_EXISTS', BILLING_MESSAGES.addonUnitTaken, [
    detail('unit', BILLING_MESSAGES.addonUnitTaken, 'FIELD_TAKEN'),
  ]);
const couponExists = () =>
  new AppError('COUPON_EXISTS', BILLING_MESSAGES.couponCodeTaken, [
    detail('couponCode', BILLING_MESSAGES.couponCodeTaken, 'FIELD_TAKEN'),
  ]);

export type CouponReason = 'unknown' | 'notValid' | 'usedUp' | 'notYours' | 'notApplied';
const COUPON_REASONS: Record<CouponReason, string> = {
  unknown: BILLING_MESSAGES.couponUnknown,
  notValid: BILLING_MESSAGES.couponNotValid,
  usedUp: BILLING_MESSAGES.couponUsedUp,
  notYours: BILLING_MESSAGES.couponNotYours,
  notApplied: BILLING_MESSAGES.noCouponApplied,
};
/** "Coupon Code not applied. Try again!" (spec), with why on the field. */
const couponInvalid = (reason: CouponReason, path = 'couponCode') =>
  new AppError(
    'COUPON_INVALID',
    BILLING_MESSAGES.couponNotApplied,
    [detail(path, COUPON_REASONS[reason], 'FIELD_RULE')],
    { reason },
  );

const ACCOUNT_TYPE: Record<DiscountAccountType, string> = { partner: 'partner', tenant: 'tenant' };

async function withUnique<T>(write: () => Promise<T>, index: string, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (violatedUniqueIndex(e) === index) throw error();
    throw e;
  }
}

/** The account a request without one is about: the industry acted for, or an industry user's own. */
function ownAccount(ctx: RequestContext): number {
  const p = ctx.principal;
  if (p.actingTenantId !== null) return p.actingTenantId;
  if (p.userType === 'tenant') return p.accountId;
  throw badRequest('Choose the account the coupon is for.', [
    detail('accountId', 'Choose the account the coupon is for.', 'FIELD_REQUIRED'),
  ]);
}

export function createCatalogueService({ db }: { db: Database }) {
  /** The plan an order or a discount names, or a 400 on its field. */
  async function namedPlan(exec: Executor, code: string): Promise<Plan> {
    const plan = await findPlan(exec, { code });
    if (!plan)
      throw badRequest(BILLING_MESSAGES.planUnavailable, [
        detail('planCode', BILLING_MESSAGES.planUnavailable),
      ]);
    return plan;
  }

  /** Add-ons named by a plan form must exist. */
  async function checkPlanAddons(exec: Executor, addons: PlanValues['addons']) {
    const errors = [];
    for (const [index, addon] of addons.entries()) {
      if (!(await findAddon(exec, addon.addOnId))) {
        errors.push(detail(`addons.${index}.addOnId`, 'Choose an add-on from the list', 'FIELD_UNKNOWN'));
      }
    }
    if (errors.length > 0) throw badRequest('Choose add-ons from the list.', errors);
  }

  /**
   * The partner or industry whose discounts are asked for: 404 outside the
   * caller's scope or of another type; a partner's admins give discounts to
   * their industries, the platform's to anyone (`forChange`).
   */
  async function discountAccount(
    exec: Executor,
    ctx: RequestContext,
    scope: DataScope,
    accountId: number,
    forChange: boolean,
    type?: DiscountAccountType,
  ): Promise<BillingAccount> {
    const account = await findBillingAccount(exec, scope, accountId);
    if (
      !account ||
      (type ? account.type !== ACCOUNT_TYPE[type] : !['partner', 'tenant'].includes(account.type))
    ) {
      throw notFound('Account');
    }
    const p = ctx.principal;
    // The platform discounts anyone; a partner its industries (not itself); an industry redeems codes for itself.
    const mayChange =
      p.userType === 'site' ||
      (p.userType === 'partner' && account.partnerId === p.accountId) ||
      (p.userType === 'tenant' && account.id === p.accountId);
    if (forChange && !mayChange) {
      throw forbidden('You are not allowed to change the discounts of this account.');
    }
    return account;
  }

  /** A coupon an account may use: the platform's, or the partner's own for the partner and its industries. */
  function couponFitsAccount(coupon: Coupon, account: BillingAccount) {
    if (coupon.partnerId === null) return true;
    return account.type === 'partner'
      ? coupon.partnerId === account.id
      : coupon.partnerId === account.partnerId;
  }

  async function discountOf(exec: Executor, accountId: number, plan: Plan): Promise<Discount> {
    const row = (await discountsOf(exec, accountId)).get(plan.id);
    const coupon = row ? await findCoupon(exec, row.couponId) : undefined;
    return {
      planId: plan.id,
      planCode: plan.code,
      planName: plan.name,
      state: row?.state ?? 'NONE',
      discount: coupon
        ? { couponId: coupon.couponId, couponCode: coupon.couponCode, couponName: coupon.couponName }
        : null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    listPlans: (ctx: RequestContext) => listPlans(db, { withdrawn: ctx.principal.userType === 'site' }),

    async createPlan(ctx: RequestContext, body: PlanValues & { code: string }): Promise<Plan> {
      const { code, ...values } = body;
      return withUnique(
        () =>
          db.transaction(async (tx) => {
            await checkPlanAddons(tx, values.addons);
            const plan = await insertPlan(tx, code, values);
            await recordAudit(tx, ctx, {
              entity: 'plan',
              entityId: plan.id,
              action: 'CREATE',
              newValue: body,
            });
            return plan;
          }),
        'billing_plans_code_uq',
        planExists,
      );
    },

    async updatePlan(ctx: RequestContext, id: number, body: PlanValues & { version: number }): Promise<Plan> {
      const { version, ...values } = body;
      return db.transaction(async (tx) => {
        const before = await findPlan(tx, { id });
        if (!before) throw notFound('Plan');
        await checkPlanAddons(tx, values.addons);
        const after = await updatePlan(tx, id, version, values);
        if (!after) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'plan',
          entityId: id,
          action: 'UPDATE',
          oldValue: before,
          newValue: after,
        });
        return after;
      });
    },

    async tenantPlans(ctx: RequestContext, tenantId: number) {
      const tenant = await billedIndustry(db, scopeOf(ctx.principal), tenantId);
      const today = todayInIndia();
      const current = await findCurrentSubscription(db, tenant.id);
      const plans = await listPlans(db, { withdrawn: false });
      return Promise.all(
        plans.map(async (plan) => {
          const coupon = await usableCouponFor(db, tenant.id, plan.id, today);
          return {
            ...plan,
            couponCode: coupon?.couponCode ?? null,
            discountedPrice: plan.price - (coupon ? couponDiscount(coupon, plan.price) : 0),
            current: current?.planId === plan.id,
          };
        }),
      );
    },

    listAddons: () => listAddons(db),

    async createAddon(
      ctx: RequestContext,
      body: { name: string; unit: AddonUnit; monthlyPrice: number; active: boolean },
    ): Promise<Addon> {
      return withUnique(
        () =>
          db.transaction(async (tx) => {
            const addon = await insertAddon(tx, body);
            await recordAudit(tx, ctx, {
              entity: 'addon',
              entityId: addon.id,
              action: 'CREATE',
              newValue: body,
            });
            return addon;
          }),
        'billing_addons_unit_uq',
        addonExists,
      );
    },

    async updateAddon(
      ctx: RequestContext,
      id: number,
      body: { name: string; monthlyPrice: number; active: boolean; version: number },
    ): Promise<Addon> {
      const { version, ...values } = body;
      return db.transaction(async (tx) => {
        const before = await findAddon(tx, id);
        if (!before) throw notFound('Add-on');
        const after = await updateAddon(tx, id, version, values);
        if (!after) throw staleVersion();
        await recordAudit(tx, ctx, {
          entity: 'addon',
          entityId: id,
          action: 'UPDATE',
          oldValue: before,
          newValue: after,
        });
        return after;
      });
    },

    listCoupons: (ctx: RequestContext) =>
      listCoupons(db, ctx.principal.userType === 'site' ? null : ctx.principal.accountId),

    async createCoupon(
      ctx: RequestContext,
      body: {
        couponCode: string;
        couponName: string;
        kind: CouponKind;
        value: number;
        validFrom: string;
        validUntil: string | null;
        maxRedemptions: number | null;
        partnerId: number | null;
      },
    ): Promise<Coupon> {
      const p = ctx.principal;
      let partnerId = body.partnerId;
      if (p.userType === 'partner') {
        // A partner's coupons are its own.
        if (partnerId !== null && partnerId !== p.accountId)
          throw forbidden('A partner adds coupons of its own only.');
        partnerId = p.accountId;
      } else if (partnerId !== null) {
        const partner = await findBillingAccount(db, scopeOf(p), partnerId);
        if (partner?.type !== 'partner') {
          throw badRequest('Choose a partner from the list.', [
            detail('partnerId', 'Choose a partner from the list', 'FIELD_UNKNOWN'),
          ]);
        }
      }
      return withUnique(
        () =>
          db.transaction(async (tx) => {
            const coupon = await insertCoupon(tx, {
              code: body.couponCode,
              name: body.couponName,
              kind: body.kind,
              value: body.value,
              validFrom: body.validFrom,
              validUntil: body.validUntil,
              maxRedemptions: body.maxRedemptions,
              partnerId,
            });
            await recordAudit(tx, ctx, {
              entity: 'coupon',
              entityId: coupon.couponId,
              action: 'CREATE',
              tenantId: partnerId,
              newValue: { ...body, partnerId },
            });
            return coupon;
          }),
        'coupons_code_uq',
        couponExists,
      );
    },

    async listDiscounts(ctx: RequestContext, accountType: DiscountAccountType, accountId: number) {
      const account = await discountAccount(db, ctx, scopeOf(ctx.principal), accountId, false, accountType);
      const plans = await listPlans(db, { withdrawn: true });
      const rows = await discountsOf(db, account.id);
      const shown = plans.filter((plan) => plan.active || rows.has(plan.id));
      return {
        accountId: account.id,
        accountName: account.name,
        accountType,
        discounts: await Promise.all(shown.map((plan) => discountOf(db, account.id, plan))),
      };
    },

    async applyCoupon(
      ctx: RequestContext,
      body: { accountId?: number | undefined; planCode: string; couponCode: string },
    ) {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const account = await discountAccount(tx, ctx, scope, body.accountId ?? ownAccount(ctx), true);
        const plan = await namedPlan(tx, body.planCode);
        const coupon = await findCouponByCode(tx, body.couponCode);
        if (!coupon) throw couponInvalid('unknown');
        if (!couponFitsAccount(coupon, account)) throw couponInvalid('notYours');
        const usable = couponUsable(coupon, todayInIndia());
        if (usable !== 'ok') throw couponInvalid(usable);
        const before = await discountOf(tx, account.id, plan);
        await saveDiscount(tx, {
          accountId: account.id,
          planId: plan.id,
          couponId: coupon.couponId,
          state: 'APPLIED',
        });
        const after = await discountOf(tx, account.id, plan);
        await recordAudit(tx, ctx, {
          entity: 'discount',
          entityId: `${account.id}:${plan.id}`,
          action: 'COUPON_APPLIED',
          tenantId: account.id,
          oldValue: { state: before.state, couponCode: before.discount?.couponCode ?? null },
          newValue: { state: after.state, couponCode: coupon.couponCode, planCode: plan.code },
        });
        return { message: BILLING_MESSAGES.couponApplied, discount: after };
      });
    },

    async removeCoupon(ctx: RequestContext, body: { accountId?: number | undefined; planCode: string }) {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const account = await discountAccount(tx, ctx, scope, body.accountId ?? ownAccount(ctx), true);
        const plan = await namedPlan(tx, body.planCode);
        const before = await discountOf(tx, account.id, plan);
        if (before.state !== 'APPLIED' || !before.discount) throw couponInvalid('notApplied', 'planCode');
        await saveDiscount(tx, {
          accountId: account.id,
          planId: plan.id,
          couponId: before.discount.couponId,
          state: 'REMOVED',
        });
        const after = await discountOf(tx, account.id, plan);
        await recordAudit(tx, ctx, {
          entity: 'discount',
          entityId: `${account.id}:${plan.id}`,
          action: 'COUPON_REMOVED',
          tenantId: account.id,
          oldValue: { state: before.state, couponCode: before.discount.couponCode },
          newValue: { state: after.state, planCode: plan.code },
        });
        return { message: BILLING_MESSAGES.couponRemoved, discount: after };
      });
    },

    /** Gives a partner's coupon on a plan to each of its industries (or takes it from them once removed). */
    async rebuildDiscounts(ctx: RequestContext, partnerId: number, planCode: string) {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const partner = await discountAccount(tx, ctx, scope, partnerId, false, 'partner');
        const p = ctx.principal;
        if (p.userType !== 'site' && p.accountId !== partner.id) {
          throw forbidden('You are not allowed to change the discounts of this partner.');
        }
        const plan = await namedPlan(tx, planCode);
        const own = (await discountsOf(tx, partner.id)).get(plan.id);
        const couponId = own?.state === 'APPLIED' ? own.couponId : null;
        const industries = await rebuildPartnerDiscounts(tx, partner.id, plan.id, couponId);
        await recordAudit(tx, ctx, {
          entity: 'discount',
          entityId: `${partner.id}:${plan.id}`,
          action: 'DISCOUNTS_REBUILT',
          tenantId: partner.id,
          newValue: { planCode: plan.code, couponId, industries },
        });
        return { message: BILLING_MESSAGES.rebuilt, industries };
      });
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
