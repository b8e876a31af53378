import { describe, expect, it } from 'vitest';
import { sniffFormat } from './photoRules.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffFormat', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffFormat(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
  });
  it('refuses everything else, whatever the file is called', () => {
    expect(sniffFormat(bytes('GIF89a'))).toBeNull();
    expect(sniffFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffFormat(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffFormat(bytes('<svg'))).toBeNull();
    expect(sniffFormat(new Uint8Array())).toBeNull();
  });
});
