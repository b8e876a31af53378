import { useState, type InputHTMLAttributes, type Ref } from 'react';

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
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
};
