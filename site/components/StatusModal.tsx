import { useStore } from '@nanostores/react';
import { $statusModal, confirmStatusModal, type StatusType } from './feedback-stores.ts';
import { Modal } from './Modal.tsx';
import { Button } from './Button.tsx';

const iconColours: Record<StatusType, string> = {
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-danger',
};

const iconLabels: Record<StatusType, string> = {
  success: 'Éxito',
  warning: 'Advertencia',
  error: 'Error',
};

function StatusIcon({ type }: { type: StatusType }) {
  return (
    <svg
      role="img"
      aria-label={iconLabels[type]}
      viewBox="0 0 48 48"
      className={`mx-auto size-16 ${iconColours[type]}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {type === 'warning' ? (
        <>
          <path d="M24 5 45 42H3z" />
          <path d="M24 19v11M24 36v.5" />
        </>
      ) : (
        <>
          <circle cx="24" cy="24" r="20" />
          {type === 'success' ? <path d="m15 24 6 6 12-13" /> : <path d="m17 17 14 14M31 17 17 31" />}
        </>
      )}
    </svg>
  );
}

/**
 * The status modal: icon, title, optional subtitle and one action button. It cannot be
 * dismissed by Escape or by clicking outside; only its button closes it.
 */
export function StatusModal() {
  const content = useStore($statusModal);
  return (
    <Modal open={content !== null} dismissible={false} role="alertdialog" size="sm" ariaLabel={content?.title}>
      {content && (
        <div className="flex flex-col items-center gap-4 text-center">
          <StatusIcon type={content.type} />
          <h2 className="text-xl font-bold">{content.title}</h2>
          {content.subtitle && <p className="text-muted">{content.subtitle}</p>}
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- an alert dialog's one action takes the focus when it opens */}
          <Button autoFocus onClick={confirmStatusModal} className="mt-2 min-w-32">
            {content.actionLabel ?? 'Aceptar'}
          </Button>
        </div>
      )}
    </Modal>
  );
}
