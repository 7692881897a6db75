import { APP_MODULES, DEFAULT_APP_MODULE, type AppModule, type LoggedInUser } from '@vayu/domain';

/*
 * What the console keeps in localStorage, without the schema that checks the
 * stored user (that is `session.ts`): the sign-in page a first visit opens
 * writes the session with this module alone.
 */

/** Everything the console keeps in localStorage, under one prefix. */
export const STORAGE_KEYS = {
  user: 'vayu.user',
  appModule: 'vayu.module',
  manageTenantId: 'vayu.manageTenantId',
  corporateId: 'vayu.corporateId',
} as const;

/** Session information: removed on a 401. */
const SESSION_KEYS = [STORAGE_KEYS.user, STORAGE_KEYS.manageTenantId, STORAGE_KEYS.corporateId];

type Listener = () => void;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

/** Stores the signed-in user; the same user stored again changes nothing and draws nothing again. */
export function setStoredUser(user: LoggedInUser): void {
  const raw = JSON.stringify(user);
  if (window.localStorage.getItem(STORAGE_KEYS.user) === raw) return;
  window.localStorage.setItem(STORAGE_KEYS.user, raw);
  notify();
}

/** Deletes the session information (user, manage-mode tenant, corporate); keeps preferences. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  notify();
}

/** Clears all of local storage, as sign-out does. */
export function clearLocalStorage(): void {
  window.localStorage.clear();
  notify();
}

/** Calls `listener` when the stored user changes, in this tab or another one. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readInteger(key: string): string | null {
  const value = window.localStorage.getItem(key);
  return value !== null && /^-?\d+$/.test(value) ? value : null;
}

/** The tenant a site or partner user manages ("manage mode"), sent as X-Tenant-Id. */
export function getManageTenantId(): string | null {
  return readInteger(STORAGE_KEYS.manageTenantId);
}

export function setManageTenantId(tenantId: number | null): void {
  if (tenantId === null) window.localStorage.removeItem(STORAGE_KEYS.manageTenantId);
  else window.localStorage.setItem(STORAGE_KEYS.manageTenantId, String(tenantId));
}

/** The corporate a corporate user acts for, sent as X-Corporate-Id. */
export function getCorporateId(): string | null {
  return readInteger(STORAGE_KEYS.corporateId);
}

export function setCorporateId(corporateId: number | null): void {
  if (corporateId === null) window.localStorage.removeItem(STORAGE_KEYS.corporateId);
  else window.localStorage.setItem(STORAGE_KEYS.corporateId, String(corporateId));
}

export function isAppModule(value: unknown): value is AppModule {
  return typeof value === 'string' && (APP_MODULES as readonly string[]).includes(value);
}

/** The application module (enviro, gen, energy) the console works in. */
export function getAppModule(): AppModule {
  const value = window.localStorage.getItem(STORAGE_KEYS.appModule);
  return isAppModule(value) ? value : DEFAULT_APP_MODULE;
}

/** Stores the module and reloads the console at '/', as the spec asks. */
export function switchAppModule(appModule: AppModule): void {
  window.localStorage.setItem(STORAGE_KEYS.appModule, appModule);
  window.location.assign('/');
}
