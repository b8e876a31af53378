import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@rentals/core/i18n/locales';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from '../../lib/i18n.ts';
import { ReportBrigade, type OpenReportView } from './ReportBrigade.tsx';

const report = (overrides: Partial<OpenReportView>): OpenReportView => ({
  reportId: 'r1',
  reason: 'Fake or scam',
  at: '2026-12-02T10:00:00.000Z',
  accountAgeHours: 50,
  newAccount: false,
  emailVerified: true,
  sharedAddress: null,
  createdTogether: 1,
  weight: 1.5,
  why: ['Account 2 days old, email confirmed: counts as 1'],
  counts: true,
  ...overrides,
});

const REPORTS = [
  report({}),
  report({
    reportId: 'r2',
    reason: 'Already rented',
    accountAgeHours: 0,
    newAccount: true,
    emailVerified: false,
    sharedAddress: 2,
    createdTogether: null,
    weight: 0,
    counts: false,
    why: ['Account less than a day old when reporting: does not count'],
  }),
];

/** The open reports and the undo button as an admin reads them on a page in `locale`. */
const given = (locale: Locale) => {
  setPageMessages(pageMessages(locale, ['admin']));
  // Markup only: the words, with React's text separators taken out.
  return renderToStaticMarkup(
    <ReportBrigade listingId="l1" reports={REPORTS} onUndone={() => undefined} />,
  ).replaceAll('<!-- -->', '');
};

describe('the brigade review of a listing’s open reports', () => {
  it('says each report’s reason, account, cluster and weight in English as before', () => {
    const html = given('en');
    expect(html).toContain(
      'Fake or scam · account 2 days old · account created within an hour of others (group 1) · counts towards hiding (weighs 1½ toward hiding)',
    );
    expect(html).toContain(
      'Already rented · account under an hour old · same address as others (group 2) · email not confirmed · does not count towards hiding',
    );
    // The second report is ticked (a new account), so the undo dismisses one.
    expect(html).toContain('Undo brigade: dismiss 1 ticked report and restore the listing');
  });

  it('says them in Hindi, the reasons translated by their code, the API’s why left as it wrote it', () => {
    const html = given('hi');
    expect(html).toContain(
      'नकली या धोखाधड़ी · अकाउंट 2 दिन पुराना · अकाउंट दूसरों के एक घंटे के अंदर बना (समूह 1) · छिपाने में गिनी जाती है (छिपाने की ओर 1½ का वज़न)',
    );
    expect(html).toContain('पहले ही किराये पर दे दी गई · अकाउंट एक घंटे से कम पुराना');
    expect(html).toContain('Account 2 days old, email confirmed: counts as 1');
    expect(html).toContain('<legend>खुली शिकायतें</legend>');
  });

  it('says them in Kannada', () => {
    const html = given('kn');
    expect(html).toContain('ನಕಲಿ ಅಥವಾ ವಂಚನೆ · ಖಾತೆ 2 ದಿನಗಳಷ್ಟು ಹಳೆಯದು');
    expect(html).toContain('ಗುಂಪು ದೂರು ರದ್ದುಮಾಡಿ: ಗುರುತು ಹಾಕಿದ 1 ದೂರನ್ನು ತಿರಸ್ಕರಿಸಿ ಮತ್ತು ಲಿಸ್ಟಿಂಗ್ ಮತ್ತೆ ತೋರಿಸಿ');
  });
});
