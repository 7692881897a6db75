/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  loggedInUser: () => [...authKeys.all, 'logged-in-user'] as const,
};
