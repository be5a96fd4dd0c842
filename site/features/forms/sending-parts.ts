/**
 * What a send needs that the form does not need before: the send itself (`stores.ts`, with
 * the upload), the upload dialog and the status modal. They load when the person turns to the
 * form (with its validation code), not on page load, and are ready before the send, so a send
 * that fails for want of a network can still say so.
 */
import { lazyPart } from '../../components/lazy-part.ts';
import { loadOnce } from '../../components/load-once.ts';
import { NETWORK_FAILURE } from '../../lib/bff-browser.ts';
import { showSendFailure } from './send-failure.ts';
import type { FormFields, SubmitResult } from './stores.ts';

export const UploadDialogPart = lazyPart(() => import('./UploadDialog.tsx').then((module) => module.UploadDialog));

const loadSubmission = loadOnce(() => import('./stores.ts'));

export function prepareSending(): void {
  UploadDialogPart.preload();
  loadSubmission().catch(() => undefined);
  // Imported here, not at the top: every page's own script has the loader already.
  import('../../components/feedback-loader.ts').then((loader) => loader.prepareFeedback()).catch(() => undefined);
}

type Submission = Awaited<ReturnType<typeof loadSubmission>>;
type Send = (fields: FormFields, files: readonly File[], onConfirmed: () => void) => Promise<SubmitResult>;

/** A send through `stores.ts`; when its code cannot be loaded (no network), a failed send, said as any other. */
const sendWith =
  (pick: (submission: Submission) => Send): Send =>
  async (fields, files, onConfirmed) => {
    let submission: Submission;
    try {
      submission = await loadSubmission();
    } catch {
      showSendFailure(NETWORK_FAILURE);
      return { outcome: 'failed', failure: NETWORK_FAILURE };
    }
    return pick(submission)(fields, files, onConfirmed);
  };

/** Sends a PQR (`submitPqr`). */
export const sendPqr = sendWith((submission) => submission.submitPqr);

/** Sends an ethics report (`submitEthicsReport`). */
export const sendEthicsReport = sendWith((submission) => submission.submitEthicsReport);
