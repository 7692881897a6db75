import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/fixtures';
import {
  clearLocalStorage,
  getAppModule,
  getStoredUser,
  setStoredUser,
  STORAGE_KEYS,
  subscribeToSession,
  switchAppModule,
} from './session';

describe('stored user', () => {
  it('reads back the signed-in user', () => {
    const user = buildUser();
    setStoredUser(user);
    expect(getStoredUser()).toEqual(user);
    // The same object until the stored value changes, so React does not re-render needlessly.
    expect(getStoredUser()).toBe(getStoredUser());
  });

  it('tells the console of a changed user only: the same user stored again draws nothing again', () => {
    const user = buildUser();
    setStoredUser(user);
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    setStoredUser({ ...user });
    expect(listener).not.toHaveBeenCalled();
    setStoredUser({ ...user, name: `${user.name} Jr` });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getStoredUser()?.name).toBe(`${user.name} Jr`);
    unsubscribe();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a user', JSON.stringify({ userName: 'x' })],
    ['an unknown user type', JSON.stringify({ ...buildUser(), userType: 'wizard' })],
  ])('treats %s as corrupt: clears storage and has no user', (_, raw) => {
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'gen');
    window.localStorage.setItem(STORAGE_KEYS.user, raw);
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('sign-out clears all of local storage', () => {
    setStoredUser(buildUser());
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'gen');
    clearLocalStorage();
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});

describe('app module', () => {
  it('defaults to enviro and ignores unknown values', () => {
    expect(getAppModule()).toBe('enviro');
    window.localStorage.setItem(STORAGE_KEYS.appModule, 'mining');
    expect(getAppModule()).toBe('enviro');
  });

  it('stores the module and reloads at /', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    switchAppModule('energy');
    expect(getAppModule()).toBe('energy');
    expect(assign).toHaveBeenCalledWith('/');
  });
});
