import { z } from 'zod';

export const SESSION_COOKIE = 'vayu_session';

/** `POST /api/auth/login`. The user name is the e-mail; it is compared case-insensitively. */
export const loginBodySchema = z.object({
  userName: z.string().trim().toLowerCase().min(1, 'This field is required').max(254),
  password: z.string().min(1, 'This field is required').max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
