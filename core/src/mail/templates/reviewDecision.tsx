import { ActionAndLink, EmailLayout, Paragraph } from '../layout.tsx';
import { renderEmail } from '../render.ts';

export type ReviewDecisionKind = 'fix-requested' | 'delisted' | 'suspended';

export type ReviewDecisionEmail = {
  name: string;
  kind: ReviewDecisionKind;
  listingTitle: string | null;
  reason: string;
  /** Fix requested: the listing's form; delisted: My Properties; suspended: none is shown. */
  link: string;
};

const SUBJECTS: Record<ReviewDecisionKind, string> = {
  'fix-requested': 'Please correct your listing on Rentals',
  delisted: 'Your listing was removed from Rentals',
  suspended: 'Your Rentals account was suspended',
};

const WHAT: Record<ReviewDecisionKind, string> = {
  'fix-requested': 'Our team reviewed reports about your listing and asks you to correct it.',
  delisted: 'Our team reviewed reports about your listing and removed it from Rentals.',
  suspended:
    'Our team reviewed reports about your listing and suspended your account: you can no longer sign in, and your listings are no longer shown.',
};

const ACTION: Record<ReviewDecisionKind, string | null> = {
  'fix-requested': 'Correct your listing',
  delisted: 'Open My Properties',
  suspended: null,
};

const ReviewDecision = ({ name, kind, listingTitle, reason, link }: ReviewDecisionEmail) => {
  const action = ACTION[kind];
  return (
    <EmailLayout
      preview={SUBJECTS[kind]}
      heading={SUBJECTS[kind]}
      footer="You get this email because users reported a listing of your Rentals account and our team reviewed it."
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        {WHAT[kind]}
        {listingTitle ? ` Listing: ${listingTitle}.` : ''}
      </Paragraph>
      <Paragraph>Reason: {reason}</Paragraph>
      {action === null ? null : <ActionAndLink href={link} label={action} />}
    </EmailLayout>
  );
};

/** The email telling an owner what a review of reports about their listing decided (api/src/reports sends it). */
export const reviewDecisionEmail = (props: ReviewDecisionEmail) =>
  renderEmail(SUBJECTS[props.kind], <ReviewDecision {...props} />);
