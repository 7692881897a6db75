import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { findAddressOwner } from './addresses.repository.js';

/**
 * The industry (tenant account) that owns a record — monitoring points,
 * devices, cameras — when the caller can see it: 404 otherwise, for one
 * outside the caller's scope and for an account that is not an industry.
 */
export async function visibleIndustry(exec: Executor, ctx: RequestContext, tenantId: number) {
  const industry = await findAddressOwner(exec, scopeOf(ctx.principal), tenantId);
  if (industry?.type !== 'tenant') throw notFound('Industry');
  return industry;
}

/** The industry, when the caller can see it (404) and change it (403, with `refusal`). */
export async function changeableIndustry(
  exec: Executor,
  ctx: RequestContext,
  tenantId: number,
  refusal: string,
) {
  const industry = await visibleIndustry(exec, ctx, tenantId);
  if (!canChangeAccount(ctx.principal, industry)) throw forbidden(refusal);
  return industry;
}
