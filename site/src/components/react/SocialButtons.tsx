/** Shown on login and register; what they do is not specified (SPEC §1), so they only say so. */
import { fill, text } from '../../lib/i18n.ts';
import { toast } from '../../stores/toasts.ts';

export const SocialButtons = () => (
  <>
    <div className="divider">{text('auth.social.or')}</div>
    <div className="social-buttons">
      {['Google', 'Facebook'].map((name) => (
        <button
          key={name}
          type="button"
          className="button"
          onClick={() => toast.info(fill('auth.social.comingSoon', { name }))}
        >
          {name}
        </button>
      ))}
    </div>
  </>
);
