import { describe, expect, it } from 'vitest';
import { valued } from './valued.ts';
import { valuesReader } from './valuedMessages.ts';

describe('reading the values back from a valued message’s English', () => {
  it('given a value, then the value as written, whatever it holds', () => {
    const read = valuesReader('{file} - File too large.');
    expect(read('{x} (a) - File too large.')).toEqual({ file: '{x} (a)' });
    expect(read('Something else')).toBeNull();
  });

  it('given a plural, then its number, grouped or not', () => {
    const say = valued<[n: number]>(['n'], 'Wait {n, plural, one {# second} other {# seconds}}.');
    const read = valuesReader(say.icu);
    expect(read(say(1))).toEqual({ n: 1 });
    expect(read(say(150000))).toEqual({ n: 150000 });
    expect(say(150000)).toBe('Wait 1,50,000 seconds.');
  });

  it('given a select, then the option that was said, and an exact plural its number', () => {
    const say = valued<[unit: string, count: number]>(
      ['unit', 'count'],
      'In {unit, select, hours {{count, plural, =1 {an hour} other {# hours}}} other {{count} seconds}}.',
    );
    const read = valuesReader(say.icu);
    expect(read(say('hours', 1))).toEqual({ unit: 'hours', count: 1 });
    expect(read(say('hours', 3))).toEqual({ unit: 'hours', count: 3 });
    expect(read(say('seconds', 40))).toEqual({ unit: 'other', count: '40' });
  });
});
