import type { InputHTMLAttributes, Ref } from 'react';
import { inputClasses } from './Field.tsx';

export interface EmailInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  ref?: Ref<HTMLInputElement>;
}

/** An e-mail address: the phone's e-mail keyboard, and the browser's saved address unless told otherwise. */
export function EmailInput({ className = '', autoComplete = 'email', ...rest }: EmailInputProps) {
  return (
    <input
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      className={`${inputClasses} ${className}`.trim()}
      {...rest}
    />
  );
}
