import { fromDigits } from './fields.js';
import { z } from 'zod';

/** Limits of the pagination control (spec §2, §5, §9). */
export const PAGER_MIN_LINKS = 5;
export const PAGER_DEFAULT_LINKS = 9;
export const PAGER_MAX_LINKS = 10;

export type PageLink = { type: 'page'; page: number; isCurrent: boolean } | { type: 'ellipsis'; key: string };

export function getPageCount(totalItems: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError('pageSize must be a positive integer');
  return Math.max(1, Math.ceil(Math.max(0, totalItems) / pageSize));
}

export function getPageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

export function clampPagerLinks(maxLinks: number | undefined): number {
  if (maxLinks === undefined || !Number.isFinite(maxLinks)) return PAGER_DEFAULT_LINKS;
  return Math.min(PAGER_MAX_LINKS, Math.max(PAGER_MIN_LINKS, Math.trunc(maxLinks)));
}

/**
 * The page links of the pagination control. At most `maxLinks` entries
 * (ellipses included); the first and last pages are always reachable, and the
 * current page sits in the middle when it can.
 */
export function getPageLinks(currentPage: number, pageCount: number, maxLinks?: number): PageLink[] {
  const size = clampPagerLinks(maxLinks);
  const total = Math.max(1, Math.trunc(pageCount));
  const current = Math.min(total, Math.max(1, Math.trunc(currentPage)));
  const page = (p: number): PageLink => ({ type: 'page', page: p, isCurrent: p === current });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => page(from + i));

  if (total <= size) return range(1, total);

  const half = Math.ceil(size / 2);
  if (current <= half) {
    return [...range(1, size - 2), { type: 'ellipsis', key: 'end' }, page(total)];
  }
  if (current > total - half) {
    return [page(1), { type: 'ellipsis', key: 'start' }, ...range(total - size + 3, total)];
  }
  const middle = size - 4;
  const start = current - Math.floor((middle - 1) / 2);
  return [
    page(1),
    { type: 'ellipsis', key: 'start' },
    ...range(start, start + middle - 1),
    { type: 'ellipsis', key: 'end' },
    page(total),
  ];
}

/** Whether the pager shows at all: it is hidden when there is only one page. */
export function isPagerVisible(pageCount: number): boolean {
  return pageCount > 1;
}

/**
 * A page number typed or taken from the URL: digits only, at least 1 and at
 * most the last page. Returns null when it is not a valid page.
 */
export function parsePageNumber(value: unknown, pageCount?: number): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  if (page < 1) return null;
  if (pageCount !== undefined && page > Math.max(1, pageCount)) return null;
  return page;
}

/** Query parameters of a paged list. */
export const pageQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).optional(),
});

/**
 * How far a list counts its matches. Beyond this many, a list answers with a
 * lower bound or an estimate instead of counting every row on every request.
 */
export const COUNT_LIMIT = 1000;

/**
 * What a page's `total` is: `exact` the number of matches (counted with the
 * request, or for a short list up to 2 s before by another); `atLeast` a lower
 * bound (there are at least `total` matches, more than `total - 1`);
 * `estimate` a recent count that may be slightly off.
 */
export const TOTAL_KINDS = ['exact', 'atLeast', 'estimate'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

/** A page of results as every paged list endpoint returns it. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalKind: z.enum(TOTAL_KINDS),
    pageCount: z.number().int(),
  });
}
export type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalKind: TotalKind;
  pageCount: number;
};

/** Rows per page of the console's lists (the API accepts up to `MAX_PAGE_SIZE`). */
export const PAGE_SIZES = {
  /** Most lists. */
  default: 20,
  /** The industry list, whose rows are tall cards. */
  tenants: 9,
} as const;
export const MAX_PAGE_SIZE = 100;
