import type { InputHTMLAttributes, Ref } from 'react';
import { documentNumberInput } from '#shared/validation/document-number.ts';
import type { DocType } from '#shared/validation/options.ts';
import { inputClasses } from './Field.tsx';

export interface DocumentNumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  ref?: Ref<HTMLInputElement>;
  /** The selected document type ('' before one is chosen): it sets the keyboard and the example. */
  docType: DocType | '' | undefined;
}

/**
 * A document number: a text input (a passport or a NIT has letters or a dash, which a number
 * input drops), with the numeric keyboard for a cédula de ciudadanía. What is typed stays as
 * typed; the shared rule (shared/validation/document-number.ts) says what is wrong with it.
 */
export function DocumentNumberInput({ docType, className = '', ...rest }: DocumentNumberInputProps) {
  const { inputMode, autoCapitalize, placeholder } = documentNumberInput(docType);
  return (
    <input
      type="text"
      inputMode={inputMode}
      autoCapitalize={autoCapitalize}
      autoCorrect="off"
      spellCheck={false}
      placeholder={placeholder}
      className={`${inputClasses} ${className}`}
      {...rest}
    />
  );
}
