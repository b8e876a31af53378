import { Icon } from '@rentals/core/ui/Icon.tsx';
import { text } from '../../lib/i18n.ts';

/**
 * 'Email verified' beside a lister's name when they confirmed their email
 * address by its link (issue 41). One small piece, so that the lister's
 * trust card can take it as it is.
 */
export const EmailVerifiedBadge = ({ verified }: { verified: boolean }) =>
  verified ? (
    <span className="badge badge-listed" data-testid="email-verified">
      <Icon name="check" /> {text('trust.emailVerified')}
    </span>
  ) : null;
