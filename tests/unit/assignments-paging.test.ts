import { describe, expect, it } from 'vitest';
import { fallbackPage, pageCount, parsePage, shownRange } from '../../client/features/assignments/paging';

describe('assignment table paging', () => {
  it('reads ?pendingPage= leniently: anything but a positive whole number is page 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('12')).toBe(12);
    for (const raw of [null, '', '0', '-2', '1.5', 'abc', '2abc', ' 2', '1e3', '9999999999999999'])
      expect(parsePage(raw)).toBe(1);
  });

  it('counts pages and the rows shown, for "Showing X–Y of Z"', () => {
    expect([0, 1, 25, 26, 51].map((total) => pageCount(total, 25))).toEqual([1, 1, 1, 2, 3]);
    expect(shownRange(1, 25, 25)).toEqual({ from: 1, to: 25 });
    expect(shownRange(3, 25, 1)).toEqual({ from: 51, to: 51 });
    expect(shownRange(2, 25, 0)).toEqual({ from: 0, to: 0 });
  });

  it('steps back to the last page with rows when a page comes back empty', () => {
    // the only row of page 3 (of pages of 3) was deleted: 6 left → page 2
    expect(fallbackPage(3, 3, 6, 0)).toBe(2);
    // a URL naming a page far past the end
    expect(fallbackPage(40, 25, 51, 0)).toBe(3);
    // everything deleted → page 1
    expect(fallbackPage(2, 25, 0, 0)).toBe(1);
    // nothing to do: the page has rows, or it is page 1 already
    expect(fallbackPage(2, 3, 6, 3)).toBeNull();
    expect(fallbackPage(1, 25, 0, 0)).toBeNull();
  });
});
