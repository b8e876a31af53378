import { describe, expect, it } from 'vitest';
import { multipart } from './multipart.ts';

describe('multipart', () => {
  it('builds a body that a standard form parser reads back field for field and byte for byte', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0x80, 0xfe]);
    const { body, contentType } = multipart(
      [
        ['title', 'Flat in Bengaluru — 2 BHK, ₹ 24,000'],
        ['propertyType', 'flat'],
        ['propertyType', 'house'],
      ],
      [{ field: 'images', name: 'front.jpg', type: 'image/jpeg', bytes: photo }],
    );
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData();
    expect(form.get('title')).toBe('Flat in Bengaluru — 2 BHK, ₹ 24,000');
    expect(form.getAll('propertyType')).toEqual(['flat', 'house']);
    const file = form.get('images') as File;
    expect(file.name).toBe('front.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(photo);
  });
});
