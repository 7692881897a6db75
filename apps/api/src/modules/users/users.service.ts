import type { LoggedInUser, UserPatchBody } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeUsersOf, visibleAccountsCondition } from '../../auth/scope.js';
import { businessRule, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { DEMO_PASSWORD } from '../../lib/demo.js';
import { recordAudit } from '../audit/audit.service.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import { findUserById, toLoggedInUser, updateUserPassword, updateUserStatus } from './users.repository.js';

export function createUsersService({ db }: { db: Database }) {
  /** A user the principal can see, or 404. */
  async function getVisibleUser(ctx: RequestContext, userId: number) {
    const user = await findUserById(db, userId, visibleAccountsCondition(ctx.principal));
    if (!user) throw notFound('User');
    return user;
  }

  function assertCanChange(ctx: RequestContext, user: Awaited<ReturnType<typeof getVisibleUser>>) {
    const account = { id: user.accountId, type: user.accountType, partnerId: user.accountPartnerId };
    if (!canChangeUsersOf(ctx.principal, account))
      throw forbidden('You are not allowed to change this user.');
  }

  return {
    async getLoggedInUser(ctx: RequestContext): Promise<LoggedInUser> {
      const user = await findUserById(db, ctx.principal.userId);
      if (!user) throw notFound('User');
      return toLoggedInUser(user);
    },

    /** Sets a user's password: their own, or one of a user the principal administers. */
    async changePassword(ctx: RequestContext, userId: number, password: string) {
      const user = await getVisibleUser(ctx, userId);
      const isSelf = user.id === ctx.principal.userId;
      if (!isSelf) assertCanChange(ctx, user);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await updateUserPassword(tx, user.id, passwordHash, password === DEMO_PASSWORD);
        // Other sign-ins of this user end; the one making the change stays.
        await deleteUserSessions(tx, user.id, isSelf ? ctx.principal.sessionId : undefined);
        await recordAudit(tx, ctx, {
          entity: 'user',
          entityId: user.id,
          action: 'PASSWORD_CHANGE',
          tenantId: user.accountId,
          oldValue: null,
          newValue: { userName: user.email, passwordChanged: true },
        });
      });
    },

    /** Enables or disables a user (spec §4: a status patch). */
    async patchUser(ctx: RequestContext, userId: number, body: UserPatchBody): Promise<LoggedInUser> {
      const user = await getVisibleUser(ctx, userId);
      assertCanChange(ctx, user);
      const status = body[0]!.value;
      if (user.id === ctx.principal.userId && status !== 'ENABLED') {
        throw businessRule('You cannot disable your own user.');
      }
      if (status !== user.status) {
        await db.transaction(async (tx) => {
          await updateUserStatus(tx, user.id, status);
          if (status !== 'ENABLED') await deleteUserSessions(tx, user.id);
          await recordAudit(tx, ctx, {
            entity: 'user',
            entityId: user.id,
            action: 'STATUS_CHANGE',
            tenantId: user.accountId,
            oldValue: { status: user.status },
            newValue: { status },
          });
        });
      }
      return toLoggedInUser({ ...user, status });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
