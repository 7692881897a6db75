import { type subscriptionSchema } from '@vayu/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeSubscription, scopeOf } from '../../auth/scope.js';
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

export function createSubscriptionsService({ db }: { db: Database }) {
  return {
    async getSubscription(ctx: RequestContext, tenantId: number): Promise<Subscription> {
      const row = await findSubscription(db, scopeOf(ctx.principal), tenantId);
      if (!row) throw notFound('Industry');
      return toSubscription(row);
    },

    async updateSubscription(
      ctx: RequestContext,
      tenantId: number,
      body: SubscriptionValues & { version: number },
    ): Promise<Subscription> {
      const scope = scopeOf(ctx.principal);
      const current = await findSubscription(db, scope, tenantId);
      if (!current) throw notFound('Industry');
      if (!canChangeSubscription(ctx.principal, current)) {
        throw forbidden('You are not allowed to change this subscription.');
      }
      const { version, ...values } = body;
      return db.transaction(async (tx) => {
        const before = (await findSubscription(tx, scope, tenantId)) ?? current;
        if (before.version !== version || !(await updateSubscription(tx, scope, tenantId, version, values))) {
          throw staleVersion();
        }
        const after = (await findSubscription(tx, scope, tenantId))!;
        await recordAudit(tx, ctx, {
          entity: 'account',
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
