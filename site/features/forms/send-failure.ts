import type { BffFailure } from '../../lib/bff-error.ts';
import { openStatusModal } from '../../components/feedback-stores.ts';
import { SUBMIT_FAILURE } from './texts.ts';

/** A send that did not go through: the spec's warning modal (section 8). */
export function showSendFailure(failure: BffFailure): void {
  // The spec logs the error; the code is enough (the message may repeat what was typed).
  console.error('Error al enviar el formulario', failure.code);
  openStatusModal({ type: 'warning', ...SUBMIT_FAILURE });
}
