import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VisitorCard, type VisitorCardListing } from '@rentals/core/ui/VisitorCard.tsx';
import { renderToDom } from './renderToDom.ts';
import { translatorFor } from '@rentals/core/i18n/catalogues';

/** The card's words in English, as the pre-rendered pages give them. */
const en = translatorFor('en').t;

/**
 * Just enough of an HTML document for renderToDom, serialised the way
 * react-dom/server escapes (the unit tier has no browser; search.e2e compares
 * the real DOM of /browse).
 */
class Text {
  constructor(public data: string) {}
}
class Parent {
  children: (Element | Text)[] = [];
  append(...nodes: (Element | Text)[]) {
    this.children.push(...nodes);
  }
  normalize() {
    const merged: (Element | Text)[] = [];
    for (const child of this.children) {
      const last = merged[merged.length - 1];
      if (child instanceof Text && last instanceof Text) last.data += child.data;
      else if (!(child instanceof Text && child.data === '')) merged.push(child);
      if (child instanceof Element) child.normalize();
    }
    this.children = merged;
  }
}
class Element extends Parent {
  attributes = new Map<string, string>();
  constructor(
    public tag: string,
    public namespace?: string,
  ) {
    super();
  }
  // As in an HTML document: attribute names of HTML elements are lower-cased, SVG's keep their case.
  setAttribute(name: string, value: string) {
    this.attributes.set(this.namespace ? name : name.toLowerCase(), value);
  }
}
const fakeDocument = {
  createElement: (tag: string) => new Element(tag),
  createElementNS: (namespace: string, tag: string) => new Element(tag, namespace),
  createTextNode: (data: string) => new Text(data),
  createDocumentFragment: () => new Parent(),
} as unknown as Document;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? '&#x27;',
  );
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'source']);
const html = (node: Element | Text): string => {
  if (node instanceof Text) return escape(node.data);
  const attributes = [...node.attributes].map(([k, v]) => ` ${k}="${escape(v)}"`).join('');
  if (VOID.has(node.tag)) return `<${node.tag}${attributes}/>`;
  return `<${node.tag}${attributes}>${node.children.map(html).join('')}</${node.tag}>`;
};
const viaDom = (tree: ReactNode) =>
  (renderToDom(tree, fakeDocument) as unknown as Parent).children.map(html).join('');
/** react-dom/server keeps React's spelling of attribute names (srcSet); the DOM lower-cases HTML's. */
const viaReact = (tree: ReactNode) =>
  renderToStaticMarkup(tree).replace(
    / ([A-Za-z-]+)="/g,
    (_, name: string) => ` ${name === 'viewBox' ? name : name.toLowerCase()}="`,
  );

const listing: VisitorCardListing = {
  id: '7f0c',
  title: `Sunny 1RK <b>near</b> "Metro" & it's quiet`,
  propertyType: 'PG',
  city: 'Bengaluru',
  owner: { name: 'Meera', role: 'homeowner' },
  views: 0,
  images: [
    {
      url: '/uploads/x.jpg',
      caption: 'Front room',
      placeholder: 'data:image/webp;base64,QUJD',
      variants: [{ url: '/uploads/x-400.webp', width: 400 }],
    },
  ],
};

describe('renderToDom', () => {
  it.each([
    ['with a photo', listing],
    ['without a photo', { ...listing, images: [] }],
    ['with a bare photo', { ...listing, images: [{ url: '/uploads/y.jpg' }] }],
  ])('builds the visitor card %s exactly as react-dom/server writes it', (_, card) => {
    expect(viaDom(<VisitorCard t={en} listing={card} />)).toBe(
      viaReact(<VisitorCard t={en} listing={card} />),
    );
    expect(viaDom(<VisitorCard t={en} listing={card} headingLevel={2} />)).toBe(
      viaReact(<VisitorCard t={en} listing={card} headingLevel={2} />),
    );
  });

  it('flattens fragments and lists, skips empty children and writes booleans as React does', () => {
    const tree = (
      <ul hidden={false} aria-busy={false} data-open>
        <>
          {['a', 1, null, false, undefined].map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </>
        <li hidden style={{ margin: 0, background: '' }}>
          {0}
        </li>
      </ul>
    );
    expect(viaDom(tree)).toBe(viaReact(tree));
  });

  it("draws the card's icons in SVG's namespace, or the browser would not paint them", () => {
    // Without a photo: the house in the photo's place and the eye beside the views.
    const card = renderToDom(
      <VisitorCard t={en} listing={{ ...listing, images: [] }} />,
      fakeDocument,
    ) as unknown as Parent;
    const found: Element[] = [];
    const walk = (node: Element | Text | Parent) => {
      if (node instanceof Element && (node.tag === 'svg' || node.tag === 'path')) found.push(node);
      if (node instanceof Parent) node.children.forEach(walk);
    };
    walk(card);
    expect(found.map((e) => `${e.tag} ${e.namespace}`)).toEqual([
      'svg http://www.w3.org/2000/svg',
      'path http://www.w3.org/2000/svg',
      'svg http://www.w3.org/2000/svg',
      'path http://www.w3.org/2000/svg',
    ]);
  });

  it('refuses what needs React itself', () => {
    expect(() => viaDom(<button onClick={() => undefined}>Go</button>)).toThrow(/needs React/);
    expect(() => viaDom(<div dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />)).toThrow(
      /needs React/,
    );
    expect(() => viaDom(<div style={{ width: 10 }} />)).toThrow(/as a string/);
  });
});
