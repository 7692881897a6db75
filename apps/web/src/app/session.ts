import {
  APP_MODULES,
  DEFAULT_APP_MODULE,
  loggedInUserSchema,
  type AppModule,
  type LoggedInUser,
} from '@vayu/domain';
import { useSyncExternalStore } from 'react';

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

// The parsed user is cached against the raw stored text, so every render sees the
// same object until the stored value really changes.
let cache: { raw: string | null; user: LoggedInUser | null } = { raw: null, user: null };

function notify() {
  for (const listener of listeners) listener();
}

/**
 * The signed-in user kept in localStorage. A value that is not valid JSON or
 * does not match the schema is treated as corrupt: storage is cleared and there
 * is no user, so the guard sends the visitor to /login.
 */
export function getStoredUser(): LoggedInUser | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.user);
  if (raw === cache.raw) return cache.user;
  let user: LoggedInUser | null = null;
  if (raw !== null) {
    try {
      user = loggedInUserSchema.parse(JSON.parse(raw));
    } catch {
      window.localStorage.clear();
      cache = { raw: null, user: null };
      return null;
    }
  }
  cache = { raw, user };
  return user;
}

export function setStoredUser(user: LoggedInUser): void {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
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

function subscribe(listener: Listener): () => void {
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

/** The signed-in user, re-rendering when it changes (sign-in, sign-out, 401, another tab). */
export function useSessionUser(): LoggedInUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
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
