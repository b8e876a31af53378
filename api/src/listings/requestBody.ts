import type { FieldError } from '@rentals/core/errors';
import { ValidationError } from '@rentals/core/errors';
import type { KeptImage } from '@rentals/core/listings/commands';
import { readImageCaptions, readKeepImages } from './listingInput.ts';

type Tree = Record<string, unknown>;

/**
 * The transport step of a create/update: multipart flattened to a tree (or
 * JSON as it is), JSON-text parts parsed. The tree is then checked against
 * the listing's schema by listingInput.ts.
 */

/** A create/update body: the field tree to validate, the uploaded files and the photo-edit instructions. */
export type ListingRequestBody = {
  fields: Tree;
  files: File[];
  /** Captions for the uploaded files, by position. */
  captions: string[];
  /** undefined: keep every current photo as it is. */
  keepImages: KeptImage[] | undefined;
};

/** Text fields that carry JSON in the multipart body (SPEC §7). */
const JSON_TEXT_FIELDS = [
  'facilities',
  'propertyDetails',
  'contactInfo',
  'keepImages',
  'imageCaptions',
  'tenancy',
] as const;

/** 'location[coordinates][latitude]' → ['location', 'coordinates', 'latitude']. */
const keyPath = (key: string): string[] => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? key, ...rest];
};

const setPath = (tree: Tree, path: string[], value: unknown) => {
  let node = tree;
  path.forEach((segment, i) => {
    if (segment === '__proto__' || segment === 'constructor' || segment === 'prototype') return;
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Tree;
  });
};

/** Flattens multipart form data into a tree: bracketed keys nest, files under `images` are collected. */
/** Structural, so both Bun's and the DOM's FormData fit. */
type FormEntries = { entries(): Iterable<[string, string | Blob]> };

export const formDataToTree = (form: FormEntries): { tree: Tree; files: File[] } => {
  const tree: Tree = Object.create(null) as Tree;
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') {
      // Every file field counts as a photo; the client sends them under `images` (or `images[]`).
      if ((key === 'images' || key === 'images[]') && value instanceof File) files.push(value);
      continue;
    }
    setPath(tree, keyPath(key), value);
  }
  return { tree, files };
};

const parseJsonText = (tree: Tree, errors: FieldError[]) => {
  for (const key of JSON_TEXT_FIELDS) {
    const raw = tree[key];
    if (typeof raw !== 'string') continue;
    if (raw.trim() === '') {
      delete tree[key];
      continue;
    }
    try {
      tree[key] = JSON.parse(raw) as unknown;
    } catch {
      errors.push({ path: key, msg: `${key} must be valid JSON` });
      delete tree[key];
    }
  }
};

/**
 * Reads a create/update request: multipart per SPEC §7, or (update) JSON with
 * the same names nested. Malformed JSON-text parts are reported as field
 * errors together with the rest of the validation.
 */
export const readListingRequest = async (
  request: Request,
): Promise<{ body: ListingRequestBody; errors: FieldError[] }> => {
  const type = request.headers.get('content-type') ?? '';
  const errors: FieldError[] = [];
  let tree: Tree;
  let files: File[] = [];
  if (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
  ) {
    const form = await request.formData().catch(() => {
      throw new ValidationError([{ path: '', msg: 'The form data could not be read' }]);
    });
    ({ tree, files } = formDataToTree(form));
    parseJsonText(tree, errors);
  } else {
    let parsed: unknown;
    try {
      parsed = await request.json();
    } catch {
      throw new ValidationError([
        { path: '', msg: 'Send the listing as multipart form data or a JSON object' },
      ]);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new ValidationError([
        { path: '', msg: 'Send the listing as multipart form data or a JSON object' },
      ]);
    tree = parsed as Tree;
  }
  const { captions, errors: captionErrors } = readImageCaptions(tree.imageCaptions);
  const { keepImages, errors: keepErrors } = readKeepImages(tree.keepImages);
  const body: ListingRequestBody = { fields: tree, files, captions, keepImages };
  return { body, errors: [...errors, ...captionErrors, ...keepErrors] };
};
