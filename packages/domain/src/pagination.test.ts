import { describe, expect, it } from 'vitest';
import {
  clampPagerLinks,
  getPageCount,
  getPageLinks,
  getPageOffset,
  isPagerVisible,
  parsePageNumber,
  type PageLink,
} from './pagination.js';

/** A compact picture of the pager: numbers, '…' for an ellipsis, [n] for the current page. */
const show = (links: PageLink[]) =>
  links.map((l) => (l.type === 'ellipsis' ? '…' : l.isCurrent ? `[${l.page}]` : String(l.page))).join(' ');

describe('page math', () => {
  it('counts pages and offsets', () => {
    expect(getPageCount(0, 9)).toBe(1);
    expect(getPageCount(9, 9)).toBe(1);
    expect(getPageCount(10, 9)).toBe(2);
    expect(getPageCount(100_000, 9)).toBe(11_112);
    expect(getPageOffset(1, 20)).toBe(0);
    expect(getPageOffset(3, 20)).toBe(40);
    expect(() => getPageCount(10, 0)).toThrow(RangeError);
  });

  it('hides the pager for one page', () => {
    expect(isPagerVisible(1)).toBe(false);
    expect(isPagerVisible(2)).toBe(true);
  });
});

describe('page links', () => {
  it('shows every page when they fit', () => {
    expect(show(getPageLinks(2, 5))).toBe('1 [2] 3 4 5');
    expect(show(getPageLinks(1, 9))).toBe('[1] 2 3 4 5 6 7 8 9');
  });

  it('uses 9 links by default, with ellipses', () => {
    expect(show(getPageLinks(1, 50))).toBe('[1] 2 3 4 5 6 7 … 50');
    expect(show(getPageLinks(5, 50))).toBe('1 2 3 4 [5] 6 7 … 50');
    expect(show(getPageLinks(6, 50))).toBe('1 … 4 5 [6] 7 8 … 50');
    expect(show(getPageLinks(25, 50))).toBe('1 … 23 24 [25] 26 27 … 50');
    expect(show(getPageLinks(45, 50))).toBe('1 … 43 44 [45] 46 47 … 50');
    expect(show(getPageLinks(46, 50))).toBe('1 … 44 45 [46] 47 48 49 50');
    expect(show(getPageLinks(47, 50))).toBe('1 … 44 45 46 [47] 48 49 50');
    expect(show(getPageLinks(50, 50))).toBe('1 … 44 45 46 47 48 49 [50]');
    for (let page = 1; page <= 50; page++) expect(getPageLinks(page, 50)).toHaveLength(9);
  });

  it('allows 5 to 10 links and clamps anything else', () => {
    expect(clampPagerLinks(undefined)).toBe(9);
    expect(clampPagerLinks(3)).toBe(5);
    expect(clampPagerLinks(12)).toBe(10);
    expect(show(getPageLinks(10, 20, 5))).toBe('1 … [10] … 20');
    expect(show(getPageLinks(10, 20, 10))).toBe('1 … 8 9 [10] 11 12 13 … 20');
    expect(getPageLinks(10, 20, 2)).toHaveLength(5);
    expect(getPageLinks(10, 20, 40)).toHaveLength(10);
  });

  it('keeps the current page inside the range', () => {
    expect(show(getPageLinks(0, 3))).toBe('[1] 2 3');
    expect(show(getPageLinks(99, 3))).toBe('1 2 [3]');
  });
});

describe('page number input', () => {
  it.each([
    ['1', 10, 1],
    ['10', 10, 10],
    [' 7 ', 10, 7],
    ['0', 10, null],
    ['11', 10, null],
    ['-1', 10, null],
    ['1.5', 10, null],
    ['abc', 10, null],
    ['', 10, null],
    ['3e1', 100, null],
  ])('%j with %i pages → %s', (input, pages, expected) => {
    expect(parsePageNumber(input, pages)).toBe(expected);
  });
});
