import { useCallback, useState, type InputHTMLAttributes, type Ref } from 'react';
import {
  PASSWORD_GENERATOR_RULES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#shared/validation/password-rule.ts';
import { inputClasses } from './Field.tsx';
import { LineIcon } from './LineIcon.tsx';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle. */
export function PasswordInput({ ref, className = '', ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        className={`${inputClasses} pr-12 ${className}`}
        {...rest}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-text"
      >
        <LineIcon>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {visible && <path d="M3 3l18 18" strokeLinecap="round" />}
        </LineIcon>
      </button>
    </div>
  );
}

/**
 * A password being chosen (registration): `new-password` with the rule's lengths, so a browser's
 * generator makes one the cinema API accepts (Chromium's follows `maxlength`), and the whole rule
 * in `passwordrules` (Safari and password managers). That attribute is not in the HTML standard,
 * so it is set on the element in the browser rather than written into the server's HTML, which
 * the W3C checker would refuse (decisions/registration-autofill.md).
 */
export function NewPasswordInput({ ref, ...rest }: PasswordInputProps) {
  const withRules = useCallback(
    (input: HTMLInputElement | null) => {
      input?.setAttribute('passwordrules', PASSWORD_GENERATOR_RULES);
      if (typeof ref === 'function') return ref(input);
      if (ref) ref.current = input;
      return undefined;
    },
    [ref],
  );
  return (
    <PasswordInput
      ref={withRules}
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      {...rest}
    />
  );
}
