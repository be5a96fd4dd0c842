import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadOnce } from './load-once.ts';

export interface LazyPart<P extends object> {
  /** For JSX inside a `<Suspense>`: the part, once its code has loaded. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the part's code ahead of need (the step before it opened); never throws. */
  preload: () => void;
  /**
   * `preload` once the browser is idle: what a click starts is painted first (a download and
   * its module evaluation do not delay the click's next frame).
   */
  preloadWhenIdle: () => void;
}

/**
 * A piece of an island whose code (and what only it imports) is a chunk of its own, loaded the
 * first time it renders or when `preload` is called, whichever comes first. A failed download
 * is tried again by the next render or preload.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const loaded = loadOnce(load);
  const preload = () => {
    loaded().catch(() => undefined);
  };
  return {
    Component: lazy(async () => ({ default: await loaded() })),
    preload,
    preloadWhenIdle: () => {
      if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 2000 });
      else setTimeout(preload, 200);
    },
  };
}
