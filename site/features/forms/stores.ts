/**
 * The service forms' upload and its actions: each form posts a multipart body to the BFF
 * while the upload dialog shows how much has gone (`$upload`), can be cancelled until all of
 * it has gone, and ends in the status modal of section 8 (a cancel the person chose does not).
 * Only one form is on a page, so one upload at a time. Only types come from
 * shared/validation: the islands carry the schemas themselves. The islands reach this module
 * through `sending-parts.ts`: it loads when the person turns to the form, not with the page.
 */
import { atom } from 'nanostores';
import type { BffFailure } from '../../lib/bff-error.ts';
import { uploadToBff, type UploadProgress } from '#site/lib/bff-upload.ts';
import { openStatusModal } from '../../components/feedback-stores.ts';
import type { ServiceFormReceipt } from '#shared/views/service-forms.ts';
import { showSendFailure } from './send-failure.ts';
import { ETHICS_SUCCESS, PQR_SUCCESS, SPINNER_TEXTS } from './send-texts.ts';
import { isFullySent } from './upload-progress.ts';

export type SubmitResult =
  | { outcome: 'sent'; receipt: ServiceFormReceipt }
  | { outcome: 'failed'; failure: BffFailure }
  | { outcome: 'cancelled' };

/** A form's own fields (shared/validation/service-forms.ts), by their names; a checkbox as 'true'. */
export type FormFields = Readonly<Record<string, string | boolean>>;

export interface UploadState extends UploadProgress {
  /** The spec's spinner text of the form being sent. */
  title: string;
}

/** The upload under way, or null. */
export const $upload = atom<UploadState | null>(null);

let cancelling: AbortController | null = null;

/** Stops the upload under way, unless all of it has gone already (the form may then be registered). */
export function cancelUpload(): void {
  const upload = $upload.get();
  if (upload && !isFullySent(upload)) cancelling?.abort();
}

/** Text fields first, then the files: the BFF checks the fields before relaying any file. */
function multipartBody(fields: FormFields, files: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const file of files) body.append('attachments[]', file, file.name);
  return body;
}

async function upload(endpoint: ServiceFormEndpoint, title: string, body: FormData): Promise<SubmitResult> {
  const controller = new AbortController();
  cancelling = controller;
  $upload.set({ title, sent: 0, total: 0 });
  try {
    const answer = await uploadToBff(
      endpoint,
      { body },
      { signal: controller.signal, onProgress: (progress) => $upload.set({ title, ...progress }) },
    );
    if (answer.ok) return { outcome: 'sent', receipt: answer.data };
    return controller.signal.aborted ? { outcome: 'cancelled' } : { outcome: 'failed', failure: answer.failure };
  } finally {
    cancelling = null;
    $upload.set(null);
  }
}

type ServiceFormEndpoint = 'POST /forms/pqr' | 'POST /forms/ethics';

interface ServiceFormTarget {
  endpoint: ServiceFormEndpoint;
  title: string;
  success: { title: string; subtitle: string };
}

const PQR: ServiceFormTarget = { endpoint: 'POST /forms/pqr', title: SPINNER_TEXTS.pqr, success: PQR_SUCCESS };
const ETHICS: ServiceFormTarget = {
  endpoint: 'POST /forms/ethics',
  title: SPINNER_TEXTS.ethics,
  success: ETHICS_SUCCESS,
};

async function submit(
  target: ServiceFormTarget,
  fields: FormFields,
  files: readonly File[],
  onConfirmed: () => void,
): Promise<SubmitResult> {
  const result = await upload(target.endpoint, target.title, multipartBody(fields, files));
  if (result.outcome === 'sent') openStatusModal({ type: 'success', ...target.success, onAction: onConfirmed });
  if (result.outcome === 'failed') showSendFailure(result.failure);
  return result;
}

/**
 * Sends a PQR. On success the modal's button runs `onConfirmed` (the form resets then);
 * on failure the warning modal is shown and the failure returned (its field messages).
 */
export const submitPqr = (fields: FormFields, files: readonly File[], onConfirmed: () => void) =>
  submit(PQR, fields, files, onConfirmed);

/** Sends an ethics report; same contract as `submitPqr`. */
export const submitEthicsReport = (fields: FormFields, files: readonly File[], onConfirmed: () => void) =>
  submit(ETHICS, fields, files, onConfirmed);
