/*
 * The console's fixed addresses, in a module of their own: the start-up code
 * uses them without the router (route-access.ts re-exports them).
 */
export const ROOT_PATH = '/';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const UNAUTHORISED_PATH = '/unauthorised';
