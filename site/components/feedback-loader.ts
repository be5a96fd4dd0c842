/**
 * Loads the global feedback island (loading overlay and status modal, GlobalFeedback.tsx)
 * the first time an island or script writes its stores, instead of on every page load.
 */
import { $spinner, $statusModal } from './feedback-stores.ts';
import { loadOnce } from './load-once.ts';

const loadFeedback = loadOnce(() =>
  Promise.all([import('./GlobalFeedback.tsx'), import('./mount-island.tsx')]).then(([feedback, host]) =>
    host.mountIsland(feedback.default, {}),
  ),
);

/** Once per page (BaseLayout): the island mounts when the spinner or the modal is first shown. */
export function loadFeedbackWhenNeeded(): void {
  if ($spinner.get().visible || $statusModal.get()) {
    void loadFeedback();
    return;
  }
  const stops: Array<() => void> = [];
  const onWrite = () => {
    for (const stop of stops) stop();
    void loadFeedback();
  };
  stops.push($spinner.listen(onWrite), $statusModal.listen(onWrite));
}

/**
 * Mounts the island now, ahead of a modal that may have to open without a network (a form
 * whose upload fails because the phone lost its signal could not fetch the modal's code then).
 */
export function prepareFeedback(): void {
  void loadFeedback();
}
