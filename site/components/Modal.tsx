import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { lockPageScroll } from './scroll-lock.ts';
import { CloseIcon } from './LineIcon.tsx';

export interface ModalProps {
  open: boolean;
  /** Asked to close (Escape, outside click, close button). Ignored when not dismissible. */
  onClose?: () => void;
  /** Visible heading, also the dialog's accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  /** A line under the title saying why the dialog is here; also its accessible description. */
  description?: string | undefined;
  /** A modal that only its own buttons can close: no Escape, no outside click, no ✕. */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Role of the dialog: 'alertdialog' for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

/**
 * A modal built on the native `<dialog>`: focus moves in and is kept inside, the rest of the
 * page is inert, focus returns to the opener on close, and page scrolling is locked.
 */
export function Modal({
  open,
  onClose,
  title,
  ariaLabel,
  description,
  dismissible = true,
  size = 'md',
  role = 'dialog',
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  useLayoutEffect(() => {
    openRef.current = open;
  });
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    return lockPageScroll();
  }, [open]);

  // Closed by the browser itself (Escape, light dismiss): keep React state the source of truth.
  const handleNativeClose = () => {
    if (!openRef.current) return;
    const dialog = dialogRef.current;
    if (dismissible) onClose?.();
    else if (dialog && !dialog.open) dialog.showModal();
  };

  return (
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- a click on the backdrop does what Escape does (onCancel)
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      aria-describedby={description ? descriptionId : undefined}
      closedby={dismissible ? 'any' : 'none'}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
      onClose={handleNativeClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (dismissible && event.target === event.currentTarget) onClose?.();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${widths[size]} rounded-2xl border border-line bg-surface p-0 text-text shadow-2xl`}
    >
      {/* Outside the scrolling box: on a phone a long dialog scrolls and its ✕ stays in reach. */}
      {dismissible && (
        <button
          type="button"
          onClick={() => onClose?.()}
          aria-label="Cerrar"
          className="absolute top-3 right-3 z-20 inline-flex size-10 items-center justify-center rounded-full bg-surface text-muted hover:bg-surface-2 hover:text-text"
        >
          <CloseIcon />
        </button>
      )}
      <div className="max-h-[calc(100dvh-4rem)] overflow-y-auto p-6 sm:p-8">
        {title && (
          <h2 id={titleId} className="mb-4 pr-8 text-2xl font-bold text-text">
            {title}
          </h2>
        )}
        {description && (
          <p id={descriptionId} className="-mt-2 mb-4 text-muted">
            {description}
          </p>
        )}
        {open && children}
      </div>
    </dialog>
  );
}
