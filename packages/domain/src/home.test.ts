import { describe, expect, it } from 'vitest';
import { deliveredShareOf, homeViewOf, showsExpiringSubscriptions } from './home.js';

describe('homeViewOf', () => {
  it('gives each user type its own home', () => {
    expect(homeViewOf('site', null)).toBe('platform');
    expect(homeViewOf('partner', null)).toBe('partner');
    expect(homeViewOf('corporate', null)).toBe('corporate');
    expect(homeViewOf('statutory', null)).toBe('board');
    expect(homeViewOf('tenant', null)).toBe('industry');
  });

  it('shows the industry’s home to anyone acting for one industry', () => {
    expect(homeViewOf('site', 42)).toBe('industry');
    expect(homeViewOf('partner', 42)).toBe('industry');
  });

  it('lists expiring subscriptions for the platform and partners only', () => {
    expect(showsExpiringSubscriptions('platform')).toBe(true);
    expect(showsExpiringSubscriptions('partner')).toBe(true);
    expect(showsExpiringSubscriptions('industry')).toBe(false);
    expect(showsExpiringSubscriptions('board')).toBe(false);
    expect(showsExpiringSubscriptions('corporate')).toBe(false);
  });
});

describe('deliveredShareOf', () => {
  it('is delivered over expected to three places, 0 when nothing is expected', () => {
    expect(deliveredShareOf(90, 96)).toBe(0.938);
    expect(deliveredShareOf(30, 40)).toBe(0.75);
    expect(deliveredShareOf(0, 0)).toBe(0);
    expect(deliveredShareOf(5, 0)).toBe(0);
  });

  it('never passes 1 (a slot delivered twice is one slot)', () => {
    expect(deliveredShareOf(41, 40)).toBe(1);
  });
});
