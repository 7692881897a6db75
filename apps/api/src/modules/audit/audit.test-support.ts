import { inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays, getZonedDate, type ApiErrorCode } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { asUser, signIn } from '../../test/harness.js';
import type { factories } from '../../test/factories.js';

type Make = ReturnType<typeof factories>;
export type Call = (options: Parameters<ReturnType<typeof asUser>>[0]) => Promise<LightMyRequestResponse>;

export const DAY_MS = 86_400_000;

/** A calendar day in India, `days` from today (negative: in the past). */
export const indiaDay = (days = 0) => addDays(getZonedDate(new Date()), days);

/** Signs a fresh user of the account in through `POST /api/auth/login` (which writes a LOGIN row). */
export async function signedIn(
  app: FastifyInstance,
  make: Make,
  accountId: number,
  role: 'admin' | 'user' = 'admin',
) {
  const user = await make.user(accountId, role);
  const token = await signIn(app, user.email, user.password);
  return { user, token, call: asUser(app, token) as Call };
}

/** Enables or disables a user through `PATCH /api/users/{id}` (writes a STATUS_CHANGE row). */
export async function setUserStatus(call: Call, userId: number, value: 'ENABLED' | 'DISABLED') {
  const response = await call({
    method: 'PATCH',
    url: `/api/users/${userId}`,
    payload: [{ op: 'replace', att: 'status', value }],
  });
  if (response.statusCode !== 200) throw new Error(`status change failed: ${response.body}`);
}

/** Activity in one tenant through the real endpoints: two sign-ins and a user disabled by the admin. */
export async function makeTenantActivity(app: FastifyInstance, make: Make, tenantId: number) {
  const admin = await signedIn(app, make, tenantId, 'admin');
  const member = await signedIn(app, make, tenantId, 'user');
  await setUserStatus(admin.call, member.user.id, 'DISABLED');
  return { admin, member };
}

/** Moves audit rows back in time, for range tests (rows are only ever written "now"). */
export async function backdateAuditRows(db: Executor, ids: number[], createdAt: Date) {
  if (ids.length > 0) await db.update(auditLogs).set({ createdAt }).where(inArray(auditLogs.id, ids));
}

/** `a=1&b=x` from a plain object, for building request URLs. */
export function queryString(query: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
}

/** Checks an error answer by its status and its code. */
export function expectError(response: LightMyRequestResponse, status: number, code: ApiErrorCode) {
  const body = response.json<{ error?: { code?: string } }>();
  expect({ status: response.statusCode, code: body.error?.code }).toEqual({ status, code });
}
