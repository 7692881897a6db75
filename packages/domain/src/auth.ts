import { z } from 'zod';
import { FIELD_MESSAGES, SIGN_IN_LIMITS } from './constants.js';

export const SESSION_COOKIE = 'vayu_session';

/** `POST /api/auth/login`. The user name is the e-mail; it is compared case-insensitively. */
export const loginBodySchema = z.object({
  userName: z.string().trim().toLowerCase().min(1, FIELD_MESSAGES.required).max(SIGN_IN_LIMITS.userName),
  password: z.string().min(1, FIELD_MESSAGES.required).max(SIGN_IN_LIMITS.password),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
