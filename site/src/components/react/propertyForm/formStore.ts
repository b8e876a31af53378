/**
 * The property form's state and its submit, as nanostores with action
 * functions: one store per form on the page, so the sections share it without
 * threading values and setters through props, and the submit rules run (and
 * are tested) without React.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../../lib/api.ts';
import { text } from '../../../lib/i18n.ts';
import { FLAG_TERMS, isDerivedFacility } from '@rentals/core/listings/termCatalogue';
import {
  fieldForServerPath,
  shownFacilities,
  toFormData,
  valuesOf,
  type FormState,
} from '../../../lib/propertyForm.ts';
import type { Facility, Property, PropertyImage } from '../../../lib/types.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import type * as PropertyRules from '../../../lib/propertyRules.ts';
import { validateTenancy } from '../../../lib/tenancyForm.ts';

export type SubmitResult = { property: Property };
export type FormMode = 'create' | 'edit';

export type FormStatus =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success' }
  | { kind: 'failed'; messages: string[] };

/** How a submit ended: saved, refused before sending (invalid), or refused by the server. */
export type SubmitOutcome =
  | { kind: 'saved'; property: Property }
  | { kind: 'invalid' }
  | { kind: 'rejected'; error: unknown };

export type PropertyFormOptions = {
  /** Prefix of the controls' ids (React's useId), so labels and errors point at them. */
  id: string;
  mode: FormMode;
  initial: FormState;
  existingImages?: PropertyImage[];
  /** Sends the body; throws ApiError on failure. */
  submit: (body: FormData) => Promise<SubmitResult>;
};

/** The server's field errors under their fields, and every message for the list at the top. */
const failureOf = (error: unknown): { errors: FieldErrors; messages: string[] } => {
  if (error instanceof ApiError && error.errors.length > 0) {
    const errors: FieldErrors = {};
    const messages: string[] = [];
    for (const e of error.errors) {
      const target = fieldForServerPath(e.path ?? e.param ?? '');
      if (target && !errors[target]) errors[target] = e.msg;
      messages.push(e.msg);
    }
    return { errors, messages };
  }
  const message =
    (error instanceof ApiError && error.message) ||
    (error instanceof Error && !(error instanceof ApiError) && error.message) ||
    text('propertyForm.unexpected');
  return { errors: {}, messages: [message] };
};

export const createPropertyForm = ({
  id,
  mode,
  initial,
  existingImages = [],
  submit,
}: PropertyFormOptions) => {
  const $values = atom<FormState>(initial);
  const $errors = atom<FieldErrors>({});
  const $status = atom<FormStatus>({ kind: 'idle' });
  const $kept = atom<PropertyImage[]>(existingImages);
  const $files = atom<File[]>([]);
  const $photoErrors = atom<string[]>([]);

  const update = (patch: Partial<FormState>) => $values.set({ ...$values.get(), ...patch });
  const setField = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    update({ [key]: value });

  const submitForm = async (): Promise<SubmitOutcome> => {
    // At once, so a second click sends nothing; the rules load with the first send, not with the
    // form (the page's first load, site/scripts/checkBudgets.ts).
    $status.set({ kind: 'submitting' });
    let rules: typeof PropertyRules;
    try {
      rules = await import('../../../lib/propertyRules.ts');
    } catch (error) {
      $status.set({ kind: 'failed', messages: failureOf(error).messages });
      return { kind: 'rejected', error };
    }
    const values = $values.get();
    const found = {
      ...rules.validateProperty(valuesOf(values)),
      ...validateTenancy(values, values.propertyType, Date.now()),
    };
    $errors.set(found);
    if (Object.keys(found).length > 0) {
      $status.set({ kind: 'failed', messages: Object.values(found) });
      return { kind: 'invalid' };
    }
    // Only when the owner changed the photos: a list sent unchanged would also drop photos that
    // finished processing after the form was opened (uploads are processed after the answer).
    const kept = $kept.get();
    const changed =
      kept.length !== existingImages.length || kept.some((i, n) => i.id !== existingImages[n]?.id);
    const keepImages = mode === 'edit' && changed ? kept.map((i) => ({ id: i.id })) : undefined;
    try {
      const { property } = await submit(toFormData($values.get(), $files.get(), keepImages));
      $status.set({ kind: 'success' });
      return { kind: 'saved', property };
    } catch (error) {
      const { errors, messages } = failureOf(error);
      $errors.set(errors);
      $status.set({ kind: 'failed', messages });
      return { kind: 'rejected', error };
    }
  };

  return {
    id,
    mode,
    $values,
    $errors,
    $status,
    $kept,
    $files,
    $photoErrors,
    setField,
    setFacility: (facility: Facility, on: boolean) => {
      if (!isDerivedFacility(facility))
        return setField('facilities', { ...$values.get().facilities, [facility]: on });
      // A view of its term: ticking gives the smallest 'yes' unless the term already says yes.
      if (shownFacilities($values.get())[facility] === on) return;
      const { term, yes, no } = FLAG_TERMS[facility];
      const value = on ? yes : no;
      update({ [term]: typeof value === 'boolean' ? (value ? 'yes' : 'no') : value });
    },
    /** Coordinates as the form shows them: 6 decimals, about 10 cm. */
    setCoordinates: (latitude: number, longitude: number) =>
      update({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) }),
    clearCoordinates: () => update({ latitude: '', longitude: '' }),
    /** The picker's choice; its address only fills an empty address field. */
    confirmLocation: (picked: { latitude: number; longitude: number; address: string }) =>
      update({
        latitude: picked.latitude.toFixed(6),
        longitude: picked.longitude.toFixed(6),
        address: $values.get().address.trim() ? $values.get().address : picked.address,
      }),
    removeKeptImage: (image: PropertyImage) => $kept.set($kept.get().filter((i) => i !== image)),
    setFiles: (files: File[]) => $files.set(files),
    setPhotoErrors: (errors: string[]) => $photoErrors.set(errors),
    submitForm,
  };
};

export type PropertyFormStore = ReturnType<typeof createPropertyForm>;
