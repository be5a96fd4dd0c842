import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import type {} from 'altcha/types/react';

/** The BFF's challenge endpoint: the only address the widget calls. */
const CHALLENGE_URL = '/bff/captcha/challenge';

export interface CaptchaFieldHandle {
  /** Back to "not verified" (a proof is spent once sent). */
  reset(): void;
}

export interface CaptchaFieldProps {
  ref?: Ref<CaptchaFieldHandle>;
  /** The verified proof, or '' whenever the widget is not verified. */
  onChange: (payload: string) => void;
  error?: string | undefined;
}

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

type AltchaElement = HTMLElement & { reset?: () => void; configure?: (config: Record<string, unknown>) => Promise<void> };

/**
 * The ALTCHA proof-of-work captcha ('No soy un robot'): the person ticks it, the browser
 * solves a challenge from the BFF, and the proof goes with the form as `captcha`.
 */
export function CaptchaField({ ref, onChange, error }: CaptchaFieldProps) {
  const widgetRef = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const errorId = useId();

  useImperativeHandle(ref, () => ({
    reset() {
      widgetRef.current?.reset?.();
      onChangeRef.current('');
    },
  }));

  useEffect(() => {
    let active = true;
    void import('./altcha-setup.ts').then(() => {
      if (active) void widgetRef.current?.configure?.({ humanInteractionSignature: false });
    });
    const widget = widgetRef.current;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    widget?.addEventListener('statechange', onState);
    return () => {
      active = false;
      widget?.removeEventListener('statechange', onState);
    };
  }, []);

  return (
    <div className="flex flex-col gap-1.5">
      <altcha-widget
        ref={widgetRef}
        challenge={CHALLENGE_URL}
        language="es-419"
        auto="off"
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
