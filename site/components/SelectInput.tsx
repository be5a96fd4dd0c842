import type { Ref, SelectHTMLAttributes } from 'react';
import { inputClasses } from './Field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  options: readonly SelectOption[];
  /** A first option with the value '' (e.g. 'Selecciona'). */
  placeholder?: string;
  /** Whether '' may be chosen again once something else was (e.g. 'Sin especificar'). */
  placeholderSelectable?: boolean;
}

/** A styled `<select>` for a Field: its options, and an optional first placeholder option. */
export function SelectInput({
  options,
  placeholder,
  placeholderSelectable = false,
  className = '',
  ...rest
}: SelectInputProps) {
  return (
    <select className={`${inputClasses} ${className}`} {...rest}>
      {placeholder !== undefined && (
        <option value="" disabled={!placeholderSelectable}>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Options whose label is the value itself. */
export const optionsOf = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/** Options labelled through a table (e.g. document types). */
export const labelledOptions = <T extends string>(values: readonly T[], labels: Record<T, string>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] }));
