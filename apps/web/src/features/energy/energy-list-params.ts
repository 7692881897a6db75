import type { EnergyCategory } from '@vayu/domain';
import { isEnergyCategory } from './energy-labels';

export const ENERGY_PAGE_SIZE = 20;

export interface EnergyListState {
  page: number;
  search?: string;
  category?: EnergyCategory;
}

function parsePositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * The state of an energy list as it sits in the URL (`?page=2&search=kwh&category=Water`),
 * so that back, forward and reload show the same page. Unknown values are ignored.
 */
export function readEnergyListParams(params: URLSearchParams): EnergyListState {
  const search = params.get('search')?.trim();
  const category = params.get('category');
  return {
    page: parsePositiveInt(params.get('page')) ?? 1,
    search: search ? search : undefined,
    category: isEnergyCategory(category) ? category : undefined,
  };
}

export type EnergyListParamChange = Partial<{
  page: number;
  search: string | undefined;
  category: EnergyCategory | undefined;
}>;

/** The next URL params: any filter change goes back to page 1; defaults are left out of the URL. */
export function writeEnergyListParams(
  current: URLSearchParams,
  change: EnergyListParamChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  if ('search' in change) set('search', change.search?.trim());
  if ('category' in change) set('category', change.category);
  const page = change.page ?? 1;
  set('page', page > 1 ? String(page) : undefined);
  return next;
}
