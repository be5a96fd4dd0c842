import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { formatFileSize, formatNumber } from '../../lib/numbers.ts';
import { $upload, cancelUpload } from './stores.ts';
import { UPLOAD_TEXTS } from './send-texts.ts';
import { announcedStep, isFullySent, percentSent } from './upload-progress.ts';

const percentText = (percent: number): string => `${formatNumber(percent)}\u00a0%`;

/**
 * While a service form is being sent: the spec's spinner text, a bar with the percentage and
 * the megabytes gone, and 'Cancelar envío' until everything has gone. Screen readers hear
 * the title when it opens, then each step of 25 %, then that only the answer is missing.
 * Modal like the loading overlay it stands in for: the page stays inert and only the
 * button acts (Escape does not cancel by accident).
 */
export function UploadDialog() {
  const upload = useStore($upload);
  const progressId = useId();
  const waitingId = useId();
  const percent = upload ? percentSent(upload) : 0;
  const fullySent = upload ? isFullySent(upload) : false;
  const step = announcedStep(percent);
  const announcement = fullySent ? UPLOAD_TEXTS.waiting : step > 0 ? UPLOAD_TEXTS.step(percentText(step)) : '';

  return (
    <Modal open={upload !== null} dismissible={false} title={upload?.title} size="sm">
      {upload && (
        <div className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3">
            <span
              aria-hidden="true"
              className="size-6 shrink-0 animate-spin rounded-full border-3 border-line border-t-brand motion-reduce:animate-[spin_1.5s_linear_infinite]"
            />
            <label htmlFor={progressId} className="mr-auto text-sm text-muted">
              {UPLOAD_TEXTS.progressLabel}
            </label>
            <span className="text-2xl font-bold tabular-nums">{percentText(percent)}</span>
          </div>
          <progress
            id={progressId}
            max={100}
            value={percent}
            className="h-3 w-full appearance-none overflow-hidden rounded-full bg-surface-2 [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-2 [&::-webkit-progress-value]:bg-brand"
          />
          <p className="text-sm text-muted tabular-nums" id={waitingId}>
            {fullySent
              ? UPLOAD_TEXTS.waiting
              : upload.total > 0 && UPLOAD_TEXTS.sentOf(formatFileSize(upload.sent), formatFileSize(upload.total))}
          </p>
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <Button
            variant="secondary"
            onClick={cancelUpload}
            aria-disabled={fullySent}
            aria-describedby={fullySent ? waitingId : undefined}
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {UPLOAD_TEXTS.cancel}
          </Button>
        </div>
      )}
    </Modal>
  );
}
