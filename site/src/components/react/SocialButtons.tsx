/** Shown on login and register; what they do is not specified (SPEC §1), so they only say so. */
import { toast } from '../../stores/toasts.ts';

export const SocialButtons = () => (
  <>
    <div className="divider">or continue with</div>
    <div className="social-buttons">
      {['Google', 'Facebook'].map((name) => (
        <button
          key={name}
          type="button"
          className="button"
          onClick={() => toast.info(`${name} sign-in is coming soon`)}
        >
          {name}
        </button>
      ))}
    </div>
  </>
);
