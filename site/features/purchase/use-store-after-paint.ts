import { useMemo, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value, caught up after the browser has painted the change that moved it: what
 * follows a seat tap on screen (the bar under the map, its total) renders in a task of its own,
 * so the tap's frame paints the seat alone (issue 40). Several changes before that paint make
 * one render.
 */
export function useStoreAfterPaint<T>(store: ReadableAtom<T>): T {
  const copy = useMemo(() => laggingCopy(store), [store]);
  return useSyncExternalStore(copy.subscribe, copy.get, copy.get);
}

function laggingCopy<T>(store: ReadableAtom<T>) {
  let value = store.get();
  return {
    get: () => value,
    subscribe(notify: () => void): () => void {
      let frame = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const catchUp = () => {
        timer = undefined;
        value = store.get();
        notify();
      };
      const unlisten = store.listen(() => {
        if (frame !== 0 || timer !== undefined) return;
        // The frame is painted between the animation frame and the task it schedules.
        frame = requestAnimationFrame(() => {
          frame = 0;
          timer = setTimeout(catchUp, 0);
        });
      });
      // A change between the render and this subscription: React reads the snapshot again.
      value = store.get();
      return () => {
        unlisten();
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    },
  };
}
