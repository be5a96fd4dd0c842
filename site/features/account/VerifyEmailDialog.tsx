import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { VerificationCodeFormSchema } from '#shared/validation/verification-code.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { Modal } from '../../components/Modal.tsx';
import { Field, inputClasses } from '../../components/Field.tsx';
import { Button } from '../../components/Button.tsx';
import { openStatusModal } from '../../components/feedback-stores.ts';
import {
  $verificationBusy,
  $verifyDialogOpen,
  closeVerifyDialog,
  sendVerificationCode,
  validateVerificationCode,
} from './stores.ts';
import { EMAIL_VERIFIED_TITLE } from './texts.ts';

/** How long '¡Correo verificado!' stays before the screen closes by itself ('Continuar' closes it sooner). */
const VERIFIED_SHOWN_MS = 2500;

export interface VerifyEmailDialogProps {
  email: string;
}

/**
 * 'Verifica el correo': one code input, 'Verificar' (a loading image while busy) and
 * 'solicita uno nuevo' (registration already sent a first code). Page scrolling is locked
 * while it is open and restored on close (the Modal does that). A valid code is answered
 * where the person is looking: the screen says '¡Correo verificado!' for a moment, then closes.
 */
export default function VerifyEmailDialog({ email }: VerifyEmailDialogProps) {
  const open = useStore($verifyDialogOpen);
  const busy = useStore($verificationBusy);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(closeVerifyDialog, VERIFIED_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [verified]);

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = VerificationCodeFormSchema.safeParse({ code });
    if (!parsed.success) {
      openStatusModal({
        type: 'warning',
        title: MESSAGES.verificationCodeTitle,
        subtitle: MESSAGES.verificationCodeRequired,
      });
      return;
    }
    setVerified(await validateVerificationCode(parsed.data.code));
  };

  const onRequestNew = async () => {
    setCode('');
    await sendVerificationCode();
  };

  if (verified) {
    return (
      <Modal open={open} onClose={closeVerifyDialog} title="Verifica el correo">
        <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
          <svg
            aria-hidden="true"
            viewBox="0 0 48 48"
            className="size-14 text-success"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <circle cx="24" cy="24" r="20" />
            <path d="m15 25 6 6 12-13" />
          </svg>
          <p className="text-2xl font-bold text-success">{EMAIL_VERIFIED_TITLE}</p>
          <p className="text-muted">
            Tu correo <strong className="text-text wrap-anywhere">{email}</strong> quedó confirmado.
          </p>
        </div>
        <Button type="button" onClick={closeVerifyDialog} className="mt-4 w-full">
          Continuar
        </Button>
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={closeVerifyDialog} title="Verifica el correo">
      <p className="mb-4 text-muted">
        Te enviamos un código a <strong className="text-text wrap-anywhere">{email}</strong>. Escríbelo aquí para
        confirmar tu correo.
      </p>
      <form method="post" noValidate onSubmit={onVerify} className="flex flex-col gap-4">
        <Field label="Código de verificación">
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              className={`${inputClasses} text-center text-xl tracking-[0.3em]`}
            />
          )}
        </Field>
        <div className="flex min-h-11 items-center justify-center" aria-live="polite">
          {busy ? (
            <svg role="img" aria-label="Verificando..." viewBox="0 0 50 50" className="size-11 animate-spin text-brand">
              <circle
                cx="25"
                cy="25"
                r="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="5"
                strokeDasharray="90 150"
                strokeLinecap="round"
              />
            </svg>
          ) : (
            <Button type="submit" className="w-full">
              Verificar
            </Button>
          )}
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        ¿No te llegó el código o ya expiró?{' '}
        <button
          type="button"
          onClick={() => void onRequestNew()}
          disabled={busy}
          className="inline-flex min-h-11 items-center px-1 font-semibold text-brand underline-offset-4 hover:underline disabled:opacity-60"
        >
          solicita uno nuevo
        </button>
      </p>
    </Modal>
  );
}
