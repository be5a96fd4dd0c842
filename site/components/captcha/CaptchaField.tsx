import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import type {} from 'altcha/types/react';
import { bffUrl } from '#site/lib/bff-browser.ts';
import { FieldError } from '../Field.tsx';

/** The BFF's challenge endpoint: the only address the widget calls. */
const CHALLENGE_URL = bffUrl('GET /captcha/challenge');

export interface CaptchaFieldHandle {
  /** Back to "not verified" (a proof is spent once sent). */
  reset(): void;
}

export interface CaptchaFieldProps {
  ref?: Ref<CaptchaFieldHandle>;
  /** The verified proof, or '' whenever the widget is not verified. */
  onChange: (payload: string) => void;
  error?: string | undefined;
  /** The checkbox's text, when not the widget's own 'No soy un robot'. */
  label?: string;
  /**
   * Solve without a tick, in the background, as soon as the field is shown (ALTCHA's
   * `auto: 'onload'`), and again after a reset: the card form, filled by the browser in one tap.
   */
  solveAhead?: boolean;
}

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

type AltchaElement = HTMLElement & {
  reset?: () => void;
  verify?: () => Promise<unknown>;
  configure?: (config: Record<string, unknown>) => Promise<void>;
};

/**
 * The ALTCHA proof-of-work captcha ('No soy un robot'): the person ticks it (or, with
 * `solveAhead`, nobody needs to), the browser solves a challenge from the BFF, and the proof
 * goes with the form as `captcha`.
 *
 * The widget's code (some 30 KB gzipped, plus its styles) loads only when the person turns
 * to the form (a focus or touch inside it) or the captcha comes near the screen. Until then a
 * look-alike of the same size stands in its place, so nothing moves when the widget appears;
 * a tick on the look-alike loads the widget and starts the verification.
 */
export function CaptchaField({ ref, onChange, error, label, solveAhead = false }: CaptchaFieldProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const errorId = useId();

  useImperativeHandle(ref, () => ({
    reset() {
      widgetRef.current?.reset?.();
      onChangeRef.current('');
      if (solveAhead) void widgetRef.current?.verify?.();
    },
  }));

  useEffect(() => {
    const box = boxRef.current;
    const found = widgetRef.current;
    if (!box || !found) return;
    const widget: AltchaElement = found;
    const form = box.closest('form');
    let active = true;
    let requested = false;
    let verifyWhenReady = false;

    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '200px 0px' },
    );
    const onTurnToForm = () => load();
    const onPlaceholderTick = () => {
      verifyWhenReady = true;
      load();
    };
    const placeholder = box.querySelector<HTMLElement>('[data-captcha-placeholder]');

    function stopWatching() {
      observer.disconnect();
      form?.removeEventListener('focusin', onTurnToForm);
      form?.removeEventListener('pointerdown', onTurnToForm);
      placeholder?.removeEventListener('click', onPlaceholderTick);
    }

    function load() {
      if (requested) return;
      requested = true;
      void import('./altcha-setup.ts').then(
        async (setup) => {
          if (!active) return;
          stopWatching();
          await widget.configure?.({
            humanInteractionSignature: false,
            ...(solveAhead ? { auto: 'onload' } : {}),
            ...(label ? { language: setup.languageWithLabel(label) } : {}),
          });
          if (active && verifyWhenReady) void widget.verify?.();
        },
        () => {
          // Offline for a moment: the next focus or tick tries again.
          requested = false;
        },
      );
    }

    observer.observe(box);
    form?.addEventListener('focusin', onTurnToForm);
    form?.addEventListener('pointerdown', onTurnToForm);
    placeholder?.addEventListener('click', onPlaceholderTick);
    // The person may have started on the form before this island hydrated.
    if (solveAhead || form?.contains(document.activeElement)) load();

    const onState = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    widget.addEventListener('statechange', onState);
    return () => {
      active = false;
      stopWatching();
      widget.removeEventListener('statechange', onState);
    };
  }, [label, solveAhead]);

  return (
    <div className="flex flex-col gap-1.5">
      <div ref={boxRef}>
        <altcha-widget
          ref={widgetRef}
          challenge={CHALLENGE_URL}
          language="es-419"
          auto="off"
          aria-describedby={error ? errorId : undefined}
        />
        {/* Shown only while the widget is not defined yet; same size and look as the widget. */}
        <div
          data-captcha-placeholder
          aria-hidden="true"
          className="flex h-[70px] w-full max-w-[320px] cursor-pointer flex-col justify-between rounded-md border border-[#5e5e60] bg-[#1c1c1e] p-3 text-white [altcha-widget:defined+&]:hidden"
        >
          <span className="flex items-center gap-2 leading-5">
            <span className="size-[22px] shrink-0 rounded-[5px] border border-[#727274]" />
            {label ?? 'No soy un robot'}
          </span>
          <span className="self-end text-xs leading-4 text-[#a3a3a5]">Protegido por ALTCHA</span>
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
