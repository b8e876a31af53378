import { beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { fill, setPageMessages, text } from './i18n.ts';

describe('fill', () => {
  beforeAll(() => setPageMessages(pageMessages('hi', ['common', 'auth', 'email'])));

  it('writes plain values in as the formatter does, without it', () => {
    const { t } = translatorFor('hi');
    expect(fill('common.pager.page', { page: 2, pages: 1200 })).toBe(
      t('common.pager.page', { page: 2, pages: 1200 }),
    );
    expect(fill('auth.verify.invalid')).toBe(t('auth.verify.invalid'));
    expect(fill('common.loading')).toBe(text('common.loading'));
  });

  it('refuses a plural or a missing value rather than show a placeholder', () => {
    expect(() => fill('email.alert.subject', { n: 2, search: 'PG' })).toThrow(/format\(\)/);
    expect(() => fill('common.pager.page', { page: 2 })).toThrow(/lacks one/);
  });
});
