import { useId, type ReactNode } from 'react';

/** What a control inside a Field spreads onto itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A control's error message, referenced by the control's `aria-describedby`; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    // One problem per line when a message lists several (each refused file, say).
    <p id={id} className="whitespace-pre-line text-sm text-danger">
      {message}
    </p>
  );
}

export const inputClasses =
  'block w-full min-h-11 rounded-lg border border-line bg-ink px-3 py-2 text-base text-text placeholder:text-muted/70 aria-[invalid=true]:border-danger read-only:opacity-75 disabled:opacity-60';

/**
 * A labelled form control with its hint and error message wired by id: the control gets
 * `id`, `aria-invalid` and `aria-describedby` (read out when the control gets focus, which
 * react-hook-form gives to the first invalid control on submit).
 */
export function Field({ label, error, hint, hideLabel = false, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-text'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** A checkbox with its label to the right and its error below. */
export function CheckboxField({ label, error, children }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
        <label htmlFor={id} className="text-sm text-text">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** 24 × 24 CSS px: the smallest tap target WCAG 2.5.8 allows, label aside. */
export const checkboxClasses = 'size-6 shrink-0 accent-brand';
