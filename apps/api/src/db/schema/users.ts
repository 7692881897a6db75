import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { MAIL_KINDS, PASSWORD_TOKEN_PURPOSES, ROLES, USER_STATUSES, USER_TYPES } from '@vayu/domain';
import { oneOf } from './checks.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sign-in name: the user's e-mail, stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('ENABLED'),
    passwordHash: text('password_hash').notNull(),
    /** True while the password is the published demo password. */
    hasDemoPassword: boolean('has_demo_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set when the user first sets a password from the activation e-mail. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** SHA-256 of the one-time token sent by e-mail to activate or reset the password. */
    passwordTokenHash: text('password_token_hash'),
    passwordTokenPurpose: text('password_token_purpose', { enum: PASSWORD_TOKEN_PURPOSES }),
    passwordTokenExpiresAt: timestamp('password_token_expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('users_user_type_ck', t.userType, USER_TYPES),
    oneOf('users_role_ck', t.role, ROLES),
    oneOf('users_status_ck', t.status, USER_STATUSES),
    oneOf('users_password_token_purpose_ck', t.passwordTokenPurpose, PASSWORD_TOKEN_PURPOSES),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_account_idx').on(t.accountId),
    uniqueIndex('users_password_token_uq')
      .on(t.passwordTokenHash)
      .where(sql`password_token_hash is not null`),
  ],
);

/** Server-side sessions: only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Attempts counted per key (a user name or client address signing in, a client
 * calling an endpoint open to anyone), shared by every server process. A count
 * starts again once its window has passed; `next_allowed_at`, when set, is the
 * earliest time the key may try again (the sign-in back-off).
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }),
  },
  (t) => [index('attempt_counters_window_idx').on(t.windowStartedAt)],
);

/**
 * Every e-mail the console writes: sent by a `mail.send` job (`sent_at`, or the
 * delivery errors in `error`), or kept here when no SMTP server is configured.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    oneOf('email_outbox_kind_ck', t.kind, MAIL_KINDS),
    index('email_outbox_to_idx').on(t.toAddress, t.createdAt),
  ],
);
