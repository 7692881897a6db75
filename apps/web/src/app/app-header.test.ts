import { describe, expect, it } from 'vitest';
import { currentNavPath } from './app-header';

describe('the header link of the page shown', () => {
  const paths = ['/devices', '/devices/profiles', '/devices/offline/remark', '/makes', '/tenants'];

  it('is the most specific link that matches', () => {
    expect(currentNavPath('/devices/profiles', paths)).toBe('/devices/profiles');
    expect(currentNavPath('/devices/offline/remark', paths)).toBe('/devices/offline/remark');
    expect(currentNavPath('/devices', paths)).toBe('/devices');
    expect(currentNavPath('/devices/12/edit', paths)).toBe('/devices');
    expect(currentNavPath('/makes/3/models', paths)).toBe('/makes');
  });

  it('is none on a page no link leads to, and a path only sharing letters is not a match', () => {
    expect(currentNavPath('/profile', paths)).toBeUndefined();
    expect(currentNavPath('/devicesx', paths)).toBeUndefined();
  });

  it('takes the console’s own links by default', () => {
    expect(currentNavPath('/devices/profiles')).toBe('/devices/profiles');
  });
});
