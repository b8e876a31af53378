import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from '../../lib/i18n.ts';
import { Specs } from './Specs.tsx';

// The card's words in English, as the layout hands them to the page's islands.
setPageMessages(pageMessages('en', ['card']));

const details = (bedrooms: number, bathrooms: number, area: number) => ({
  bedrooms,
  bathrooms,
  area,
  floor: 0,
  totalFloors: 0,
});

describe('a card’s specs', () => {
  it('show beds, baths and sq ft when above 0', () => {
    const html = renderToStaticMarkup(<Specs details={details(2, 1, 950)} />);
    expect(html).toContain('2 Beds');
    expect(html).toContain('1 Bath<');
    expect(html).toContain('950 sq ft');
    expect(renderToStaticMarkup(<Specs details={details(1, 2, 0)} />)).toContain('1 Bed<');
    // Indian digit grouping, as every other number on screen.
    expect(renderToStaticMarkup(<Specs details={details(3, 2, 1860)} />)).toContain('1,860 sq ft');
  });

  it('leave out each one that is 0 (a PG room has no bedroom count)', () => {
    const html = renderToStaticMarkup(<Specs details={details(0, 1, 0)} />);
    expect(html).not.toContain('Bed');
    expect(html).not.toContain('sq ft');
    expect(html).toContain('1 Bath<');
  });
});
