import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type Invoice } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { accounts, billingAddons, billingPlanAddons, billingPlans } from '../../db/schema/index.js';
import { makeGstin } from '../../seed/builders.js';

type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * A price list for billing tests, made once per database: the platform as a
 * seller in Maharashtra, the four add-ons and three plans.
 *
 * - `T-BASIC`: ₹60,000 a year; 8 parameters, 3 users included.
 * - `T-PRO`: ₹1,50,000 a year; 24 parameters, 2 cameras, 8 users included.
 * - `T-MULTI`: ₹2,40,000 a year; needs at least 1 remote calibration add-on, suggests 2.
 */
export async function billingCatalogue(db: Executor) {
  const existing = await db.select({ id: billingAddons.id, unit: billingAddons.unit }).from(billingAddons);
  if (existing.length === 0) {
    await db
      .update(accounts)
      .set({ gstin: makeGstin('MH', 'AAFCV2026K'), stateCode: 'MH', city: 'Pune' })
      .where(eq(accounts.id, PLATFORM_ACCOUNT_ID));
    const addons = await db
      .insert(billingAddons)
      .values([
        { name: 'Additional parameter', unit: 'Parameter', monthlyPrice: 250_00 },
        { name: 'Additional camera', unit: 'Camera', monthlyPrice: 1_500_00 },
        { name: 'Additional user', unit: 'User', monthlyPrice: 300_00 },
        { name: 'Remote calibration', unit: 'RC', monthlyPrice: 2_000_00 },
      ])
      .returning({ id: billingAddons.id, unit: billingAddons.unit });
    const id = (unit: string) => addons.find((a) => a.unit === unit)!.id;
    const plan = async (
      code: string,
      price: number,
      includes: { unit: string; quantity: number; minimumAddons?: number; suggestedAddons?: number }[],
    ) => {
      const [row] = await db
        .insert(billingPlans)
        .values({ code, name: code.replace('T-', 'Test '), period: 'YEARLY', price })
        .returning({ id: billingPlans.id });
      await db.insert(billingPlanAddons).values(
        includes.map((i) => ({
          planId: row!.id,
          addonId: id(i.unit),
          quantity: i.quantity,
          minimumAddons: i.minimumAddons ?? 0,
          suggestedAddons: i.suggestedAddons ?? null,
        })),
      );
    };
    await plan('T-BASIC', 60_000_00, [
      { unit: 'Parameter', quantity: 8 },
      { unit: 'User', quantity: 3 },
      { unit: 'Camera', quantity: 0 },
    ]);
    await plan('T-PRO', 1_50_000_00, [
      { unit: 'Parameter', quantity: 24 },
      { unit: 'Camera', quantity: 2 },
      { unit: 'User', quantity: 8 },
      { unit: 'RC', quantity: 0 },
    ]);
    await plan('T-MULTI', 2_40_000_00, [
      { unit: 'Parameter', quantity: 40 },
      { unit: 'User', quantity: 10 },
      { unit: 'RC', quantity: 0, minimumAddons: 1, suggestedAddons: 2 },
    ]);
  }
  const all = await db.select({ id: billingAddons.id, unit: billingAddons.unit }).from(billingAddons);
  const addonId = (unit: 'Parameter' | 'Camera' | 'User' | 'RC') => all.find((a) => a.unit === unit)!.id;
  return { addonId };
}

export async function ok<T>(call: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** Subscribes an industry (as a site admin) and approves the invoice: an active subscription. */
export async function activeSubscription(
  site: Caller,
  tenantId: number,
  planCode = 'T-BASIC',
  addons: { addOnId: number; quantity: number }[] = [],
): Promise<{ subscriptionId: number; invoice: Invoice }> {
  const order = await ok<{ invoice: Invoice; subscription: { id: number } }>(
    site({ method: 'POST', url: '/api/subscription', payload: { tenantId, planCode, addons } }),
    201,
  );
  const invoice = await ok<Invoice>(
    site({
      method: 'PUT',
      url: `/api/invoices/${order.invoice.id}/status`,
      payload: { status: 'APPROVED', version: order.invoice.version },
    }),
  );
  return { subscriptionId: order.subscription.id, invoice };
}
