import { useCallback, type InputHTMLAttributes, type KeyboardEvent, type Ref } from 'react';
import { inputClasses } from './Field.tsx';

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** The keys the spec's number inputs refuse (the phone, a tel input, keeps refusing them). */
export const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '.', '-', '+']);

/**
 * A number input that only takes digits: the keys e, E, ., -, + are blocked, and the mouse
 * wheel never changes the value (it scrolls the page instead).
 */
export function NumberInput({ ref, onKeyDown, className = '', ...rest }: NumberInputProps) {
  const attachWheelGuard = useCallback(
    (input: HTMLInputElement | null) => {
      if (typeof ref === 'function') ref(input);
      else if (ref) ref.current = input;
      if (!input) return undefined;
      // React's onWheel listener is passive, so preventDefault needs a listener of our own.
      const onWheel = (event: WheelEvent) => {
        if (document.activeElement !== input) return;
        event.preventDefault();
        window.scrollBy({ top: event.deltaY, left: event.deltaX });
      };
      input.addEventListener('wheel', onWheel, { passive: false });
      return () => {
        input.removeEventListener('wheel', onWheel);
        if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref],
  );

  return (
    <input
      ref={attachWheelGuard}
      type="number"
      inputMode="numeric"
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault();
        onKeyDown?.(event);
      }}
      className={`${inputClasses} ${className}`}
      {...rest}
    />
  );
}
