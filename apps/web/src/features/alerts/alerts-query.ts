import { ALERT_TYPES, alertListQuerySchema, fromDigits, type AlertType } from '@vayu/domain';
import { z } from 'zod';

/**
 * What the alerts screen keeps in its address: the industry (not for an
 * industry's own users, who see theirs), the type, open only, and the page.
 */
export const alertsScreenQuerySchema = alertListQuerySchema.extend({
  tenantId: fromDigits(z.number().int().min(1)).optional(),
});

/** The tabs of the alerts screen (`?tab=`); the first is the screen without the parameter. */
export const ALERTS_TABS = ['alerts', 'limits'] as const;
export type AlertsTab = (typeof ALERTS_TABS)[number];

/** The tab a `?tab=` value names; anything else is the first one. */
export function parseAlertsTab(value: string | null): AlertsTab {
  return (ALERTS_TABS as readonly string[]).includes(value ?? '') ? (value as AlertsTab) : ALERTS_TABS[0];
}

/**
 * The address of a tab: the industry stays, the list's filters and page do not
 * (each tab starts at its beginning).
 */
export function tabSearch(current: URLSearchParams, tab: AlertsTab): URLSearchParams {
  const next = new URLSearchParams();
  const tenantId = current.get('tenantId');
  if (tenantId) next.set('tenantId', tenantId);
  if (tab !== ALERTS_TABS[0]) next.set('tab', tab);
  return next;
}

export const ALL_TYPES = 'all';
export type TypeChoice = AlertType | typeof ALL_TYPES;

/** The type filter's choice as the query takes it (`undefined`: every type). */
export function alertTypeOf(choice: string): AlertType | undefined {
  return ALERT_TYPES.find((type) => type === choice);
}
