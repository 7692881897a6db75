/**
 * The demo sign-in, published in the README and the start-up banner. It is
 * used only when SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD are unset, and a
 * production server refuses to start while any enabled user still has it.
 */
export const DEMO_ADMIN_EMAIL = 'admin@vayu.demo';
export const DEMO_PASSWORD = 'Vayu@Demo2026';
