import { randomBytes } from 'node:crypto';
import type { PasswordTokenPurpose } from '@vayu/domain';
import type { Config } from '../config.js';
import { hashPassword } from './passwords.js';
import { createSessionToken, hashToken } from './tokens.js';

export type { PasswordTokenPurpose };

/** An activation link may wait a week in an inbox; a reset link is asked for by the person who uses it. */
const TOKEN_LIFETIME_MS: Record<PasswordTokenPurpose, number> = {
  ACTIVATION: 7 * 24 * 60 * 60 * 1000,
  RESET: 24 * 60 * 60 * 1000,
};

const LINK_PATH: Record<PasswordTokenPurpose, string> = {
  ACTIVATION: 'activate',
  RESET: 'reset-password',
};

export interface IssuedPasswordToken {
  /** Goes into the e-mail only; never stored. */
  token: string;
  /** What the users row keeps. */
  stored: { hash: string; purpose: PasswordTokenPurpose; expiresAt: Date };
}

/** A fresh one-time token: 32 random bytes, of which only the SHA-256 is stored. */
export function issuePasswordToken(purpose: PasswordTokenPurpose, now = new Date()): IssuedPasswordToken {
  const token = createSessionToken();
  return {
    token,
    stored: {
      hash: hashToken(token),
      purpose,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    },
  };
}

export function passwordTokenLink(
  config: Pick<Config, 'publicUrl'>,
  purpose: PasswordTokenPurpose,
  token: string,
) {
  return `${config.publicUrl.replace(/\/+$/, '')}/${LINK_PATH[purpose]}/${token}`;
}

/**
 * The password hash of a user who has not chosen a password yet: a real
 * argon2id hash of random bytes nobody knows, so sign-in fails the same way
 * (and takes the same time) as with a wrong password.
 */
export function createUnusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** The text of the activation and reset e-mails. */
export function composePasswordEmail(
  purpose: PasswordTokenPurpose,
  values: { name: string; userName: string; link: string },
): { subject: string; text: string } {
  if (purpose === 'ACTIVATION') {
    return {
      subject: 'Activate your Vayu account',
      text: [
        `Hello ${values.name},`,
        '',
        `A Vayu console account has been created for you. Your user name is ${values.userName}.`,
        'Open this link to choose your password and activate the account (valid for 7 days):',
        '',
        values.link,
        '',
        'If you did not expect this e-mail, you can ignore it.',
      ].join('\n'),
    };
  }
  return {
    subject: 'Reset your Vayu password',
    text: [
      `Hello ${values.name},`,
      '',
      `A password reset was requested for your Vayu user ${values.userName}.`,
      'Open this link to choose a new password (valid for 24 hours):',
      '',
      values.link,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}
