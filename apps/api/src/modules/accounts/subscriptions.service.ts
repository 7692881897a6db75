import { type subscriptionSchema } from '@vayu/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Principal, RequestContext } from '../../auth/principal.js';
import { visibleAccountsCondition } from '../../auth/scope.js';
import { forbidden, notFound, staleVersion } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type SubscriptionRow,
  type SubscriptionValues,
  findSubscription,
  updateSubscription,
} from './subscriptions.repository.js';

type Subscription = z.infer<typeof subscriptionSchema>;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    planCode: row.planCode,
    paymentMode: row.paymentMode,
    userQuota: row.userQuota,
    parameterQuota: row.parameterQuota,
    cameraQuota: row.cameraQuota,
    usersUsed: row.usersUsed,
    version: row.version,
  };
}

const valuesOf = (s: SubscriptionValues): SubscriptionValues => ({
  planCode: s.planCode,
  paymentMode: s.paymentMode,
  userQuota: s.userQuota,
  parameterQuota: s.parameterQuota,
  cameraQuota: s.cameraQuota,
});

/**
 * The platform sets every account's plan and quotas; a partner admin those of
 * its own tenants. A tenant never changes its own limits.
 */
function canChangeSubscription(p: Principal, account: { partnerId: number | null }): boolean {
  if (p.userType === 'site') return true;
  return p.userType === 'partner' && p.role === 'admin' && account.partnerId === p.accountId;
}

export function createSubscriptionsService({ db }: { db: Database }) {
  return {
    async getSubscription(ctx: RequestContext, tenantId: number): Promise<Subscription> {
      const row = await findSubscription(db, tenantId, visibleAccountsCondition(ctx.principal));
      if (!row) throw notFound('Industry');
      return toSubscription(row);
    },

    async updateSubscription(
      ctx: RequestContext,
      tenantId: number,
      body: SubscriptionValues & { version: number },
    ): Promise<Subscription> {
      const current = await findSubscription(db, tenantId, visibleAccountsCondition(ctx.principal));
      if (!current) throw notFound('Industry');
      if (!canChangeSubscription(ctx.principal, current)) {
        throw forbidden('You are not allowed to change this subscription.');
      }
      const { version, ...values } = body;
      return db.transaction(async (tx) => {
        const before = (await findSubscription(tx, tenantId, undefined)) ?? current;
        if (before.version !== version || !(await updateSubscription(tx, tenantId, version, values))) {
          throw staleVersion();
        }
        const after = (await findSubscription(tx, tenantId, undefined))!;
        await recordAudit(tx, ctx, {
          entity: 'subscription',
          entityId: tenantId,
          action: 'SUBSCRIPTION_UPDATE',
          tenantId,
          oldValue: valuesOf(before),
          newValue: valuesOf(after),
        });
        return toSubscription(after);
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
