import { describe, expect, it } from 'vitest';
import { pageAssets, staticImports } from './pageWeight.ts';

describe('staticImports', () => {
  it.each([
    ['import{a as b}from"./chunk.js";', ['./chunk.js']],
    ['import"./side.js";import * as R from "./react.js"', ['./side.js', './react.js']],
    ['const m=import("./map.js");', []],
    ['x.import("./no.js")', []],
    ['export{a}from"./re.js"', ['./re.js']],
    ['import{jsx as e}from"./jsx.js";const l=()=>import("./lazy.js")', ['./jsx.js']],
  ])('%s', (code, expected) => {
    expect(staticImports(code)).toEqual(expected);
  });
});

describe('pageAssets', () => {
  it('finds scripts, styles and island urls under /_astro', () => {
    const html = `<link rel="stylesheet" href="/_astro/a.css"><script type="module" src="/_astro/p.js"></script>
      <astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island>
      <link rel="icon" href="/favicon.svg"><a href="/browse">x</a>`;
    expect(pageAssets(html)).toEqual([
      '/_astro/a.css',
      '/_astro/p.js',
      '/_astro/Island.js',
      '/_astro/client.js',
    ]);
  });
});
