import type { FieldError } from '../shared/errors.ts';
import { ValidationError } from '../shared/errors.ts';
import type { KeptImage } from './domain/commands.ts';
import { MAX_CAPTION_LENGTH } from './validation.ts';

type Tree = Record<string, unknown>;

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

const keptImages = (raw: unknown, errors: FieldError[]): KeptImage[] | undefined => {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    errors.push({ path: 'keepImages', msg: 'keepImages must be a list of image ids' });
    return undefined;
  }
  const kept: KeptImage[] = [];
  raw.forEach((item: unknown, i) => {
    if (typeof item === 'string') kept.push({ id: item });
    else if (typeof item === 'object' && item !== null && typeof (item as Tree).id === 'string') {
      const { id, caption } = item as { id: string; caption?: unknown };
      if (caption === undefined) kept.push({ id });
      else if (typeof caption === 'string' && caption.trim().length <= MAX_CAPTION_LENGTH)
        kept.push({ id, caption: caption.trim() });
      else
        errors.push({
          path: `keepImages.${i}.caption`,
          msg: `Caption cannot exceed ${MAX_CAPTION_LENGTH} characters`,
        });
    } else
      errors.push({ path: `keepImages.${i}`, msg: 'Each kept image is an id or {id, caption}' });
  });
  return kept;
};

const captions = (raw: unknown, errors: FieldError[]): string[] => {
  if (raw === undefined) return [];
  if (
    !Array.isArray(raw) ||
    raw.some((c) => typeof c !== 'string' || c.length > MAX_CAPTION_LENGTH)
  ) {
    errors.push({
      path: 'imageCaptions',
      msg: `imageCaptions must be a list of texts of at most ${MAX_CAPTION_LENGTH} characters`,
    });
    return [];
  }
  return (raw as string[]).map((c) => c.trim());
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
  const body: ListingRequestBody = {
    fields: tree,
    files,
    captions: captions(tree.imageCaptions, errors),
    keepImages: keptImages(tree.keepImages, errors),
  };
  return { body, errors };
};
