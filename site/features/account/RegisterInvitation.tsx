export interface RegisterInvitationProps {
  /** The registration page, with the showtime to come back to when there is one (`registerPath`). */
  href: string;
}

/** '¿No tienes una cuenta? Regístrate aquí', under the login form of the dialog and the page. */
export function RegisterInvitation({ href }: RegisterInvitationProps) {
  return (
    <p className="mt-4 text-center text-sm text-muted">
      ¿No tienes una cuenta? {/* A tap target of 44 px in height (WCAG 2.5.8 asks 24), in the line of the sentence. */}
      <a
        href={href}
        className="inline-flex min-h-11 items-center px-1 font-semibold text-brand underline-offset-4 hover:underline"
      >
        Regístrate aquí
      </a>
    </p>
  );
}
