/**
 * Mounts a React component outside Astro's islands: for the parts few visitors use (the
 * account dialogs, the loading overlay and status modal, the club's membership purchase),
 * which load only when first needed, so content pages ship no React on load.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders into `into`, or into a new element at the end of the page. */
export function mountIsland<Props extends object>(
  Component: ComponentType<Props>,
  props: Props,
  into?: HTMLElement,
): void {
  let host = into;
  if (!host) {
    host = document.createElement('div');
    document.body.append(host);
  }
  createRoot(host).render(<Component {...props} />);
}
