import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { ApiError } from '../../../lib/api.ts';
import { setPageMessages } from '../../../lib/i18n.ts';
import { emptyForm, shownFacilities, type FormState } from '../../../lib/propertyForm.ts';
import type { Property, PropertyImage } from '../../../lib/types.ts';
import { createPropertyForm, type SubmitResult } from './formStore.ts';

// The form's messages as an English page has them.
beforeAll(() => setPageMessages(pageMessages('en', ['propertyForm'])));
const valid: FormState = {
  ...emptyForm(),
  title: 'Sunny 2BHK near Baner hills',
  description: 'Two bedrooms, two bathrooms and a view of the hills.',
  rent: '25000',
  city: 'Pune',
  area: 'Baner',
  address: '14 Hill View Society',
  pinCode: '411045',
};

const image = (id: string): PropertyImage => ({
  id,
  url: `/${id}.jpg`,
  variants: [],
  width: 800,
  height: 600,
  placeholder: '',
  caption: '',
});

const saved = { _id: 'p1', title: valid.title } as Property;

/** A form whose submit answers with `answer` and records the bodies it was given. */
const formWith = (
  answer: () => Promise<SubmitResult>,
  options: { initial?: FormState; mode?: 'create' | 'edit' } = {},
) => {
  const bodies: FormData[] = [];
  const form = createPropertyForm({
    id: 'f',
    mode: options.mode ?? 'create',
    initial: options.initial ?? valid,
    existingImages: [image('a'), image('b')],
    submit: (body) => {
      bodies.push(body);
      return answer();
    },
  });
  return { form, bodies };
};

describe('property form store', () => {
  it('refuses an invalid form without sending it and lists every message', async () => {
    const { form, bodies } = formWith(() => Promise.resolve({ property: saved }), {
      initial: emptyForm(),
    });
    expect(await form.submitForm()).toEqual({ kind: 'invalid' });
    expect(bodies).toHaveLength(0);
    expect(form.$errors.get().title).toBe('Title is required');
    const status = form.$status.get();
    expect(status.kind === 'failed' && status.messages).toContain('City is required');
  });

  it('sends a valid form and ends in success', async () => {
    const { form, bodies } = formWith(() => Promise.resolve({ property: saved }));
    const sending = form.submitForm();
    expect(form.$status.get()).toEqual({ kind: 'submitting' });
    expect(await sending).toEqual({ kind: 'saved', property: saved });
    expect(form.$status.get()).toEqual({ kind: 'success' });
    expect(bodies[0]?.get('location[city]')).toBe('Pune');
    expect(bodies[0]?.has('keepImages')).toBe(false);
  });

  it('on edit sends no photo list when the photos were left as they were (all stay)', async () => {
    const { form, bodies } = formWith(() => Promise.resolve({ property: saved }), {
      mode: 'edit',
    });
    await form.submitForm();
    expect(bodies[0]?.has('keepImages')).toBe(false);
  });

  it('on edit keeps the photos that were not removed', async () => {
    const { form, bodies } = formWith(() => Promise.resolve({ property: saved }), {
      mode: 'edit',
    });
    const first = form.$kept.get()[0];
    if (first) form.removeKeptImage(first);
    await form.submitForm();
    expect(JSON.parse(bodies[0]?.get('keepImages') as string)).toEqual([{ id: 'b' }]);
  });

  it("puts the server's field errors under their fields and lists them all", async () => {
    const refusal = new ApiError(400, 'Validation failed', [
      { path: 'location.pinCode', msg: 'Please enter a valid 6-digit pin code' },
      { path: 'images', msg: 'fake.jpg is not an image' },
    ]);
    const { form } = formWith(() => Promise.reject(refusal));
    expect(await form.submitForm()).toEqual({ kind: 'rejected', error: refusal });
    expect(form.$errors.get()).toEqual({ pinCode: 'Please enter a valid 6-digit pin code' });
    expect(form.$status.get()).toEqual({
      kind: 'failed',
      messages: ['Please enter a valid 6-digit pin code', 'fake.jpg is not an image'],
    });
  });

  it.each([
    [new ApiError(403, 'Forbidden'), 'Forbidden'],
    [new ApiError(500, ''), 'An unexpected error occurred. Please try again.'],
    [new Error('boom'), 'boom'],
  ])('shows the message of %s', async (error, message) => {
    const { form } = formWith(() => Promise.reject(error));
    await form.submitForm();
    expect(form.$status.get()).toEqual({ kind: 'failed', messages: [message] });
  });

  it("keeps a typed address when the picker's location is confirmed", () => {
    const { form } = formWith(() => Promise.resolve({ property: saved }));
    form.confirmLocation({ latitude: 18.5074, longitude: 73.8077, address: 'Kothrud, Pune' });
    expect(form.$values.get()).toMatchObject({
      latitude: '18.507400',
      longitude: '73.807700',
      address: '14 Hill View Society',
    });
    form.setField('address', ' ');
    form.confirmLocation({ latitude: 1, longitude: 2, address: 'Kothrud, Pune' });
    expect(form.$values.get().address).toBe('Kothrud, Pune');
  });

  it('keeps furnished, parking and pets checkboxes as views of their terms', () => {
    const { form } = formWith(() => Promise.resolve({ property: saved }));
    const shown = () => shownFacilities(form.$values.get());
    const terms = () => {
      const { furnishing, parking, petsAllowed } = form.$values.get();
      return { furnishing, parking, petsAllowed };
    };
    // Ticking a box whose term is not given sets the smallest 'yes'.
    form.setFacility('furnished', true);
    form.setFacility('parking', true);
    form.setFacility('petFriendly', true);
    expect(terms()).toEqual({
      furnishing: 'semi-furnished',
      parking: 'two-wheeler',
      petsAllowed: 'yes',
    });
    // A term that already says yes stays as it is when its box is ticked again.
    form.setField('parking', 'car');
    form.setFacility('parking', true);
    expect(terms().parking).toBe('car');
    // Unticking says no.
    form.setFacility('furnished', false);
    form.setFacility('parking', false);
    form.setFacility('petFriendly', false);
    expect(terms()).toEqual({ furnishing: 'unfurnished', parking: 'none', petsAllowed: 'no' });
    expect(shown()).toMatchObject({ furnished: false, parking: false, petFriendly: false });
    // A box whose term says no is ticked to the smallest 'yes'.
    form.setFacility('furnished', true);
    expect(terms().furnishing).toBe('semi-furnished');
    // Choosing a term changes its box.
    form.setField('furnishing', 'fully-furnished');
    form.setField('petsAllowed', 'yes');
    form.setField('parking', '');
    expect(shown()).toMatchObject({ furnished: true, parking: false, petFriendly: true });
    form.setField('furnishing', 'unfurnished');
    expect(shown().furnished).toBe(false);
  });

  it('sends the flags its terms say, whatever the stored flags were', async () => {
    const initial = { ...valid, facilities: { ...valid.facilities, furnished: true, wifi: true } };
    const { form, bodies } = formWith(() => Promise.resolve({ property: saved }), { initial });
    await form.submitForm();
    const sent = JSON.parse(bodies[0]!.get('facilities') as string) as Record<string, boolean>;
    expect(sent).toMatchObject({ furnished: false, wifi: true });
    form.setFacility('wifi', false);
    expect(shownFacilities(form.$values.get()).wifi).toBe(false);
  });
});
