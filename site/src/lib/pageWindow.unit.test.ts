import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow.ts';

describe('pageWindow', () => {
  it('shows no pager for one page', () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('windows many pages around the current one, with the first and the last', () => {
    expect(pageWindow(1, 46)).toEqual([1, 2, 3, 'gap', 46]);
    expect(pageWindow(20, 46)).toEqual([1, 'gap', 18, 19, 20, 21, 22, 'gap', 46]);
    expect(pageWindow(46, 46)).toEqual([1, 'gap', 44, 45, 46]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageWindow(5, 46)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 46]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(-4, 10)).toEqual([1, 2, 3, 'gap', 10]);
  });
});
