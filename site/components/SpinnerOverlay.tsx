import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $spinner } from './feedback-stores.ts';
import { lockPageScroll } from './scroll-lock.ts';

/**
 * The global loading overlay. A modal `<dialog>` so it sits above any open dialog, keeps
 * the page inert while a mutation runs, and cannot be closed by the person.
 */
export function SpinnerOverlay() {
  const { visible, text } = useStore($spinner);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (visible && !dialog.open) dialog.showModal();
    if (!visible && dialog.open) dialog.close();
  }, [visible]);

  useEffect(() => (visible ? lockPageScroll() : undefined), [visible]);

  return (
    <dialog
      ref={dialogRef}
      aria-label={text || 'Cargando'}
      closedby="none"
      onCancel={(event) => event.preventDefault()}
      className="m-auto border-0 bg-transparent p-0 text-text backdrop:bg-black/75 focus:outline-none"
      tabIndex={-1}
    >
      <div role="status" className="flex flex-col items-center gap-4 p-6 text-center">
        <span
          aria-hidden="true"
          className="size-14 animate-spin rounded-full border-4 border-line border-t-brand motion-reduce:animate-[spin_1.5s_linear_infinite]"
        />
        <p className="max-w-xs text-lg font-semibold">
          {visible ? text || <span className="sr-only">Cargando</span> : null}
        </p>
      </div>
    </dialog>
  );
}
