import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from '../../components/list';
import { alertsScreenQuerySchema, alertTypeOf, parseAlertsTab, tabSearch } from './alerts-query';

describe('the alerts screen’s address', () => {
  it('reads the industry, type, open only and page, and drops values the endpoint would refuse', () => {
    expect(readListQuery(alertsScreenQuerySchema, '?tenantId=12&alertType=OFFLINE&open=true&page=3')).toEqual(
      {
        tenantId: 12,
        alertType: 'OFFLINE',
        open: true,
        page: 3,
      },
    );
    expect(readListQuery(alertsScreenQuerySchema, '?tenantId=x&alertType=FIRE&open=yes&page=0')).toEqual({
      page: 1,
    });
  });

  it('writes a filter change back to page 1, leaving defaults out and keeping the tab', () => {
    const next = writeListQuery(
      alertsScreenQuerySchema,
      new URLSearchParams('tab=limits&page=4&tenantId=12'),
      {
        open: true,
      },
    );
    expect(next.toString()).toBe('tab=limits&tenantId=12&open=true');
    const cleared = writeListQuery(alertsScreenQuerySchema, next, { open: undefined, alertType: undefined });
    expect(cleared.toString()).toBe('tab=limits&tenantId=12');
  });

  it('keeps the industry when the tab changes, and starts the tab from its beginning', () => {
    const current = new URLSearchParams('tenantId=12&alertType=EXCEEDANCE&page=2');
    expect(tabSearch(current, 'limits').toString()).toBe('tenantId=12&tab=limits');
    expect(tabSearch(new URLSearchParams('tab=limits&tenantId=12'), 'alerts').toString()).toBe('tenantId=12');
    expect(tabSearch(new URLSearchParams('page=2'), 'alerts').toString()).toBe('');
  });

  it('knows its tabs and types; anything else is the first tab or every type', () => {
    expect(parseAlertsTab('limits')).toBe('limits');
    expect(parseAlertsTab(null)).toBe('alerts');
    expect(parseAlertsTab('toString')).toBe('alerts');
    expect(alertTypeOf('OFFLINE')).toBe('OFFLINE');
    expect(alertTypeOf('all')).toBeUndefined();
  });
});
