import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PURCHASE_TEXTS } from './texts.ts';

/** '¿Quieres salir de la compra?': leaving releases the held seats; staying keeps everything as it was. */
export function LeavePurchaseDialog({ href, onStay }: { href: string | null; onStay: () => void }) {
  return (
    <Modal open={href !== null} onClose={onStay} title={PURCHASE_TEXTS.leaveTitle} role="alertdialog" size="sm">
      <p className="mb-6">{PURCHASE_TEXTS.leave}</p>
      <div className="flex flex-col gap-3">
        <Button onClick={onStay}>{PURCHASE_TEXTS.leaveCancel}</Button>
        <Button variant="secondary" onClick={() => href !== null && window.location.assign(href)}>
          {PURCHASE_TEXTS.leaveConfirm}
        </Button>
      </div>
    </Modal>
  );
}
