/**
 * The service forms' actions: each posts a multipart body to the BFF under the loading
 * overlay and opens the status modal of section 8. No state is shared between the two
 * forms, so there is no store here, only the actions that change the global feedback.
 * Only types come from shared/validation: the islands carry the schemas themselves.
 */
import type { BffFailure } from '../../lib/bff-error.ts';
import { bffPost } from '../../lib/bff-browser.ts';
import { openStatusModal, withSpinner } from '../../components/feedback-stores.ts';
import type { ServiceFormReceipt } from '../../../shared/views/service-forms.ts';
import { ETHICS_SUCCESS, PQR_SUCCESS, SPINNER_TEXTS, SUBMIT_FAILURE } from './texts.ts';

export type SubmitResult = { ok: true; receipt: ServiceFormReceipt } | { ok: false; failure: BffFailure };

/** A form's own fields (shared/validation/service-forms.ts), by their names; a checkbox as 'true'. */
export type FormFields = Readonly<Record<string, string | boolean>>;

/** Text fields first, then the files: the BFF checks the fields before relaying any file. */
function multipartBody(fields: FormFields, files: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const file of files) body.append('attachments[]', file, file.name);
  return body;
}

async function postForm(path: string, body: FormData): Promise<SubmitResult> {
  const answer = await bffPost<ServiceFormReceipt>(path, body);
  return answer.ok ? { ok: true, receipt: answer.data } : { ok: false, failure: answer.failure };
}

function showFailure(failure: BffFailure): void {
  // The spec logs the error; the code is enough (the message may repeat what was typed).
  console.error('Error al enviar el formulario', failure.code);
  openStatusModal({ type: 'warning', ...SUBMIT_FAILURE });
}

/**
 * Sends a PQR. On success the modal's button runs `onConfirmed` (the form resets then);
 * on failure the warning modal is shown and the failure returned (its field messages).
 */
export async function submitPqr(
  fields: FormFields,
  files: readonly File[],
  onConfirmed: () => void,
): Promise<SubmitResult> {
  const result = await withSpinner(SPINNER_TEXTS.pqr, () => postForm('/forms/pqr', multipartBody(fields, files)));
  if (result.ok) openStatusModal({ type: 'success', ...PQR_SUCCESS, onAction: onConfirmed });
  else showFailure(result.failure);
  return result;
}

/** Sends an ethics report; same contract as `submitPqr`. */
export async function submitEthicsReport(
  fields: FormFields,
  files: readonly File[],
  onConfirmed: () => void,
): Promise<SubmitResult> {
  const result = await withSpinner(SPINNER_TEXTS.ethics, () => postForm('/forms/ethics', multipartBody(fields, files)));
  if (result.ok) openStatusModal({ type: 'success', ...ETHICS_SUCCESS, onAction: onConfirmed });
  else showFailure(result.failure);
  return result;
}
