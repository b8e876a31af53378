import { describe, expect, it } from 'vitest';
import { CATALOGUES, NAMESPACES, translatorFor, type MessageId } from './catalogues.ts';
import { LOCALES } from './locales.ts';
import { messageShape, messageTexts } from './messageShape.ts';
import { leftInEnglish } from './writtenInScript.ts';
import {
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoCatalogue,
  pseudoEnglish,
  pseudoMessage,
} from './pseudo.ts';
import { createTranslator } from './translate.ts';
import {
  facilityLabel,
  filterHint,
  filterLabel,
  filterOptionLabel,
  listerLabelIn,
  optionLabel,
  propertyTypeLabel,
  termFormLabel,
  termLabel,
} from './terms.ts';
import { TERM_FILTER_HINT, TERMS } from '../listings/termCatalogue.ts';
import { FACILITY_LABELS, listerLabel, typeLabel } from '../ui/labels.ts';

const en = CATALOGUES.en;
const ids = Object.keys(en) as MessageId[];

describe('the catalogues', () => {
  it.each(Object.keys(NAMESPACES) as (keyof typeof NAMESPACES)[])(
    '%s.json holds only its own ids',
    (namespace) => {
      for (const messages of Object.values<object>(NAMESPACES[namespace]))
        for (const id of Object.keys(messages)) expect(id.split('.')[0]).toBe(namespace);
    },
  );

  it.each(['hi', 'kn'] as const)('%s has every English id and no other', (locale) => {
    expect(Object.keys(CATALOGUES[locale]).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s asks the same values and tags in every language', (id) => {
    const shape = messageShape(en[id]);
    for (const locale of LOCALES)
      expect(messageShape(CATALOGUES[locale][id]), locale).toEqual(shape);
  });

  it.each(['hi', 'kn'] as const)('%s is written in its script, never left in English', (locale) => {
    const untranslated = ids.filter((id) =>
      leftInEnglish(
        messageTexts(en[id]).join(' '),
        messageTexts(CATALOGUES[locale][id]).join(' '),
        locale,
      ),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('a translator', () => {
  it('formats values and plurals by each language’s rules', () => {
    const t = translatorFor('en').t;
    expect(t('email.alert.subject', { n: 1, search: 'Koramangala 2 BHK' })).toBe(
      '1 new property for “Koramangala 2 BHK”',
    );
    expect(t('email.alert.subject', { n: 1200, search: 'PG' })).toBe(
      '1,200 new properties for “PG”',
    );
    // Hindi's 'one' covers 0 and 1; Kannada's, 0 and 1 too, but its other form differs.
    expect(translatorFor('kn').t('email.alert.subject', { n: 3, search: 'x' })).toBe(
      '“x” ಗಾಗಿ 3 ಹೊಸ ಪ್ರಾಪರ್ಟಿಗಳು',
    );
  });

  it('groups counts the Indian way in every language, Kannada too (CLDR groups it in threes)', () => {
    for (const locale of LOCALES)
      expect(translatorFor(locale).t('email.alert.subject', { n: 150000, search: 'x' })).toContain(
        '1,50,000',
      );
  });

  it('gives a rich message’s tags to the caller', () => {
    const parts = translatorFor('en').rich<string>('email.newMessage.intro', {
      toOwner: 'yes',
      sender: 'Asha',
      title: '2 BHK in Indiranagar',
      b: (chunks) => `[${chunks.join('')}]`,
    });
    expect(parts.join('')).toBe('Asha wrote to you about your property [2 BHK in Indiranagar]:');
  });

  it('throws on an id its catalogue lacks, rather than show the id', () => {
    const messages: Record<string, string> = { a: 'A' };
    const t = createTranslator('en', messages).t;
    expect(() => t('b')).toThrow(/no message b/);
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens by about 30 % and brackets every message, keeping values and tags', () => {
    const message = pseudoMessage('Reset password');
    expect(message.startsWith(`${PSEUDO_OPEN}Ŕéšéţ þåššŵöŕð `)).toBe(true);
    expect(message.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(message.length).toBeGreaterThanOrEqual(Math.ceil('Reset password'.length * 1.3));
    const pseudo = pseudoCatalogue(en);
    for (const id of ids) expect(messageShape(pseudo[id]), id).toEqual(messageShape(en[id]));
    const t = createTranslator('en', pseudo).t;
    expect(t('email.alert.subject', { n: 2, search: 'PG' })).toMatch(/^⟦2 ñéŵ þŕöþéŕţîéš ƒöŕ “PG”/);
  });

  it('replaces the English of a process in place, but for the namespaces it is told to leave', () => {
    const namespaces = {
      auth: { en: { 'auth.title': 'Sign in' }, hi: { 'auth.title': 'साइन इन' } },
      email: { en: { 'email.subject': 'Welcome' }, hi: { 'email.subject': 'स्वागत' } },
    };
    const catalogues = { en: { 'auth.title': 'Sign in', 'email.subject': 'Welcome' } };
    pseudoEnglish(namespaces, catalogues, ['email']);
    expect(namespaces.auth.en['auth.title']).toBe(pseudoMessage('Sign in'));
    expect(catalogues.en).toEqual({
      'auth.title': pseudoMessage('Sign in'),
      'email.subject': 'Welcome',
    });
    expect(namespaces.email.en['email.subject']).toBe('Welcome');
    expect(namespaces.auth.hi['auth.title']).toBe('साइन इन');
  });
});

describe('the terms namespace', () => {
  it('takes its English from the declarations: the terms, facilities, types and listers', () => {
    const t = translatorFor('en').t;
    expect(termLabel(t, 'preferredTenants')).toBe(TERMS.preferredTenants.label);
    expect(termFormLabel(t, 'parking')).toBe('Parking Space');
    expect(optionLabel(t, 'furnishing', 'semi-furnished')).toBe('Semi-furnished');
    expect(filterLabel(t, 'preferredTenants')).toBe('Tenants');
    expect(filterOptionLabel(t, 'preferredTenants', 'men')).toBe('Men (PG)');
    expect(filterOptionLabel(t, 'facing', 'north-east')).toBe('North-east');
    expect(filterHint(t)).toBe(TERM_FILTER_HINT);
    expect(facilityLabel(t, 'petFriendly')).toBe(FACILITY_LABELS.petFriendly);
    expect(propertyTypeLabel(t, 'flat')).toBe(typeLabel('flat'));
    expect(listerLabelIn(t, 'admin')).toBe(listerLabel('admin'));
  });

  it('reads each label in the language asked, leaving a value it does not know as it is', () => {
    const t = translatorFor('hi').t;
    expect(propertyTypeLabel(t, 'flat')).toBe('फ़्लैट');
    expect(propertyTypeLabel(t, 'villa')).toBe('villa');
    expect(listerLabelIn(translatorFor('kn').t, 'broker')).toBe('ಬ್ರೋಕರ್');
    expect(optionLabel(t, 'facing', 'up')).toBe('up');
  });
});
