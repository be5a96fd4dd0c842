/**
 * What a send needs that the form does not need before: the upload dialog and the status
 * modal. They load when the person turns to the form (with its validation code), not on page
 * load, and are ready before the send, so a send that fails for want of a network can still
 * say so.
 */
import { lazyPart } from '../../components/lazy-part.ts';

export const UploadDialogPart = lazyPart(() => import('./UploadDialog.tsx').then((module) => module.UploadDialog));

export function prepareSending(): void {
  UploadDialogPart.preload();
  // Imported here, not at the top: every page's own script has the loader already.
  import('../../components/feedback-loader.ts').then((loader) => loader.prepareFeedback()).catch(() => undefined);
}
