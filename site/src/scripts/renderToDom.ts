/**
 * Renders a React element tree of plain markup straight into DOM nodes, for
 * /browse, which must not load react-dom: rendering its cards with it takes
 * the page from 25 KB to 91 KB gzip, over its 50 KB budget. The elements
 * come from `react/jsx-runtime` (under 1 KB); function components are
 * called, fragments flattened, and props become attributes the way
 * react-dom/server writes them, so the nodes equal its markup (search.e2e
 * checks this on every /browse card). Event handlers, state and effects need
 * React itself and are refused.
 */
import type { ReactElement, ReactNode } from 'react';

type Props = Record<string, unknown> & { children?: ReactNode };

const FRAGMENT = Symbol.for('react.fragment');
/** <svg> and everything inside it (the icons) live in SVG's namespace, where names keep their case (viewBox). */
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** Prop names that HTML spells otherwise; setAttribute lower-cases the rest (srcSet → srcset). */
const ATTRIBUTE_NAMES: Record<string, string> = { className: 'class', htmlFor: 'for' };
const NOT_ATTRIBUTES = new Set(['children', 'key', 'ref']);

const isElement = (node: unknown): node is ReactElement<Props> =>
  typeof node === 'object' && node !== null && 'type' in node && 'props' in node;

const hyphenate = (name: string) =>
  name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** style={{ backgroundSize: 'cover' }} → 'background-size:cover', as react-dom/server writes it. */
const cssText = (style: Record<string, unknown>) =>
  Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => {
      // react-dom adds 'px' to some numbers and not others; strings say what they mean.
      if (typeof value !== 'string' && value !== 0)
        throw new Error(`renderToDom: give style ${name} as a string`);
      return `${hyphenate(name)}:${String(value)}`;
    })
    .join(';');

const setProp = (element: Element, name: string, value: unknown) => {
  if (NOT_ATTRIBUTES.has(name) || value === undefined || value === null) return;
  if (typeof value === 'function' || name === 'dangerouslySetInnerHTML')
    throw new Error(`renderToDom renders markup only; ${name} needs React`);
  if (name === 'style') {
    const text = cssText(value as Record<string, unknown>);
    if (text) element.setAttribute('style', text);
    return;
  }
  const attribute = ATTRIBUTE_NAMES[name] ?? name;
  if (typeof value === 'boolean') {
    // aria-* and data-* say 'true'/'false'; other attributes are there (hidden="") or not.
    if (/^(aria|data)-/.test(attribute)) element.setAttribute(attribute, String(value));
    else if (value) element.setAttribute(attribute, '');
    return;
  }
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new Error(`renderToDom: ${name} is not an attribute value`);
  element.setAttribute(attribute, String(value));
};

const append = (parent: ParentNode, node: ReactNode, doc: Document, inSvg = false): void => {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    parent.append(doc.createTextNode(String(node)));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node as ReactNode[]) append(parent, child, doc, inSvg);
    return;
  }
  if (!isElement(node)) throw new Error('renderToDom: not a React element');
  const type: unknown = node.type;
  const props = node.props;
  if (typeof type === 'function') {
    append(parent, (type as (props: Props) => ReactNode)(props), doc, inSvg);
    return;
  }
  if (type === FRAGMENT) {
    append(parent, props.children, doc, inSvg);
    return;
  }
  if (typeof type !== 'string') throw new Error('renderToDom: unsupported element type');
  const svg = inSvg || type === 'svg';
  const element = svg ? doc.createElementNS(SVG_NAMESPACE, type) : doc.createElement(type);
  for (const [name, value] of Object.entries(props)) setProp(element, name, value);
  append(element, props.children, doc, svg);
  parent.append(element);
};

/** The tree as DOM nodes, adjacent text merged as it is in parsed markup. */
export const renderToDom = (node: ReactNode, doc: Document = document): DocumentFragment => {
  const fragment = doc.createDocumentFragment();
  append(fragment, node, doc);
  fragment.normalize();
  return fragment;
};
