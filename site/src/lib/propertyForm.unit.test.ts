import { describe, expect, it } from 'vitest';
import { emptyForm, fieldForServerPath, toFormData, valuesOf } from './propertyForm.ts';

describe('property form model', () => {
  it('starts with the spec defaults', () => {
    const v = valuesOf(emptyForm());
    expect(v.propertyType).toBe('flat');
    expect(v.rentType).toBe('monthly');
    expect([v.rent, v.bedrooms, v.bathrooms, v.areaSqft, v.floor, v.totalFloors]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(v.latitude).toBeNull();
  });

  it('reads blank numbers as 0', () => {
    const v = valuesOf({ ...emptyForm(), bedrooms: '', floor: ' ', rent: '' });
    expect([v.bedrooms, v.floor, v.rent]).toEqual([0, 0, 0]);
  });

  it('builds the multipart body of SPEC §7', () => {
    const state = {
      ...emptyForm(),
      title: ' Flat ',
      rent: '15000',
      city: 'Pune',
      latitude: '18.5',
      longitude: '73.8',
      bedrooms: '2',
    };
    state.facilities.wifi = true;
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    const form = toFormData(state, [file], [{ id: 'img1' }]);
    expect(form.get('title')).toBe('Flat');
    expect(form.get('rent')).toBe('15000');
    expect(form.get('location[city]')).toBe('Pune');
    expect(form.get('location[coordinates][latitude]')).toBe('18.5');
    expect(JSON.parse(form.get('facilities') as string)).toMatchObject({
      wifi: true,
      parking: false,
      laundry: false,
    });
    expect(JSON.parse(form.get('propertyDetails') as string)).toEqual({
      bedrooms: 2,
      bathrooms: 0,
      area: 0,
      floor: 0,
      totalFloors: 0,
    });
    expect(JSON.parse(form.get('contactInfo') as string)).toEqual({
      showPhone: true,
      showEmail: false,
    });
    expect(JSON.parse(form.get('keepImages') as string)).toEqual([{ id: 'img1' }]);
    expect(form.getAll('images')).toHaveLength(1);
    expect(form.get('showOnMap')).toBe('true');
  });

  it('leaves coordinates out when not set', () => {
    expect(toFormData(emptyForm(), []).has('location[coordinates][latitude]')).toBe(false);
  });

  it.each([
    ['title', 'title'],
    ['location.pinCode', 'pinCode'],
    ['location[city]', 'city'],
    ['location.coordinates.latitude', 'latitude'],
    ['propertyDetails.area', 'areaSqft'],
    ['propertyDetails[floor]', 'floor'],
    ['images', undefined],
  ])('maps server path %s', (path, field) => {
    expect(fieldForServerPath(path)).toBe(field);
  });
});
