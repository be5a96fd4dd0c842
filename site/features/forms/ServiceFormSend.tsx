import { Suspense, type Ref } from 'react';
import { Button } from '../../components/Button.tsx';
import { CaptchaField, type CaptchaFieldProps } from '../../components/captcha/CaptchaField.tsx';
import { UploadDialogPart } from './sending-parts.ts';

export interface ServiceFormSendProps {
  captcha: CaptchaFieldProps;
  /** Until the island is interactive, and while sending. */
  disabled: boolean;
  /** Why the last send did not go through (cancelled or failed), and that nothing was lost. */
  notice: string | null;
  /** Takes the focus after a cancel (the closing dialog leaves none), so the person goes on from it. */
  noticeRef: Ref<HTMLParagraphElement>;
  /**
   * From the first send on: the upload dialog is mounted then and stays, so it closes (and
   * hands the focus back) as a dialog. Until then its code need not load.
   */
  sentOnce: boolean;
}

/** The end of a service form: the robot check, 'Enviar', the upload dialog and the last send's notice. */
export function ServiceFormSend({ captcha, disabled, notice, noticeRef, sentOnce }: ServiceFormSendProps) {
  return (
    <>
      <CaptchaField {...captcha} />

      <div className="flex flex-col gap-3">
        <div>
          <Button type="submit" disabled={disabled} className="w-full sm:w-auto">
            Enviar
          </Button>
        </div>
        <p ref={noticeRef} tabIndex={-1} role="status" className="text-sm text-warning empty:hidden">
          {notice}
        </p>
      </div>
      {sentOnce && (
        <Suspense fallback={null}>
          <UploadDialogPart.Component />
        </Suspense>
      )}
    </>
  );
}
