import {
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNAVAILABLE_MESSAGE,
  PLATFORM_ACCOUNT_ALIAS,
  PLATFORM_ACCOUNT_ID,
  type ChangePasswordBody,
  type CreateUserBody,
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  type EndpointInput,
  type LoggedInUser,
  type Page,
  type Role,
  type UpdateUserBody,
  type UserPatchBody,
  type UserSummary,
  type usersEndpoints,
} from '@vayu/domain';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import {
  type DataScope,
  canChangeUsersOf,
  canListUsersOfCorporate,
  canSetPasswordOf,
  scopeOf,
  systemScope,
} from '../../auth/scope.js';
import { AppError, fieldError, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import {
  composePasswordEmail,
  createUnusablePasswordHash,
  issuePasswordToken,
  passwordTokenLink,
  type PasswordTokenPurpose,
} from '../../lib/password-tokens.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import { assertUsablePassword } from '../../lib/common-passwords.js';
import { recordAudit, selfActor } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import { assertUserLimit } from './user-limit.js';
import {
  type AccountForUsers,
  consumePasswordToken,
  findAccountForUsers,
  findAccountUserSummaries,
  findUserByEmail,
  findUserById,
  findUserByPasswordToken,
  findUserSummaryById,
  findUsersPage,
  flipAccountUserRoles,
  insertUser,
  isEmailTaken,
  isUniqueViolation,
  lockAccountForUsers,
  setAccountPrimaryUser,
  storePasswordToken,
  toLoggedInUser,
  updateUserPassword,
  updateUserProfile,
  updateUserStatus,
} from './users.repository.js';

export const INVALID_PASSWORD_LINK_MESSAGE = 'This link is invalid or has expired.';
export const EMAIL_RESENT_MESSAGE = 'Email Resent.';
export const RESET_MAIL_SENT_MESSAGE = 'Password reset e-mail sent.';

export type UserListQuery = EndpointInput<typeof usersEndpoints.listUsers>['query'];
export type CreateUserQuery = EndpointInput<typeof usersEndpoints.createUser>['query'];

/** Where a public request came from, for the audit trail. */
export interface ClientInfo {
  ip: string;
  requestId: string;
}

/** The platform account may be addressed as −1 (spec §9). */
const resolveAccountId = (id: number) => (id === PLATFORM_ACCOUNT_ALIAS ? PLATFORM_ACCOUNT_ID : id);

const ownershipOf = (account: AccountForUsers) => ({
  id: account.id,
  type: account.type,
  partnerId: account.partnerId,
});

const emailTaken = (email: string) => new AppError('EMAIL_EXISTS', EMAIL_TAKEN_MESSAGE, undefined, { email });
/** The answer for an e-mail held by a user the caller cannot see: a field to change, not where it is used. */
const emailUnavailable = () => fieldError('email', EMAIL_UNAVAILABLE_MESSAGE, 'FIELD_UNAVAILABLE');
/** A user with the e-mail was added while this one was being written. */
const EMAIL_RACE = new Error('e-mail taken meanwhile');

/** A password link is proof of identity without a session, like signing in. */
const PASSWORD_LINK_SCOPE: DataScope = systemScope('sign-in');
const invalidPasswordLink = () =>
  new AppError('PASSWORD_LINK_INVALID', INVALID_PASSWORD_LINK_MESSAGE, [
    { path: 'token', message: INVALID_PASSWORD_LINK_MESSAGE, code: 'FIELD_INVALID' },
  ]);

export function createUsersService({
  db,
  config,
  mailer,
  sessions,
}: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  /** What this process remembers of sessions, forgotten when a change ends or alters them. */
  sessions: Pick<AuthService, 'forgetUserSessions' | 'checkCurrentPassword'>;
}) {
  /**
   * Why an e-mail another user has cannot be used. A caller who can see that
   * user is told it is taken (409); anyone else gets the 400 of any field to
   * change, which does not say whether or where the e-mail has an account.
   */
  async function emailRefusal(ctx: RequestContext, email: string): Promise<AppError> {
    const holder = await findUserByEmail(db, email, scopeOf(ctx.principal));
    return holder ? emailTaken(email) : emailUnavailable();
  }

  /** A user the principal can see, or 404. */
  async function getVisibleUser(ctx: RequestContext, userId: number) {
    const user = await findUserById(db, userId, scopeOf(ctx.principal));
    if (!user) throw notFound('User');
    return user;
  }

  type VisibleUser = Awaited<ReturnType<typeof getVisibleUser>>;

  /** Refuses a change of your own password without the right current one (400 on `currentPassword`). */
  async function assertCurrentPassword(user: VisibleUser, currentPassword: string | undefined) {
    if (currentPassword === undefined) {
      throw fieldError('currentPassword', CURRENT_PASSWORD_REQUIRED_MESSAGE, 'FIELD_REQUIRED');
    }
    if (!(await sessions.checkCurrentPassword(user, currentPassword))) {
      throw fieldError('currentPassword', CURRENT_PASSWORD_INCORRECT_MESSAGE, 'FIELD_INCORRECT');
    }
  }
  const accountOf = (user: VisibleUser) => ({
    id: user.accountId,
    type: user.accountType,
    partnerId: user.accountPartnerId,
  });

  function assertCanChange(ctx: RequestContext, user: VisibleUser) {
    if (!canChangeUsersOf(ctx.principal, accountOf(user)))
      throw forbidden('You are not allowed to change this user.');
  }

  /** An account the principal can see (404 otherwise) and whose users it may change (403 otherwise). */
  async function getChangeableAccount(ctx: RequestContext, accountId: number) {
    const account = await findAccountForUsers(db, resolveAccountId(accountId), scopeOf(ctx.principal));
    if (!account) throw notFound('Account');
    if (!canChangeUsersOf(ctx.principal, ownershipOf(account)))
      throw forbidden('You are not allowed to change the users of this account.');
    return account;
  }

  /** Stores a fresh one-time token for the user and queues the e-mail carrying its link, in `tx`. */
  async function sendPasswordLink(
    tx: Executor,
    user: { id: number; name: string; email: string },
    purpose: PasswordTokenPurpose,
    scope: DataScope,
  ) {
    const issued = issuePasswordToken(purpose);
    await storePasswordToken(tx, user.id, issued.stored, scope);
    const mail = composePasswordEmail(purpose, {
      name: user.name,
      userName: user.email,
      link: passwordTokenLink(config, purpose, issued.token),
    });
    await mailer.queue(tx, { to: user.email, ...mail, kind: purpose, userId: user.id });
  }

  /**
   * Makes `userId` the account's primary user: admin, while every other user of
   * the account becomes a plain user (spec §6). Writes the audit row when
   * anything changed.
   */
  async function makePrimaryUser(tx: Executor, ctx: RequestContext, accountId: number, userId: number) {
    const scope = scopeOf(ctx.principal);
    const locked = await lockAccountForUsers(tx, accountId, scope);
    if (!locked) throw notFound('Account');
    const before = await findAccountUserSummaries(tx, accountId, scope);
    const roleChanges = before
      .map((u) => ({ user: u, role: (u.id === userId ? 'admin' : 'user') as Role }))
      .filter((c) => c.user.role !== c.role);
    if (locked.primaryUserId === userId && roleChanges.length === 0) return;
    const oldPrimary = before.find((u) => u.id === locked.primaryUserId);
    const newPrimary = before.find((u) => u.id === userId);
    await flipAccountUserRoles(tx, accountId, userId, scope);
    await setAccountPrimaryUser(tx, accountId, userId, scope);
    await recordAudit(tx, ctx, {
      entity: 'account',
      entityId: accountId,
      action: 'PRIMARY_USER_CHANGE',
      tenantId: accountId,
      oldValue: {
        primaryUserId: locked.primaryUserId,
        primaryUserName: oldPrimary?.userName ?? null,
        roles: roleChanges.map((c) => ({ userId: c.user.id, userName: c.user.userName, role: c.user.role })),
      },
      newValue: {
        primaryUserId: userId,
        primaryUserName: newPrimary?.userName ?? null,
        roles: roleChanges.map((c) => ({ userId: c.user.id, userName: c.user.userName, role: c.role })),
      },
    });
  }

  return {
    async getLoggedInUser(ctx: RequestContext): Promise<LoggedInUser> {
      const user = await findUserById(db, ctx.principal.userId, scopeOf(ctx.principal));
      if (!user) throw notFound('User');
      return toLoggedInUser(user);
    },

    /** Sets a user's password: their own, or one of a user the principal administers. */
    async changePassword(ctx: RequestContext, userId: number, body: ChangePasswordBody) {
      const { password } = body;
      const user = await getVisibleUser(ctx, userId);
      const isSelf = user.id === ctx.principal.userId;
      if (!canSetPasswordOf(ctx.principal, { id: user.id, account: accountOf(user) })) {
        throw forbidden('You are not allowed to change this user.');
      }
      // Your own password is changed with the current one: a session left open does not give the account away.
      if (isSelf) await assertCurrentPassword(user, body.currentPassword);
      assertUsablePassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await updateUserPassword(tx, user.id, { passwordHash, isDemo: false }, scopeOf(ctx.principal));
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
      sessions.forgetUserSessions(user.id);
    },

    /** Enables or disables a user (spec §4: a status patch). */
    async patchUser(ctx: RequestContext, userId: number, body: UserPatchBody): Promise<LoggedInUser> {
      const user = await getVisibleUser(ctx, userId);
      assertCanChange(ctx, user);
      const status = body[0]!.value;
      if (user.id === ctx.principal.userId && status !== 'ENABLED') {
        throw new AppError('SELF_DISABLE', 'You cannot disable your own user.');
      }
      if (status !== user.status) {
        await db.transaction(async (tx) => {
          await updateUserStatus(tx, user.id, status, scopeOf(ctx.principal));
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
        sessions.forgetUserSessions(user.id);
      }
      return toLoggedInUser({ ...user, status });
    },

    /**
     * 'List of Users': users of the accounts the principal can see, paged in SQL.
     * Only site users may look at another corporate's users (spec §6).
     */
    async listUsers(ctx: RequestContext, query: UserListQuery): Promise<Page<UserSummary>> {
      const p = ctx.principal;
      if (query.corporateId !== undefined && !canListUsersOfCorporate(p, query.corporateId)) {
        throw forbidden('You may not list the users of this corporate.');
      }
      return findUsersPage(
        db,
        {
          scope: scopeOf(p),
          // In manage mode the list is the users of the tenant acted for.
          accountId:
            p.actingTenantId ??
            (query.accountId === undefined ? undefined : resolveAccountId(query.accountId)),
          corporateId: query.corporateId,
          status: query.status,
          search: query.search || undefined,
        },
        query,
      );
    },

    /** Every user of one account (the tenant detail view). */
    async listAccountUsers(ctx: RequestContext, accountId: number): Promise<UserSummary[]> {
      const scope = scopeOf(ctx.principal);
      const account = await findAccountForUsers(db, resolveAccountId(accountId), scope);
      if (!account) throw notFound('Account');
      return findAccountUserSummaries(db, account.id, scope);
    },

    /**
     * 'Add New User' and the primary user of a new account: the user gets no
     * usable password, only an activation link by e-mail.
     */
    async createUser(
      ctx: RequestContext,
      query: CreateUserQuery,
      body: CreateUserBody,
    ): Promise<UserSummary> {
      const scope = scopeOf(ctx.principal);
      const account = await getChangeableAccount(ctx, query.accountId);
      if (await isEmailTaken(db, body.email)) throw await emailRefusal(ctx, body.email);
      const role: Role = query.primary ? 'admin' : body.role;
      const passwordHash = await createUnusablePasswordHash();
      const issued = issuePasswordToken('ACTIVATION');

      const userId = await db
        .transaction(async (tx) => {
          const locked = await lockAccountForUsers(tx, account.id, scope);
          if (!locked) throw notFound('Account');
          await assertUserLimit(tx, locked, scope);
          const id = await insertUser(tx, {
            accountId: account.id,
            email: body.email,
            name: body.name,
            phone: body.phone,
            role,
            userType: locked.type,
            passwordHash,
            token: issued.stored,
          });
          if (id === undefined) throw EMAIL_RACE;
          await recordAudit(tx, ctx, {
            entity: 'user',
            entityId: id,
            action: 'CREATE',
            tenantId: account.id,
            oldValue: null,
            newValue: {
              name: body.name,
              userName: body.email,
              phone: body.phone,
              role,
              userType: locked.type,
              accountId: account.id,
              status: 'ENABLED',
              isPrimary: query.primary,
            },
          });
          if (query.primary) await makePrimaryUser(tx, ctx, account.id, id);
          const mail = composePasswordEmail('ACTIVATION', {
            name: body.name,
            userName: body.email,
            link: passwordTokenLink(config, 'ACTIVATION', issued.token),
          });
          await mailer.queue(tx, { to: body.email, ...mail, kind: 'ACTIVATION', userId: id });
          return id;
        })
        .catch(async (error: unknown) => {
          if (error === EMAIL_RACE || isUniqueViolation(error)) throw await emailRefusal(ctx, body.email);
          throw error;
        });
      return (await findUserSummaryById(db, userId, scope))!;
    },

    /** The edit-user modal: name, e-mail and phone only, from the version the form started with. */
    async updateUser(ctx: RequestContext, userId: number, body: UpdateUserBody): Promise<UserSummary> {
      const scope = scopeOf(ctx.principal);
      const user = await getVisibleUser(ctx, userId);
      assertCanChange(ctx, user);
      if (await isEmailTaken(db, body.email, user.id)) throw await emailRefusal(ctx, body.email);
      await db
        .transaction(async (tx) => {
          const isUpdated = await updateUserProfile(tx, user.id, body.version, body, scope);
          if (!isUpdated) throw staleVersion();
          await recordAudit(tx, ctx, {
            entity: 'user',
            entityId: user.id,
            action: 'UPDATE',
            tenantId: user.accountId,
            oldValue: { name: user.name, userName: user.email, phone: user.phone },
            newValue: { name: body.name, userName: body.email, phone: body.phone },
          });
        })
        .catch(async (error: unknown) => {
          if (error === EMAIL_RACE || isUniqueViolation(error)) throw await emailRefusal(ctx, body.email);
          throw error;
        });
      // The name and e-mail a signed-in principal carries.
      sessions.forgetUserSessions(user.id);
      return (await findUserSummaryById(db, user.id, scope))!;
    },

    /** `POST /api/setPrimaryUserForTenant/{userId}/{tenantId}`; answers the account's users as they now are. */
    async setPrimaryUser(ctx: RequestContext, userId: number, accountId: number): Promise<UserSummary[]> {
      const account = await getChangeableAccount(ctx, accountId);
      const user = await getVisibleUser(ctx, userId);
      if (user.accountId !== account.id)
        throw new AppError('PRIMARY_USER_INVALID', 'This user does not belong to this account.', undefined, {
          reason: 'other-account',
        });
      if (user.status !== 'ENABLED')
        throw new AppError('PRIMARY_USER_INVALID', 'A disabled user cannot be the primary user.', undefined, {
          reason: 'disabled',
        });
      await db.transaction((tx) => makePrimaryUser(tx, ctx, account.id, user.id));
      return findAccountUserSummaries(db, account.id, scopeOf(ctx.principal));
    },

    /** Sends the user a link to choose a new password; the current password keeps working until then. */
    async requestPasswordReset(ctx: RequestContext, accountId: number, userId: number) {
      const user = await getVisibleUser(ctx, userId);
      if (user.accountId !== resolveAccountId(accountId)) throw notFound('User');
      assertCanChange(ctx, user);
      await db.transaction(async (tx) => {
        await sendPasswordLink(tx, user, 'RESET', scopeOf(ctx.principal));
        await recordAudit(tx, ctx, {
          entity: 'user',
          entityId: user.id,
          action: 'PASSWORD_RESET_REQUESTED',
          tenantId: user.accountId,
          oldValue: null,
          newValue: { userName: user.email },
        });
      });
      return { message: RESET_MAIL_SENT_MESSAGE };
    },

    /** 'Activation Awaited' → Resend: a new activation link for the account's primary user. */
    async resendActivation(ctx: RequestContext, accountId: number) {
      const account = await getChangeableAccount(ctx, accountId);
      const noPrimaryUser = () =>
        new AppError('PRIMARY_USER_INVALID', 'This account has no primary user yet.', undefined, {
          reason: 'none',
        });
      if (account.primaryUserId === null) throw noPrimaryUser();
      const user = await findUserById(db, account.primaryUserId, scopeOf(ctx.principal));
      if (!user) throw noPrimaryUser();
      if (user.activatedAt !== null)
        throw new AppError('ALREADY_ACTIVATED', 'The primary user has already activated the account.');
      await db.transaction(async (tx) => {
        await sendPasswordLink(tx, user, 'ACTIVATION', scopeOf(ctx.principal));
        await recordAudit(tx, ctx, {
          entity: 'user',
          entityId: user.id,
          action: 'ACTIVATION_RESENT',
          tenantId: account.id,
          oldValue: null,
          newValue: { userName: user.email },
        });
      });
      return { message: EMAIL_RESENT_MESSAGE };
    },

    /** What the activation / reset page shows before the password is chosen. */
    async getPasswordTokenInfo(token: string) {
      const user = await findUserByPasswordToken(db, hashToken(token), new Date(), PASSWORD_LINK_SCOPE);
      if (!user) throw invalidPasswordLink();
      return { userName: user.email, purpose: user.purpose };
    },

    /** Chooses the password from an e-mailed link; the link works once. */
    async setPasswordWithToken(body: { token: string; password: string }, client: ClientInfo) {
      const tokenHash = hashToken(body.token);
      const user = await findUserByPasswordToken(db, tokenHash, new Date(), PASSWORD_LINK_SCOPE);
      if (!user) throw invalidPasswordLink();
      assertUsablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const actor = selfActor(user, client);
      await db.transaction(async (tx) => {
        // Following either link proves the mailbox, so it also completes a pending activation.
        const isConsumed = await consumePasswordToken(
          tx,
          { userId: user.id, tokenHash, passwordHash, activate: true, now: new Date() },
          PASSWORD_LINK_SCOPE,
        );
        if (!isConsumed) throw invalidPasswordLink();
        await deleteUserSessions(tx, user.id);
        await recordAudit(tx, actor, {
          entity: 'user',
          entityId: user.id,
          action: 'PASSWORD_SET',
          tenantId: user.accountId,
          oldValue: null,
          newValue: { userName: user.email, purpose: user.purpose, activated: user.activatedAt === null },
        });
      });
      sessions.forgetUserSessions(user.id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
