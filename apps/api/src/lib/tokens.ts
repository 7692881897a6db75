import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 32 random bytes, URL-safe. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database dump does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
