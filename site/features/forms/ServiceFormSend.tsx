import { Button } from '../../components/Button.tsx';
import { CaptchaField, type CaptchaFieldProps } from '../../components/captcha/CaptchaField.tsx';

export interface ServiceFormSendProps {
  captcha: CaptchaFieldProps;
  /** Until the island is interactive, and while sending. */
  disabled: boolean;
}

/** The end of a service form: the robot check, then 'Enviar'. */
export function ServiceFormSend({ captcha, disabled }: ServiceFormSendProps) {
  return (
    <>
      <CaptchaField {...captcha} />

      <div>
        <Button type="submit" disabled={disabled} className="w-full sm:w-auto">
          Enviar
        </Button>
      </div>
    </>
  );
}
