import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { text } from '../../lib/i18n.ts';

type Props = InputHTMLAttributes<HTMLInputElement> & { inputRef?: Ref<HTMLInputElement> };

/** A password field with a show/hide toggle that keeps its label association. */
export const PasswordInput = ({ inputRef, ...props }: Props) => {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-with-toggle">
      <input {...props} ref={inputRef} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="button button-small"
        aria-label={text(visible ? 'common.password.hideLabel' : 'common.password.showLabel')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {text(visible ? 'common.password.hide' : 'common.password.show')}
      </button>
    </div>
  );
};
