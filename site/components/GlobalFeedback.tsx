import { SpinnerOverlay } from './SpinnerOverlay.tsx';
import { StatusModal } from './StatusModal.tsx';

/** The island every page carries for the loading overlay and the status modal. */
export default function GlobalFeedback() {
  return (
    <>
      <SpinnerOverlay />
      <StatusModal />
    </>
  );
}
